import Foundation
import GuestCraftAPI

/// A device session as this device keeps it: the origin that issued it, its token, its id and
/// ETag, the person and the device name. An `InstanceClient` is built from this value alone.
public struct StoredSession: Codable, Sendable, Equatable, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable {
    /// The origin that issued the token: the only place it is sent.
    public let origin: InstanceOrigin
    /// `gcd_…`; never logged or printed (`description` leaves it out).
    public let token: String
    public let sessionID: DeviceSessionID
    /// The session's `created_at`: its ETag, quoted, is what sign-out sends as `If-Match`.
    public let createdAt: Instant
    public let user: User
    public let deviceName: String

    public init(origin: InstanceOrigin, token: String, sessionID: DeviceSessionID, createdAt: Instant,
                user: User, deviceName: String) {
        self.origin = origin
        self.token = token
        self.sessionID = sessionID
        self.createdAt = createdAt
        self.user = user
        self.deviceName = deviceName
    }

    /// The session `device_sessions.create` answered, issued by `origin`.
    public init(origin: InstanceOrigin, created: DeviceSessionCreated) {
        self.init(origin: origin, token: created.token, sessionID: created.deviceSession.id,
                  createdAt: created.deviceSession.createdAt, user: created.user,
                  deviceName: created.deviceSession.name)
    }

    /// `If-Match` for revoking this session.
    public var etag: ETag { ETag(createdAt.rfc3339) }

    enum CodingKeys: String, CodingKey {
        case origin, token, user
        case sessionID = "session_id"
        case createdAt = "created_at"
        case deviceName = "device_name"
    }

    public var description: String {
        "StoredSession(\(origin), \(sessionID.rawValue), \(user.id.rawValue), token: redacted)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["origin": origin, "sessionID": sessionID, "user": user.id, "token": "redacted"])
    }
}
