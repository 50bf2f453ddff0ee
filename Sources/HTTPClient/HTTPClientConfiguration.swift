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
    /// The environment the client reads (injected so tests can set it):
    /// - `GUESTCRAFT_ALLOW_HTTP=1`: plain http to any host (otherwise loopback only).
    /// - `GUESTCRAFT_CA_BUNDLE=<PEM file>`: adds that file's CAs to the system's. libcurl gets
    ///   `CAINFO` = the file and `CAPATH` = /etc/ssl/certs; OpenSSL then trusts both the file and the
    ///   hashed system directory (Debian's ca-certificates keeps it), so public certificates still
    ///   verify. Unset, libcurl's default bundle (/etc/ssl/certs/ca-certificates.crt) is used.
    ///   Verification itself is never turned off.
    /// - `https_proxy`/`HTTPS_PROXY`, `http_proxy`, `all_proxy`/`ALL_PROXY`, `no_proxy`/`NO_PROXY`
    ///   with libcurl's meanings; loopback hosts never go through a proxy. The process environment
    ///   is not read by libcurl itself.
    public var environment: [String: String]
    /// A CA file added to the system's, from the system configuration file's `ca_bundle`
    /// (/etc/guestcraft/guestcraft.conf); `GUESTCRAFT_CA_BUNDLE`, when set, wins over it.
    public var caBundle: String?
    public var userAgent: String

    public init(connectTimeout: Duration = .seconds(10),
                totalTimeout: Duration = .seconds(30),
                lowSpeedLimit: Int = 100,
                lowSpeedTime: Duration = .seconds(15),
                maxResponseBodyBytes: Int = 16 << 20,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                caBundle: String? = nil,
                userAgent: String = "GuestCraftTerminal") {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTime = lowSpeedTime
        self.maxResponseBodyBytes = maxResponseBodyBytes
        self.environment = environment
        self.caBundle = caBundle
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
