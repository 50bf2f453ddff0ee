import Foundation

/// The time as reducers and effects see it, injected through the environment so tests control it.
public struct ClockClient: Sendable {
    /// The current wall-clock time.
    public var now: @Sendable () -> Date
    /// Suspends the calling effect for a duration; throws `CancellationError` when cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date,
                sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }
    // The system's clock is the live layer's (`ClockClient.dispatch`, LiveClients): AppCore reads
    // no clock of its own (docs/architecture.md, "Rules").
}
