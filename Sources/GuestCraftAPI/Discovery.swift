import Foundation

/// The discovery document (`instance.discovery`, `instance.get`): who the instance is and how to sign in.
public struct InstanceDescription: Codable, Sendable, Equatable {
    public var name: String
    /// Absolute, e.g. `https://hotel.example.com/api/v1`.
    public var apiBaseURL: String
    public var serverVersion: String
    public var apiRevision: String
    /// The oldest app version (semantic version) this instance serves.
    public var minAppVersion: String
    public var capabilities: [Capability]
    public var auth: AuthDescription

    enum CodingKeys: String, CodingKey {
        case name, capabilities, auth
        case apiBaseURL = "api_base_url"
        case serverVersion = "server_version"
        case apiRevision = "api_revision"
        case minAppVersion = "min_app_version"
    }

    public init(name: String, apiBaseURL: String, serverVersion: String, apiRevision: String, minAppVersion: String,
                capabilities: [Capability], auth: AuthDescription) {
        self.name = name
        self.apiBaseURL = apiBaseURL
        self.serverVersion = serverVersion
        self.apiRevision = apiRevision
        self.minAppVersion = minAppVersion
        self.capabilities = capabilities
        self.auth = auth
    }

    public func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }
}

/// How a device signs in to the instance: methods, the browser and token URLs, redirects, pairing.
public struct AuthDescription: Codable, Sendable, Equatable {
    /// Sign-in methods of the instance's page (`password`).
    public var methods: [String]
    /// Absolute URL of the browser sign-in page (`<origin>/mobile/authorize`).
    public var authorizeURL: String
    /// Absolute URL of `device_sessions.create` (`<origin>/api/v1/device_sessions`).
    public var tokenURL: String
    /// Whether `http://127.0.0.1:<port>/callback` redirects are accepted (RFC 8252 §7.3).
    public var loopbackRedirects: Bool
    /// Custom URL schemes accepted as redirects.
    public var redirectSchemes: [String]
    /// `<origin>/mobile/pair`; a pairing link is this followed by `#gcp_…`.
    public var pairingURLPrefix: String

    enum CodingKeys: String, CodingKey {
        case methods
        case authorizeURL = "authorize_url"
        case tokenURL = "token_url"
        case loopbackRedirects = "loopback_redirects"
        case redirectSchemes = "redirect_schemes"
        case pairingURLPrefix = "pairing_url_prefix"
    }

    public init(methods: [String], authorizeURL: String, tokenURL: String, loopbackRedirects: Bool,
                redirectSchemes: [String], pairingURLPrefix: String) {
        self.methods = methods
        self.authorizeURL = authorizeURL
        self.tokenURL = tokenURL
        self.loopbackRedirects = loopbackRedirects
        self.redirectSchemes = redirectSchemes
        self.pairingURLPrefix = pairingURLPrefix
    }
}
