import Foundation

/// The engine's clock, sleep and randomness (injected in tests), and its retry limits.
public struct OutboxTiming: Sendable {
    /// The current time (timestamps in the outbox, Retry-After deadlines).
    public var now: @Sendable () -> Date
    /// Waits; throws when cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A number in 0..<1 for jitter.
    public var jitter: @Sendable () -> Double
    /// The first retry's delay before jitter; each later one doubles it.
    public var backoffBase: Duration
    /// The longest delay before jitter.
    public var backoffCap: Duration
    /// The longest Retry-After honoured (a larger one waits this long).
    public var retryAfterCap: Duration

    public init(now: @escaping @Sendable () -> Date = { Date() },
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                backoffBase: Duration = .seconds(2), backoffCap: Duration = .seconds(300),
                retryAfterCap: Duration = .seconds(900)) {
        self.now = now
        self.sleep = sleep
        self.jitter = jitter
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.retryAfterCap = retryAfterCap
    }

    /// The real clock.
    public static let live = OutboxTiming()

    /// The delay before retry number `failures` (1-based): base · 2^(failures-1), capped, then
    /// "equal jitter" (between half and all of it), and never shorter than a capped `retryAfter`.
    func retryDelay(failures: Int, retryAfter: Duration?) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        var delay = backoffBase * (1 << exponent)
        if delay > backoffCap { delay = backoffCap }
        let fraction = min(max(jitter(), 0), 1)
        delay = delay / 2 + (delay / 2) * fraction
        if let retryAfter {
            let honoured = min(max(retryAfter, .zero), retryAfterCap)
            if delay < honoured { delay = honoured }
        }
        return delay
    }
}
