import Foundation

extension HTTPClient {
    /// Throws unless the client may send to `url`: https with a host, or http to a loopback host
    /// (127.0.0.0/8, ::1, localhost) or with `GUESTCRAFT_ALLOW_HTTP=1` in `environment`.
    /// URLs with credentials in them are refused.
    public static func checkURL(_ url: URL, environment: [String: String]) throws(HTTPClientError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased() else {
            throw .invalidURL
        }
        guard scheme == "https" || scheme == "http" else { throw .insecureScheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL }
        guard components.user == nil, components.password == nil else { throw .invalidURL }
        if scheme == "http" && !isLoopbackHost(host) && environment["GUESTCRAFT_ALLOW_HTTP"] != "1" {
            throw .insecureScheme(scheme)
        }
    }

    /// Whether `checkURL` accepts `url`.
    public static func isAllowed(_ url: URL, environment: [String: String]) -> Bool {
        do {
            try checkURL(url, environment: environment)
            return true
        } catch {
            return false
        }
    }

    /// 127.0.0.0/8 and ::1 as literals (brackets allowed), and `localhost`.
    public static func isLoopbackHost(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name = String(name.dropLast()) }
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in
                bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            }
        }
        return false
    }
}
