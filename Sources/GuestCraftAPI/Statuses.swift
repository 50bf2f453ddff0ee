import Foundation

/// A room's cleanliness and availability as housekeeping sees it.
public enum HousekeepingStatus: OpenEnumeration {
    case dirty, clean, inspected, outOfOrder, outOfService
    case unknown(String)

    public static let knownCases: [HousekeepingStatus] = [.dirty, .clean, .inspected, .outOfOrder, .outOfService]
    /// The statuses `units.housekeeping` sets; the others come from blocks.
    public static let settable: [HousekeepingStatus] = [.dirty, .clean, .inspected]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .dirty: "dirty"
        case .clean: "clean"
        case .inspected: "inspected"
        case .outOfOrder: "out_of_order"
        case .outOfService: "out_of_service"
        case .unknown(let value): value
        }
    }
}

/// Whether a room is lived in on the business date.
public enum Occupancy: OpenEnumeration {
    case vacant, occupied, arriving, departing
    case unknown(String)

    public static let knownCases: [Occupancy] = [.vacant, .occupied, .arriving, .departing]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .vacant: "vacant"
        case .occupied: "occupied"
        case .arriving: "arriving"
        case .departing: "departing"
        case .unknown(let value): value
        }
    }
}

/// The life of one room of a reservation.
public enum StayStatus: OpenEnumeration {
    case reserved, checkedIn, checkedOut, cancelled, noShow
    case unknown(String)

    public static let knownCases: [StayStatus] = [.reserved, .checkedIn, .checkedOut, .cancelled, .noShow]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .reserved: "reserved"
        case .checkedIn: "checked_in"
        case .checkedOut: "checked_out"
        case .cancelled: "cancelled"
        case .noShow: "no_show"
        case .unknown(let value): value
        }
    }
}

/// The life of a reservation as a whole.
public enum ReservationStatus: OpenEnumeration {
    case tentative, confirmed, checkedIn, checkedOut, cancelled, noShow
    case unknown(String)

    public static let knownCases: [ReservationStatus] = [.tentative, .confirmed, .checkedIn, .checkedOut, .cancelled, .noShow]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .tentative: "tentative"
        case .confirmed: "confirmed"
        case .checkedIn: "checked_in"
        case .checkedOut: "checked_out"
        case .cancelled: "cancelled"
        case .noShow: "no_show"
        case .unknown(let value): value
        }
    }
}

/// What a housekeeping task asks for.
public enum TaskKind: OpenEnumeration {
    case cleanDeparture, cleanStayover, inspect, turndown, maintenanceCheck
    case unknown(String)

    public static let knownCases: [TaskKind] = [.cleanDeparture, .cleanStayover, .inspect, .turndown, .maintenanceCheck]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .cleanDeparture: "clean_departure"
        case .cleanStayover: "clean_stayover"
        case .inspect: "inspect"
        case .turndown: "turndown"
        case .maintenanceCheck: "maintenance_check"
        case .unknown(let value): value
        }
    }
}

/// Where a housekeeping task stands.
public enum TaskStatus: OpenEnumeration {
    case open, inProgress, done, skipped
    case unknown(String)

    public static let knownCases: [TaskStatus] = [.open, .inProgress, .done, .skipped]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .open: "open"
        case .inProgress: "in_progress"
        case .done: "done"
        case .skipped: "skipped"
        case .unknown(let value): value
        }
    }

    /// The statuses a task may move to from this one (docs/api.md, `tasks.status`).
    public var allowedNext: [TaskStatus] {
        switch self {
        case .open: [.inProgress, .done, .skipped]
        case .inProgress: [.open, .done, .skipped]
        case .done: [.open, .inProgress]
        case .skipped: [.open]
        case .unknown: []
        }
    }
}

/// How urgent a maintenance ticket is.
public enum MaintenancePriority: OpenEnumeration {
    case low, normal, high, urgent
    case unknown(String)

    public static let knownCases: [MaintenancePriority] = [.low, .normal, .high, .urgent]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        case .urgent: "urgent"
        case .unknown(let value): value
        }
    }
}

/// What kind of fault a maintenance ticket reports.
public enum MaintenanceCategory: OpenEnumeration {
    case plumbing, electrical, heating, furniture, appliance, door, other
    case unknown(String)

    public static let knownCases: [MaintenanceCategory] = [.plumbing, .electrical, .heating, .furniture, .appliance, .door, .other]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .plumbing: "plumbing"
        case .electrical: "electrical"
        case .heating: "heating"
        case .furniture: "furniture"
        case .appliance: "appliance"
        case .door: "door"
        case .other: "other"
        case .unknown(let value): value
        }
    }
}

/// Whether a block takes a room out of order (not sellable, counts against inventory) or out of service.
public enum BlockKind: OpenEnumeration {
    case outOfOrder, outOfService
    case unknown(String)

    public static let knownCases: [BlockKind] = [.outOfOrder, .outOfService]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .outOfOrder: "out_of_order"
        case .outOfService: "out_of_service"
        case .unknown(let value): value
        }
    }

    /// The permission a role needs to place a block of this kind.
    public var requiredPermission: Permission? {
        switch self {
        case .outOfOrder: .blocksManageOOO
        case .outOfService: .blocksManageOOS
        case .unknown: nil
        }
    }
}

/// A maintenance ticket's state.
public enum TicketStatus: OpenEnumeration {
    case open, inProgress, resolved
    case unknown(String)

    public static let knownCases: [TicketStatus] = [.open, .inProgress, .resolved]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .open: "open"
        case .inProgress: "in_progress"
        case .resolved: "resolved"
        case .unknown(let value): value
        }
    }
}
