/// The name of a running effect, so a later action can cancel it (`.cancel(id: "today.refresh")`).
public struct EffectID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// Work a reducer asks the store to do off the UI thread; what it finds comes back as actions.
///
/// An effect is a value: `.none`, `.run { send in … }` (async work that calls `send`), `.send`
/// (an action delivered right after the reducer returns, the way a child tells its parent),
/// `.cancel(id:)` and `.merge`. Reducers stay pure: all I/O lives inside `.run` closures, reached
/// through the clients of the reducer's environment.
public struct Effect<Action: Sendable>: Sendable {
    /// One async operation: `send` delivers actions while it runs; `id` lets it be cancelled.
    public struct Run: Sendable {
        public var id: EffectID?
        public var cancelInFlight: Bool
        /// Begins on the thread that starts it (the UI thread) and leaves it at its first
        /// suspension (`Effect.runStartingHere`).
        public var startsHere = false
        public var operation: @Sendable (Send<Action>) async throws -> Void
    }

    enum Kind: Sendable {
        case none
        case send(Action)
        case run(Run)
        case cancel(EffectID)
        case merge([Effect<Action>])
    }

    let kind: Kind

    /// Nothing to do.
    public static var none: Effect { Effect(kind: .none) }

    /// Like `run`, but `operation` begins at once on the thread that starts it — the UI thread —
    /// and goes on another at its first suspension (`Task.immediate`): for work whose first step
    /// is answered from memory (a read ahead's), so that its answer needs no hop to another thread
    /// and back (docs/startup.md). The operation must suspend (`await Task.yield()`) before anything that
    /// blocks.
    public static func runStartingHere(
        id: EffectID? = nil,
        cancelInFlight: Bool = false,
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void
    ) -> Effect {
        var run = Run(id: id, cancelInFlight: cancelInFlight, operation: operation)
        run.startsHere = true
        return Effect(kind: .run(run))
    }

    /// Delivers `action` to the store as soon as the current reducer returns (no task, no thread).
    public static func send(_ action: Action) -> Effect { Effect(kind: .send(action)) }

    /// Runs `operation` as a task off the UI thread. With an `id`, `.cancel(id:)` stops it; with
    /// `cancelInFlight`, starting it first cancels the one still running under the same id.
    /// A thrown error other than cancellation goes to the store's error handler (the log).
    public static func run(
        id: EffectID? = nil,
        cancelInFlight: Bool = false,
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void
    ) -> Effect {
        Effect(kind: .run(Run(id: id, cancelInFlight: cancelInFlight, operation: operation)))
    }

    /// Cancels every running effect started with `id`; actions they send afterwards are dropped.
    public static func cancel(id: EffectID) -> Effect { Effect(kind: .cancel(id)) }

    /// Several effects at once.
    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

    /// Several effects at once.
    public static func merge(_ effects: [Effect]) -> Effect {
        let kept = effects.filter { if case .none = $0.kind { return false } else { return true } }
        switch kept.count {
        case 0: return .none
        case 1: return kept[0]
        default: return Effect(kind: .merge(kept))
        }
    }

    /// This effect merged with `other`.
    public func merge(with other: Effect) -> Effect { .merge(self, other) }

    /// Gives every `.run` of this effect the id `id`, so it can be cancelled.
    public func cancellable(id: EffectID, cancelInFlight: Bool = false) -> Effect {
        switch kind {
        case .none, .send, .cancel: return self
        case .run(var run):
            run.id = id
            run.cancelInFlight = cancelInFlight
            return Effect(kind: .run(run))
        case .merge(let effects):
            return .merge(effects.map { $0.cancellable(id: id, cancelInFlight: cancelInFlight) })
        }
    }

    /// The same work, its actions wrapped by `transform` (a child's effect lifted into its parent).
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        switch kind {
        case .none: return .none
        case .send(let action): return .send(transform(action))
        case .cancel(let id): return .cancel(id: id)
        case .merge(let effects): return .merge(effects.map { $0.map(transform) })
        case .run(let run):
            let operation = run.operation
            var mapped = Effect<Parent>.Run(id: run.id, cancelInFlight: run.cancelInFlight) { send in
                try await operation(Send { action in send(transform(action)) })
            }
            mapped.startsHere = run.startsHere
            return Effect<Parent>(kind: .run(mapped))
        }
    }
}

/// What an effect calls to hand an action back to the store; safe from any thread.
public struct Send<Action: Sendable>: Sendable {
    let deliver: @Sendable (Action) -> Void

    /// Wraps a delivery function (tests and `Effect.map` build their own).
    public init(_ deliver: @escaping @Sendable (Action) -> Void) {
        self.deliver = deliver
    }

    /// Queues `action` for the UI thread and wakes it. Dropped once the effect is cancelled or over.
    public func callAsFunction(_ action: Action) {
        deliver(action)
    }
}
