import Foundation

/// Values a callback or a background task hands over (the outbox's rounds, the partitions whose
/// session ended), kept in order for the test to read.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    public init() {}

    public func append(_ value: Value) { lock.withLock { values.append(value) } }

    /// Everything recorded so far, in order.
    public var all: [Value] { lock.withLock { values } }

    /// The oldest value not taken yet, if any.
    public func takeFirst() -> Value? { lock.withLock { values.isEmpty ? nil : values.removeFirst() } }

    /// Forgets everything recorded so far.
    public func removeAll() { lock.withLock { values.removeAll() } }
}
