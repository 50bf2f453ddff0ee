import Foundation

/// A unit named inside another resource: its id and number.
public struct UnitRef: Codable, Sendable, Equatable, Hashable {
    public var id: UnitID
    /// The room number people use (`101`, `1A`).
    public var number: String

    public init(id: UnitID, number: String) {
        self.id = id
        self.number = number
    }
}

/// A room type named inside another resource.
public struct RoomTypeRef: Codable, Sendable, Equatable, Hashable {
    public var id: RoomTypeID
    public var name: String

    public init(id: RoomTypeID, name: String) {
        self.id = id
        self.name = name
    }
}

/// A reservation named inside another resource: its id and the code people read.
public struct ReservationRef: Codable, Sendable, Equatable, Hashable {
    public var id: ReservationID
    public var code: String

    public init(id: ReservationID, code: String) {
        self.id = id
        self.code = code
    }
}

/// A person named inside another resource (a task's assignee, a ticket's reporter).
public struct UserRef: Codable, Sendable, Equatable, Hashable {
    public var id: UserID
    public var name: String

    public init(id: UserID, name: String) {
        self.id = id
        self.name = name
    }
}

/// A guest named inside another resource.
public struct GuestRef: Codable, Sendable, Equatable, Hashable {
    public var id: GuestID
    public var name: String

    public init(id: GuestID, name: String) {
        self.id = id
        self.name = name
    }
}

/// How to reach a guest; either may be unknown.
public struct Contact: Codable, Sendable, Equatable, Hashable {
    public var email: String?
    public var phone: String?

    public init(email: String?, phone: String?) {
        self.email = email
        self.phone = phone
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(email, forKey: .email)
        try c.encode(phone, forKey: .phone)
    }
}

/// A request or answer without a body (GET, DELETE, 204).
public struct NoBody: Codable, Sendable, Equatable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}

/// The raw bytes of a JPEG image, the body of `maintenance_photos.put`.
public struct JPEGBody: Sendable, Equatable {
    public var data: Data
    public init(_ data: Data) { self.data = data }

    /// At most 5 MB (5,000,000 bytes).
    public static let maximumBytes = 5_000_000

    /// Whether the bytes start with a JPEG's start-of-image marker (FF D8 FF).
    public var looksLikeJPEG: Bool { data.count >= 3 && data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) }
}
