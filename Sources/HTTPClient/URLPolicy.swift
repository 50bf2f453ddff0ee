import Foundation
import GuestCraftAPI

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

    /// 127.0.0.0/8 and ::1 as literals (brackets allowed), and `localhost` (`LoopbackHost`).
    public static func isLoopbackHost(_ host: String) -> Bool { LoopbackHost.contains(host) }
}
