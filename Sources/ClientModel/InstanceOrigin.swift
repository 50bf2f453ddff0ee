import Foundation
import GuestCraftAPI

/// An instance's origin (scheme, host, port): what a device session is bound to and the only
/// place its token is sent.
public struct InstanceOrigin: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `https` or `http`, lowercased.
    public let scheme: String
    /// Lowercased host; an IPv6 literal without brackets.
    public let host: String
    /// The port, nil when it is the scheme's default (443, 80).
    public let port: Int?

    /// Builds an origin; a default port is dropped so `https://a:443` equals `https://a`.
    public init?(scheme: String, host: String, port: Int?) {
        let scheme = scheme.lowercased()
        guard scheme == "https" || scheme == "http" else { return nil }
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@"), !host.contains("?"), !host.contains("#"),
              !host.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }) else { return nil }
        if let port, !(1...65535).contains(port) { return nil }
        self.scheme = scheme
        self.host = host
        let defaultPort = scheme == "https" ? 443 : 80
        self.port = port == defaultPort ? nil : port
        // An origin is kept and sent as its text (credentials.json, every URL): one whose text reads
        // back as another origin, or as none, is refused (a bracketed host without a colon is written
        // without brackets, which URLComponents does not read as that host).
        guard let back = URLComponents(string: string), back.scheme?.lowercased() == self.scheme,
              Self.unbracketed(back.host?.lowercased()) == self.host, back.port == self.port else { return nil }
    }

    private static func unbracketed(_ host: String?) -> String? {
        guard let host, host.hasPrefix("["), host.hasSuffix("]") else { return host }
        return String(host.dropFirst().dropLast())
    }

    /// The origin of an absolute URL; nil when it has no http(s) scheme or host.
    public init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        self.init(components: components)
    }

    /// The origin of an absolute URL given as text.
    public init?(string: String) {
        guard let components = URLComponents(string: string) else { return nil }
        self.init(components: components)
    }

    init?(components: URLComponents) {
        guard let scheme = components.scheme, let host = components.host else { return nil }
        self.init(scheme: scheme, host: host, port: components.port)
    }

    /// `https://hotel.example.com` or `http://127.0.0.1:8080`, without a trailing slash.
    public var string: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart)" + (port.map { ":\($0)" } ?? "")
    }

    /// The host and port as people read them (`hotel.example.com`, `127.0.0.1:8080`).
    public var displayHost: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return hostPart + (port.map { ":\($0)" } ?? "")
    }

    public var description: String { string }

    /// Whether this is a loopback address (127.0.0.0/8, ::1, localhost).
    public var isLoopback: Bool { LoopbackHost.contains(host) }

    /// The absolute URL of `pathAndQuery` (which starts with `/`) at this origin.
    public func url(_ pathAndQuery: String) -> URL? {
        guard pathAndQuery.hasPrefix("/"), !pathAndQuery.hasPrefix("//") else { return nil }
        return URL(string: string + pathAndQuery)
    }

    /// Whether the app may talk to this origin: https, or http to loopback or with
    /// `GUESTCRAFT_ALLOW_HTTP=1` (development).
    public func isAllowed(environment: [String: String]) -> Bool {
        scheme == "https" || isLoopback || environment["GUESTCRAFT_ALLOW_HTTP"] == "1"
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let origin = InstanceOrigin(string: text), origin.string == text else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an origin: \(text)"))
        }
        self = origin
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}

/// What a person typed in Connect (`hotel.example.com`), made into the instance's origin.
public enum InstanceAddress {
    /// Why a typed address is not one the app can use.
    public enum Problem: Error, Sendable, Equatable {
        /// Empty, unparseable, another scheme, user info, or a bad port.
        case invalid
        /// Plain http to a host that is not loopback, without `GUESTCRAFT_ALLOW_HTTP=1`.
        case notHTTPS
    }

    /// `hotel.example.com` → `https://hotel.example.com`. A scheme may be typed; a path, query
    /// or fragment is dropped (an instance is its origin); credentials in the address are refused.
    public static func normalize(_ text: String,
                                 environment: [String: String]) -> Result<InstanceOrigin, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return .failure(.invalid) }
        let withScheme: String
        if let range = trimmed.range(of: "://") {
            let scheme = trimmed[..<range.lowerBound].lowercased()
            guard scheme == "https" || scheme == "http" else { return .failure(.invalid) }
            withScheme = trimmed
        } else {
            withScheme = "https://" + trimmed
        }
        guard let components = URLComponents(string: withScheme),
              components.user == nil, components.password == nil,
              let host = components.host, !host.isEmpty,
              let origin = InstanceOrigin(components: components) else { return .failure(.invalid) }
        guard origin.isAllowed(environment: environment) else { return .failure(.notHTTPS) }
        return .success(origin)
    }
}
