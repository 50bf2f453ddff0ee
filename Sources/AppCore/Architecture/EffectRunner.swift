import Locking

/// Runs effects as tasks off the UI thread, queues the actions they send and counts those running.
///
/// Thread-safe: effects call `Send` from any thread; the UI thread takes the queued actions
/// (`takeQueued()`) after `wake` tells it there is something to do (the main loop's pipe).
public final class EffectRunner<Action: Sendable>: Sendable {
    private struct Running {
        var task: Task<Void, Never>?
        var id: EffectID?
        var cancelled = false
    }

    private struct State {
        var nextToken: UInt64 = 0
        var running: [UInt64: Running] = [:]
        var queue: [Action] = []
        var wake: @Sendable () -> Void
    }

    private let state: Locked<State>
    private let onError: @Sendable (any Error) -> Void

    /// `wake` is called (from any thread) after an action is queued or an effect ends;
    /// `onError` receives what an effect throws, cancellation aside.
    public init(wake: @escaping @Sendable () -> Void = {},
                onError: @escaping @Sendable (any Error) -> Void = { _ in }) {
        state = Locked(State(wake: wake))
        self.onError = onError
    }

    /// Replaces the wake-up callback (the main loop installs its pipe when it starts).
    public func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// Effects started and not yet ended (cancelled ones count until their task returns).
    public var runningCount: Int { state.withLock { $0.running.count } }

    /// Effects running that nobody cancelled.
    public var activeCount: Int { state.withLock { $0.running.values.filter { !$0.cancelled }.count } }

    /// Actions sent by effects and not yet taken.
    public var queuedCount: Int { state.withLock { $0.queue.count } }

    /// Nothing running and nothing queued: what tests and end-to-end drivers wait for.
    public var isIdle: Bool { state.withLock { $0.running.isEmpty && $0.queue.isEmpty } }

    /// Takes every action queued so far, oldest first.
    public func takeQueued() -> [Action] {
        state.withLock { s in
            defer { s.queue.removeAll(keepingCapacity: true) }
            return s.queue
        }
    }

    /// Starts the runs and cancellations of `effect`; answers its `.send` actions, in order, for
    /// the caller to reduce at once.
    public func start(_ effect: Effect<Action>) -> [Action] {
        var immediate: [Action] = []
        start(effect, into: &immediate)
        return immediate
    }

    /// Cancels every running effect (the app is quitting).
    public func cancelAll() {
        let tasks = state.withLock { s -> [Task<Void, Never>] in
            for token in s.running.keys { s.running[token]?.cancelled = true }
            // A loop over the values (the quit's cost is the start guard's, docs/startup.md).
            var tasks: [Task<Void, Never>] = []
            for entry in s.running.values {
                if let task = entry.task { tasks.append(task) }
            }
            return tasks
        }
        tasks.forEach { $0.cancel() }
    }

    private func start(_ effect: Effect<Action>, into immediate: inout [Action]) {
        switch effect.kind {
        case .none:
            break
        case .send(let action):
            immediate.append(action)
        case .cancel(let id):
            cancel(id: id)
        case .merge(let effects):
            for child in effects { start(child, into: &immediate) }
        case .run(let run):
            launch(run)
        }
    }

    private func cancel(id: EffectID) {
        let tasks = state.withLock { s in Self.markCancelled(id: id, in: &s) }
        tasks.forEach { $0.cancel() }
    }

    private static func markCancelled(id: EffectID, in s: inout State) -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        for (token, running) in s.running where running.id == id && !running.cancelled {
            s.running[token]?.cancelled = true
            if let task = running.task { tasks.append(task) }
        }
        return tasks
    }

    private func launch(_ run: Effect<Action>.Run) {
        let (token, superseded) = state.withLock { s -> (UInt64, [Task<Void, Never>]) in
            var superseded: [Task<Void, Never>] = []
            if run.cancelInFlight, let id = run.id { superseded = Self.markCancelled(id: id, in: &s) }
            s.nextToken += 1
            s.running[s.nextToken] = Running(id: run.id)
            return (s.nextToken, superseded)
        }
        superseded.forEach { $0.cancel() }

        let send = Send<Action> { [self] action in deliver(action, from: token) }
        let operation = run.operation
        let onError = self.onError
        let body: @Sendable () async -> Void = { [self] in
            do {
                try await operation(send)
            } catch is CancellationError {
            } catch {
                if !Task.isCancelled { onError(error) }
            }
            finish(token)
        }
        let task = run.startsHere ? Task.immediate(operation: body) : Task.detached(operation: body)
        // The task may already have ended, or been cancelled before it had a handle.
        let cancelNow = state.withLock { s -> Bool in
            guard s.running[token] != nil else { return false }
            s.running[token]?.task = task
            return s.running[token]?.cancelled ?? false
        }
        if cancelNow { task.cancel() }
    }

    private func deliver(_ action: Action, from token: UInt64) {
        let wake = state.withLock { s -> (@Sendable () -> Void)? in
            guard let running = s.running[token], !running.cancelled else { return nil }
            s.queue.append(action)
            return s.wake
        }
        wake?()
    }

    private func finish(_ token: UInt64) {
        let wake = state.withLock { s in
            s.running[token] = nil
            return s.wake
        }
        wake()
    }
}
