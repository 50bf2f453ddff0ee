extension Duration {
    /// The whole duration in nanoseconds (saturating far beyond any wait of the app), for the
    /// timers and waits that take a count (dispatch, `usleep`).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
            ? .max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
