import Foundation

/// A unit (a room) with its housekeeping state; named `RoomUnit` because Foundation has a `Unit`.
public struct RoomUnit: Codable, Sendable, Equatable {
    public var id: UnitID
    public var number: String
    public var roomType: RoomTypeRef
    public var floor: Int
    public var occupancy: Occupancy
    public var housekeepingStatus: HousekeepingStatus
    public var housekeepingVersion: Int
    public var housekeepingUpdatedAt: Instant
    /// The block running on the business date (out of order or out of service), if any; nil too
    /// from an instance that does not say.
    public var block: UnitBlock?

    enum CodingKeys: String, CodingKey {
        case id, number, floor, occupancy, block
        case roomType = "room_type"
        case housekeepingStatus = "housekeeping_status"
        case housekeepingVersion = "housekeeping_version"
        case housekeepingUpdatedAt = "housekeeping_updated_at"
    }

    public init(id: UnitID, number: String, roomType: RoomTypeRef, floor: Int, occupancy: Occupancy,
                housekeepingStatus: HousekeepingStatus, housekeepingVersion: Int, housekeepingUpdatedAt: Instant,
                block: UnitBlock? = nil) {
        self.id = id
        self.number = number
        self.roomType = roomType
        self.floor = floor
        self.occupancy = occupancy
        self.housekeepingStatus = housekeepingStatus
        self.housekeepingVersion = housekeepingVersion
        self.housekeepingUpdatedAt = housekeepingUpdatedAt
        self.block = block
    }

    public var ref: UnitRef { UnitRef(id: id, number: number) }

    /// Decodes the wire strings as strings and builds the typed values from them: what the
    /// synthesized decoding does, without JSONDecoder's generic path for each of the four
    /// wrapped fields (2,000 rooms decode about twice as fast, and a saved list is decoded
    /// before the first frame of Housekeeping).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = UnitID(rawValue: try container.decode(String.self, forKey: .id))
        number = try container.decode(String.self, forKey: .number)
        roomType = try container.decode(RoomTypeRef.self, forKey: .roomType)
        floor = try container.decode(Int.self, forKey: .floor)
        occupancy = Occupancy(rawValue: try container.decode(String.self, forKey: .occupancy))
        housekeepingStatus = HousekeepingStatus(rawValue: try container.decode(String.self, forKey: .housekeepingStatus))
        housekeepingVersion = try container.decode(Int.self, forKey: .housekeepingVersion)
        let updatedAt = try container.decode(String.self, forKey: .housekeepingUpdatedAt)
        guard let instant = Instant(rfc3339: updatedAt) else {
            throw DecodingError.dataCorruptedError(
                forKey: .housekeepingUpdatedAt, in: container,
                debugDescription: "expected an RFC 3339 instant, found \"\(updatedAt.prefix(40))\"")
        }
        housekeepingUpdatedAt = instant
        block = try container.decodeIfPresent(UnitBlock.self, forKey: .block)
    }

    /// `block` is always written, `null` when none runs (as the contract has it).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(number, forKey: .number)
        try c.encode(roomType, forKey: .roomType)
        try c.encode(floor, forKey: .floor)
        try c.encode(occupancy, forKey: .occupancy)
        try c.encode(housekeepingStatus, forKey: .housekeepingStatus)
        try c.encode(housekeepingVersion, forKey: .housekeepingVersion)
        try c.encode(housekeepingUpdatedAt, forKey: .housekeepingUpdatedAt)
        try c.encode(block, forKey: .block)
    }
}

/// The block a unit is under on the business date: why, and from when until when (`to` is the
/// first date the room is back).
public struct UnitBlock: Codable, Sendable, Equatable {
    public var id: BlockID
    public var kind: BlockKind
    public var from: BusinessDate
    public var to: BusinessDate
    public var reason: String

    public init(id: BlockID, kind: BlockKind, from: BusinessDate, to: BusinessDate, reason: String) {
        self.id = id
        self.kind = kind
        self.from = from
        self.to = to
        self.reason = reason
    }
}

/// The answer of `units.list`: every unit of the property on its business date.
public struct UnitList: Codable, Sendable, Equatable {
    public var businessDate: BusinessDate
    public var units: [RoomUnit]

    enum CodingKeys: String, CodingKey {
        case units
        case businessDate = "business_date"
    }

    public init(businessDate: BusinessDate, units: [RoomUnit]) {
        self.businessDate = businessDate
        self.units = units
    }
}

/// The answer of `units.get`: the unit and its tasks of the business date, whoever has them.
public struct UnitDetail: Codable, Sendable, Equatable {
    public var businessDate: BusinessDate
    public var unit: RoomUnit
    public var tasks: [HousekeepingTask]

    enum CodingKeys: String, CodingKey {
        case unit, tasks
        case businessDate = "business_date"
    }

    public init(businessDate: BusinessDate, unit: RoomUnit, tasks: [HousekeepingTask]) {
        self.businessDate = businessDate
        self.unit = unit
        self.tasks = tasks
    }
}

/// The body of `units.housekeeping`: the new status and the version the device read.
public struct HousekeepingChange: Codable, Sendable, Equatable {
    public var status: HousekeepingStatus
    /// Without it the last write wins; the outbox always sends it.
    public var expectedHousekeepingVersion: Int?

    enum CodingKeys: String, CodingKey {
        case status
        case expectedHousekeepingVersion = "expected_housekeeping_version"
    }

    public init(status: HousekeepingStatus, expectedHousekeepingVersion: Int?) {
        self.status = status
        self.expectedHousekeepingVersion = expectedHousekeepingVersion
    }
}

/// A housekeeping task of one unit on one date (named so it never shadows Swift's `Task`).
public struct HousekeepingTask: Codable, Sendable, Equatable {
    public var id: TaskID
    public var kind: TaskKind
    public var unit: UnitRef
    public var status: TaskStatus
    public var skipReason: String?
    public var note: String?
    public var dueDate: BusinessDate
    public var assignee: UserRef?
    public var reservation: ReservationRef?
    /// Whether a guest arrives in the unit on the due date (such tasks come first).
    public var guestArriving: Bool
    /// Also the ETag (`"<version>"`).
    public var version: Int

    enum CodingKeys: String, CodingKey {
        case id, kind, unit, status, note, assignee, reservation, version
        case skipReason = "skip_reason"
        case dueDate = "due_date"
        case guestArriving = "guest_arriving"
    }

    public init(id: TaskID, kind: TaskKind, unit: UnitRef, status: TaskStatus, skipReason: String?, note: String?,
                dueDate: BusinessDate, assignee: UserRef?, reservation: ReservationRef?, guestArriving: Bool, version: Int) {
        self.id = id
        self.kind = kind
        self.unit = unit
        self.status = status
        self.skipReason = skipReason
        self.note = note
        self.dueDate = dueDate
        self.assignee = assignee
        self.reservation = reservation
        self.guestArriving = guestArriving
        self.version = version
    }

    /// The value `tasks.status` and `tasks.note` send as `If-Match`.
    public var etag: ETag { .version(version) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(unit, forKey: .unit)
        try c.encode(status, forKey: .status)
        try c.encode(skipReason, forKey: .skipReason)
        try c.encode(note, forKey: .note)
        try c.encode(dueDate, forKey: .dueDate)
        try c.encode(assignee, forKey: .assignee)
        try c.encode(reservation, forKey: .reservation)
        try c.encode(guestArriving, forKey: .guestArriving)
        try c.encode(version, forKey: .version)
    }
}

/// The answer of `tasks.list`.
public struct TaskList: Codable, Sendable, Equatable {
    public var businessDate: BusinessDate
    public var tasks: [HousekeepingTask]

    enum CodingKeys: String, CodingKey {
        case tasks
        case businessDate = "business_date"
    }

    public init(businessDate: BusinessDate, tasks: [HousekeepingTask]) {
        self.businessDate = businessDate
        self.tasks = tasks
    }
}

/// The body of `tasks.status`; `reason` is required for `skipped`.
public struct TaskStatusChange: Codable, Sendable, Equatable {
    public var status: TaskStatus
    public var reason: String?

    public init(status: TaskStatus, reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}

/// The body of `tasks.note`; null or an empty note clears it.
public struct TaskNoteChange: Codable, Sendable, Equatable {
    public var note: String?

    public init(note: String?) { self.note = note }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(note, forKey: .note)
    }
}
