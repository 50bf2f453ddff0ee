import Foundation

/// A cancellation signal shared between the engine and a request in flight (the HTTP layer
/// registers a handler that aborts its transfer). Fires once; late handlers run at once.
public final class OutboxCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [@Sendable () -> Void] = []

    public init() {}

    /// Whether it fired.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Runs `handler` when it fires (at once if it already did).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        if cancelled {
            lock.unlock()
            handler()
            return
        }
        handlers.append(handler)
        lock.unlock()
    }

    /// Fires: every handler runs once, on this thread.
    public func cancel() {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            return
        }
        cancelled = true
        let toRun = handlers
        handlers.removeAll()
        lock.unlock()
        for handler in toRun { handler() }
    }
}

/// The cancellation of each live generation, reachable synchronously from the store's
/// "generations ended" callback.
final class GenerationCancellations: @unchecked Sendable {
    private let lock = NSLock()
    private var byGeneration: [String: OutboxCancellation] = [:]

    func cancellation(for generation: String) -> OutboxCancellation {
        lock.lock()
        defer { lock.unlock() }
        if let existing = byGeneration[generation] { return existing }
        let new = OutboxCancellation()
        byGeneration[generation] = new
        return new
    }

    func cancel(_ generations: [String]) {
        lock.lock()
        let found = generations.compactMap { byGeneration.removeValue(forKey: $0) }
        lock.unlock()
        for cancellation in found { cancellation.cancel() }
    }
}
