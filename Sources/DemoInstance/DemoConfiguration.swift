import Foundation
import GuestCraftAPI
import HTTPServer

/// How a demo instance runs: where it listens and keeps its data, which hotel it generates, what it declares.
public struct DemoConfiguration: Sendable {
    /// PEM texts of a certificate chain and its key, to serve HTTPS (the server's own type).
    public typealias TLS = HTTPServerConfiguration.TLS

    /// IPv4 address to bind (`127.0.0.1`).
    public var host: String
    /// Port to bind; 0 picks a free one.
    public var port: UInt16
    /// Where the database and `admin-key` live; nil makes a temporary directory that `stop()` deletes.
    public var dataDirectory: URL?
    /// Rooms of Garden Court, the generated property (1…5,000). Harbour View is always the small hotel of docs/api.md.
    public var rooms: Int
    /// Seed of the generated data (Garden Court's guests, stays, statuses).
    public var seed: UInt64
    /// Small extra properties ("Demo Inn 001", …), to page the property list.
    public var extraProperties: Int
    /// The business date every property starts on; only the night audit advances it. Nil: the date at the properties
    /// (their time zone, `Europe/Berlin`, not this machine's) by `clock` when the hotel is made, so the demo looks like
    /// a working morning on any day (`guestcraft --demo`, `guestcraft-demo serve` without `--business-date`).
    public var businessDate: BusinessDate?
    /// Capabilities declared in discovery; operations of the others answer 404.
    public var capabilities: [Capability]
    /// The oldest app version served (discovery's `min_app_version`).
    public var minAppVersion: String
    public var tls: TLS?
    /// The public address (`https://hotel.example.com:8443`) of an instance behind a reverse proxy that terminates TLS:
    /// every address the instance gives out (discovery, pairing links) is on it, whatever address or Host a request came
    /// with. An origin only: scheme, host and port (`guestcraft-demo serve --base-url`, `GUESTCRAFT_BASE_URL`). Nil:
    /// the origin each request reached (its Host header), as without a proxy.
    public var baseURL: String?
    /// The instance's clock: every instant it writes comes from it, so tests can fix it.
    public var clock: DemoClock
    /// Failed `device_sessions.create` attempts an address may make in a minute before 429.
    public var failedGrantsPerMinute: Int
    /// Most connections served at once (one thread each).
    public var connectionLimit: Int
    /// Where the instance says what went wrong inside it (never a secret); standard error by default. An app that
    /// owns the terminal passes its own log.
    public var log: @Sendable (String) -> Void

    public init(host: String = "127.0.0.1", port: UInt16 = 0, dataDirectory: URL? = nil, rooms: Int = 120,
                seed: UInt64 = 1, extraProperties: Int = 0,
                businessDate: BusinessDate? = DemoConfiguration.defaultBusinessDate,
                capabilities: [Capability] = Capability.all, minAppVersion: String = "0.1.0", tls: TLS? = nil,
                baseURL: String? = nil, clock: DemoClock = DemoClock(), failedGrantsPerMinute: Int = 20, connectionLimit: Int = 256,
                log: @escaping @Sendable (String) -> Void = DemoConfiguration.standardError) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.rooms = rooms
        self.seed = seed
        self.extraProperties = extraProperties
        self.businessDate = businessDate
        self.capabilities = capabilities
        self.minAppVersion = minAppVersion
        self.tls = tls
        self.baseURL = baseURL
        self.clock = clock
        self.failedGrantsPerMinute = failedGrantsPerMinute
        self.connectionLimit = connectionLimit
        self.log = log
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("guestcraft-demo: \(line)\n".utf8))
    }

    /// 2026-11-02, the business date of docs/api.md's examples.
    public static let defaultBusinessDate = BusinessDate(year: 2026, month: 11, day: 2)!

    /// The time zone of every demo property.
    public static let propertyTimeZone = "Europe/Berlin"

    /// The date at the demo's properties at `instant` (in their time zone, not this machine's).
    public static func dateAtProperties(_ instant: Instant) -> BusinessDate {
        BusinessDate.on(instant.date, in: TimeZone(identifier: propertyTimeZone) ?? .gmt)
    }

    /// The business date a new hotel is made on: the fixed one, else today at the properties by the clock.
    public var startingBusinessDate: BusinessDate { businessDate ?? Self.dateAtProperties(clock.now) }

    /// The most rooms a generated property may have.
    public static let maximumRooms = 5_000

    /// Why the configuration cannot run, or nil.
    func problem() -> String? {
        if !(1...Self.maximumRooms).contains(rooms) { return "rooms must be 1…\(Self.maximumRooms), not \(rooms)" }
        if !(0...1_000).contains(extraProperties) { return "extra properties must be 0…1000" }
        if minAppVersion.isEmpty { return "min app version is empty" }
        if let baseURL, Self.publicOrigin(baseURL) == nil {
            return "the base URL must be an http or https origin (https://host[:port]), not \(baseURL)"
        }
        return nil
    }

    /// The origin of a base URL (`https://Hotel.example:443/` → `https://hotel.example`), nil when it is not one: another
    /// scheme, no host, a path, query, fragment or user info, a port out of range, spaces or control characters.
    public static func publicOrigin(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }),
              let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", var host = components.host?.lowercased(), !host.isEmpty,
              components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
              ["", "/"].contains(components.percentEncodedPath) else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.contains(where: { "/@?#[]".contains($0) }) else { return nil }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        guard let port = components.port else { return "\(scheme)://\(hostPart)" }
        guard (1...65_535).contains(port) else { return nil }
        return port == (scheme == "https" ? 443 : 80) ? "\(scheme)://\(hostPart)" : "\(scheme)://\(hostPart):\(port)"
    }
}
