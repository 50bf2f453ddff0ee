import AppCore

extension ManualClock {
    /// The clock as the app core's environment takes it.
    public var client: ClockClient {
        ClockClient(now: { [self] in now }, sleep: { [self] duration in try await sleep(for: duration) })
    }
}
