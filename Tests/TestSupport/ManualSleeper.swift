import Foundation

/// A sleep the test releases by hand (the outbox's `OutboxTiming.sleep`); it records every delay
/// asked for.
public final class ManualSleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: CheckedContinuation<Void, Error>] = [:]
    private var cancelledEarly: Set<Int> = []
    private var nextID = 0
    private var asked: [Duration] = []

    public init() {}

    public var delays: [Duration] { lock.withLock { asked } }
    public var pending: Int { lock.withLock { waiting.count } }

    public func sleep(_ duration: Duration) async throws {
        let id: Int = lock.withLock {
            nextID += 1
            asked.append(duration)
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let resumeNow: Bool = lock.withLock {
                    if cancelledEarly.remove(id) != nil { return true }
                    waiting[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, Error>? = lock.withLock {
                if let c = waiting.removeValue(forKey: id) { return c }
                cancelledEarly.insert(id)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Ends every sleep now waiting; answers how many.
    @discardableResult
    public func wakeAll() -> Int {
        let all: [CheckedContinuation<Void, Error>] = lock.withLock {
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for continuation in all { continuation.resume() }
        return all.count
    }
}
