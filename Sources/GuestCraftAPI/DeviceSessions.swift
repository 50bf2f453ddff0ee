import Foundation

/// A person as the instance names them.
public struct User: Codable, Sendable, Equatable, Hashable {
    public var id: UserID
    public var name: String
    public var email: String

    public init(id: UserID, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

/// The sign-in grant of `device_sessions.create`: the browser's one-time code with its PKCE verifier.
public struct SignInGrant: Codable, Sendable, Equatable {
    public var code: String
    public var codeVerifier: String
    public var redirectURI: String
    public var deviceName: String

    enum CodingKeys: String, CodingKey {
        case code
        case codeVerifier = "code_verifier"
        case redirectURI = "redirect_uri"
        case deviceName = "device_name"
    }

    public init(code: String, codeVerifier: String, redirectURI: String, deviceName: String) {
        self.code = code
        self.codeVerifier = codeVerifier
        self.redirectURI = redirectURI
        self.deviceName = deviceName
    }
}

/// The pairing grant of `device_sessions.create`: a `gcp_…` code from a pairing link.
public struct PairingGrant: Codable, Sendable, Equatable {
    public var pairingCode: String
    public var deviceName: String

    enum CodingKeys: String, CodingKey {
        case pairingCode = "pairing_code"
        case deviceName = "device_name"
    }

    public init(pairingCode: String, deviceName: String) {
        self.pairingCode = pairingCode
        self.deviceName = deviceName
    }
}

/// The body of `device_sessions.create`: exactly one of the two grants.
public enum DeviceSessionGrant: Codable, Sendable, Equatable {
    case signIn(SignInGrant)
    case pairing(PairingGrant)

    private enum Probe: String, CodingKey {
        case code
        case pairingCode = "pairing_code"
    }

    public var deviceName: String {
        switch self {
        case .signIn(let grant): grant.deviceName
        case .pairing(let grant): grant.deviceName
        }
    }

    public init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: Probe.self)
        switch (probe.contains(.code), probe.contains(.pairingCode)) {
        case (true, true):
            throw DecodingError.dataCorruptedError(forKey: .pairingCode, in: probe,
                                                   debugDescription: "not allowed together with code")
        case (false, true):
            self = .pairing(try PairingGrant(from: decoder))
        default:
            self = .signIn(try SignInGrant(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .signIn(let grant): try grant.encode(to: encoder)
        case .pairing(let grant): try grant.encode(to: encoder)
        }
    }
}

/// One device signed in as a person; its ETag is its creation instant, quoted.
public struct DeviceSession: Codable, Sendable, Equatable, Hashable {
    public var id: DeviceSessionID
    public var name: String
    public var createdAt: Instant
    public var lastUsedAt: Instant?
    /// Whether this is the session of the request's own token.
    public var current: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, current
        case createdAt = "created_at"
        case lastUsedAt = "last_used_at"
    }

    public init(id: DeviceSessionID, name: String, createdAt: Instant, lastUsedAt: Instant?, current: Bool) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.current = current
    }

    /// The value `If-Match` needs to revoke this session.
    public var etag: ETag { ETag(createdAt.rfc3339) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(lastUsedAt, forKey: .lastUsedAt)
        try c.encode(current, forKey: .current)
    }
}

/// The answer of `device_sessions.create`: the token, shown once, with its session and person.
public struct DeviceSessionCreated: Codable, Sendable, Equatable {
    /// `gcd_…`; never logged.
    public var token: String
    public var deviceSession: DeviceSession
    public var user: User

    enum CodingKeys: String, CodingKey {
        case token, user
        case deviceSession = "device_session"
    }

    public init(token: String, deviceSession: DeviceSession, user: User) {
        self.token = token
        self.deviceSession = deviceSession
        self.user = user
    }
}

/// The answer of `device_sessions.list`: the person's device sessions.
public struct DeviceSessionList: Codable, Sendable, Equatable {
    public var deviceSessions: [DeviceSession]

    enum CodingKeys: String, CodingKey {
        case deviceSessions = "device_sessions"
    }

    public init(deviceSessions: [DeviceSession]) { self.deviceSessions = deviceSessions }
}

/// The answer of `device_pairings.create`: a pairing code and its link, valid `expires_in` seconds.
public struct DevicePairingIssued: Codable, Sendable, Equatable {
    public var pairingCode: String
    public var pairingURL: String
    public var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case pairingCode = "pairing_code"
        case pairingURL = "pairing_url"
        case expiresIn = "expires_in"
    }

    public init(pairingCode: String, pairingURL: String, expiresIn: Int) {
        self.pairingCode = pairingCode
        self.pairingURL = pairingURL
        self.expiresIn = expiresIn
    }
}
