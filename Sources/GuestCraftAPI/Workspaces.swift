import Foundation

/// A hotel of a workspace, with its own time zone, business date and currency.
public struct Property: Codable, Sendable, Equatable, Hashable {
    public var id: PropertyID
    public var name: String
    /// IANA time zone, e.g. `Europe/Berlin`.
    public var timeZone: String
    public var businessDate: BusinessDate
    /// ISO 4217 code, e.g. `EUR`.
    public var currency: String

    enum CodingKeys: String, CodingKey {
        case id, name, currency
        case timeZone = "time_zone"
        case businessDate = "business_date"
    }

    public init(id: PropertyID, name: String, timeZone: String, businessDate: BusinessDate, currency: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.businessDate = businessDate
        self.currency = currency
    }
}

/// A workspace the person is a member of: their role, its permissions and the first page of properties they reach.
public struct Workspace: Codable, Sendable, Equatable {
    public var id: WorkspaceID
    public var name: String
    public var role: Role
    public var permissions: [Permission]
    public var properties: [Property]
    /// Cursor for `workspaces.properties` when more than one page of properties exists.
    public var nextPropertiesCursor: String?

    enum CodingKeys: String, CodingKey {
        case id, name, role, permissions, properties
        case nextPropertiesCursor = "next_properties_cursor"
    }

    public init(id: WorkspaceID, name: String, role: Role, permissions: [Permission], properties: [Property],
                nextPropertiesCursor: String?) {
        self.id = id
        self.name = name
        self.role = role
        self.permissions = permissions
        self.properties = properties
        self.nextPropertiesCursor = nextPropertiesCursor
    }

    public func allows(_ permission: Permission) -> Bool { permissions.contains(permission) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(role, forKey: .role)
        try c.encode(permissions, forKey: .permissions)
        try c.encode(properties, forKey: .properties)
        try c.encode(nextPropertiesCursor, forKey: .nextPropertiesCursor)
    }
}

/// The answer of `workspaces.list`.
public struct WorkspaceList: Codable, Sendable, Equatable {
    public var user: User
    public var workspaces: [Workspace]

    public init(user: User, workspaces: [Workspace]) {
        self.user = user
        self.workspaces = workspaces
    }
}

/// The answer of `workspaces.properties`: one page of up to 100 properties.
public struct PropertyPage: Codable, Sendable, Equatable {
    public var properties: [Property]
    public var nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case properties
        case nextCursor = "next_cursor"
    }

    public init(properties: [Property], nextCursor: String?) {
        self.properties = properties
        self.nextCursor = nextCursor
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(properties, forKey: .properties)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}
