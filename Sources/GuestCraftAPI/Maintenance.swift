import Foundation

/// A block asked for with a maintenance ticket: the room out of order or out of service from `from` until `to` (exclusive).
public struct BlockRequest: Codable, Sendable, Equatable {
    public var kind: BlockKind
    public var from: BusinessDate
    /// The first date the room is back (exclusive), like a check-out date.
    public var to: BusinessDate
    public var reason: String

    public init(kind: BlockKind, from: BusinessDate, to: BusinessDate, reason: String) {
        self.kind = kind
        self.from = from
        self.to = to
        self.reason = reason
    }
}

/// The body of `maintenance_tickets.put`.
public struct MaintenanceTicketRequest: Codable, Sendable, Equatable {
    public var unitID: UnitID
    public var taskID: TaskID?
    public var category: MaintenanceCategory
    public var description: String
    public var priority: MaintenancePriority
    public var block: BlockRequest?

    enum CodingKeys: String, CodingKey {
        case category, description, priority, block
        case unitID = "unit_id"
        case taskID = "task_id"
    }

    public init(unitID: UnitID, taskID: TaskID?, category: MaintenanceCategory, description: String,
                priority: MaintenancePriority, block: BlockRequest?) {
        self.unitID = unitID
        self.taskID = taskID
        self.category = category
        self.description = description
        self.priority = priority
        self.block = block
    }
}

/// A block placed on a unit; `overbooked_nights` are the nights its room type is now sold beyond its free rooms.
public struct Block: Codable, Sendable, Equatable {
    public var id: BlockID
    public var kind: BlockKind
    public var from: BusinessDate
    public var to: BusinessDate
    public var reason: String
    public var overbookedNights: [BusinessDate]

    enum CodingKeys: String, CodingKey {
        case id, kind, from, to, reason
        case overbookedNights = "overbooked_nights"
    }

    public init(id: BlockID, kind: BlockKind, from: BusinessDate, to: BusinessDate, reason: String,
                overbookedNights: [BusinessDate]) {
        self.id = id
        self.kind = kind
        self.from = from
        self.to = to
        self.reason = reason
        self.overbookedNights = overbookedNights
    }
}

/// A maintenance ticket (a fault report), identified by the `mtk_…` id the device made.
public struct MaintenanceTicket: Codable, Sendable, Equatable {
    public var id: MaintenanceTicketID
    public var propertyID: PropertyID
    public var unit: UnitRef
    public var taskID: TaskID?
    public var category: MaintenanceCategory
    public var description: String
    public var priority: MaintenancePriority
    public var status: TicketStatus
    public var reportedBy: UserRef
    public var createdAt: Instant
    public var block: Block?

    enum CodingKeys: String, CodingKey {
        case id, unit, category, description, priority, status, block
        case propertyID = "property_id"
        case taskID = "task_id"
        case reportedBy = "reported_by"
        case createdAt = "created_at"
    }

    public init(id: MaintenanceTicketID, propertyID: PropertyID, unit: UnitRef, taskID: TaskID?,
                category: MaintenanceCategory, description: String, priority: MaintenancePriority,
                status: TicketStatus, reportedBy: UserRef, createdAt: Instant, block: Block?) {
        self.id = id
        self.propertyID = propertyID
        self.unit = unit
        self.taskID = taskID
        self.category = category
        self.description = description
        self.priority = priority
        self.status = status
        self.reportedBy = reportedBy
        self.createdAt = createdAt
        self.block = block
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(propertyID, forKey: .propertyID)
        try c.encode(unit, forKey: .unit)
        try c.encode(taskID, forKey: .taskID)
        try c.encode(category, forKey: .category)
        try c.encode(description, forKey: .description)
        try c.encode(priority, forKey: .priority)
        try c.encode(status, forKey: .status)
        try c.encode(reportedBy, forKey: .reportedBy)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(block, forKey: .block)
    }
}

/// The answer of `maintenance_photos.put`: the stored photo, identified by the `mph_…` id the device made.
public struct MaintenancePhoto: Codable, Sendable, Equatable {
    public var id: MaintenancePhotoID
    public var ticketID: MaintenanceTicketID
    public var contentType: String
    public var byteCount: Int
    /// Lowercase hex SHA-256 of the bytes; a resend with the same id and digest answers the first answer.
    public var sha256: String
    public var createdAt: Instant

    enum CodingKeys: String, CodingKey {
        case id, sha256
        case ticketID = "ticket_id"
        case contentType = "content_type"
        case byteCount = "byte_count"
        case createdAt = "created_at"
    }

    public init(id: MaintenancePhotoID, ticketID: MaintenanceTicketID, contentType: String, byteCount: Int,
                sha256: String, createdAt: Instant) {
        self.id = id
        self.ticketID = ticketID
        self.contentType = contentType
        self.byteCount = byteCount
        self.sha256 = sha256
        self.createdAt = createdAt
    }
}
