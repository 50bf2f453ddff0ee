import Foundation

/// Timeouts, limits and the environment one client works with.
public struct HTTPClientConfiguration: Sendable {
    /// Longest time to open a connection (TCP and TLS).
    public var connectTimeout: Duration
    /// Longest time for a whole request, answer included.
    public var totalTimeout: Duration
    /// A transfer slower than this many bytes per second over `lowSpeedTime` ends as stalled
    /// (0 turns the check off).
    public var lowSpeedLimit: Int
    public var lowSpeedTime: Duration
    /// Largest answer body, counted after decoding.
    public var maxResponseBodyBytes: Int
    /// The environment read for `GUESTCRAFT_ALLOW_HTTP`, `GUESTCRAFT_CA_BUNDLE` and proxies.
    public var environment: [String: String]
    public var userAgent: String

    public init(connectTimeout: Duration = .seconds(10),
                totalTimeout: Duration = .seconds(30),
                lowSpeedLimit: Int = 100,
                lowSpeedTime: Duration = .seconds(15),
                maxResponseBodyBytes: Int = 16 << 20,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                userAgent: String = "GuestCraftTerminal") {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTime = lowSpeedTime
        self.maxResponseBodyBytes = maxResponseBodyBytes
        self.environment = environment
        self.userAgent = userAgent
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if ms == 0 && self > .zero { return 1 }
        return Int(clamping: ms)
    }
}
