import Foundation

/// A value reached only under a lock: `Synchronization.Mutex`'s shape (`withLock`) over a pthread
/// mutex (`NSLock`).
///
/// Why not `Mutex`: on Linux a contended `Mutex` is handed from thread to thread by the kernel
/// (`FUTEX_LOCK_PI`), where ThreadSanitizer cannot see the hand-over, so every state a contended
/// `Mutex` guards is reported as raced and `make test-tsan` can say nothing about our own code.
/// ThreadSanitizer intercepts the pthread mutex. An uncontended lock costs the same either way.
/// (Not for signal handlers: neither lock is async-signal-safe; `SignalRelay` keeps its `Mutex`,
/// taken only outside them.)
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; nothing of the value escapes but what it returns.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
