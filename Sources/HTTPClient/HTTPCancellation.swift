import Locking

/// A token that aborts every request sent with it, in flight or later; cancelling is final.
public final class HTTPCancellation: Sendable {
    private struct State {
        var cancelled = false
        var nextID = 0
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Locked(State())

    public init() {}

    public var isCancelled: Bool {
        state.withLock { $0.cancelled }
    }

    /// Aborts every request using this token; later requests with it fail at once.
    public func cancel() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            let handlers = Array(state.handlers.values)
            state.handlers.removeAll()
            return handlers
        }
        for handler in handlers { handler() }
    }

    /// Registers `handler` for a cancel; nil (and nothing registered) when already cancelled.
    func register(_ handler: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
    }

    func unregister(_ id: Int) {
        _ = state.withLock { $0.handlers.removeValue(forKey: id) }
    }
}
