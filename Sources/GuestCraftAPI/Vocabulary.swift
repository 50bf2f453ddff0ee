import Foundation

/// A feature an instance declares in discovery; tabs and actions follow them.
public struct Capability: OpenVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let mobileSessions: Capability = "mobile_sessions"
    public static let mobilePairing: Capability = "mobile_pairing"
    public static let frontDesk: Capability = "front_desk"
    public static let reservations: Capability = "reservations"
    public static let folios: Capability = "folios"
    public static let housekeeping: Capability = "housekeeping"
    public static let housekeepingTasks: Capability = "housekeeping_tasks"
    public static let maintenance: Capability = "maintenance"
    public static let maintenancePhotos: Capability = "maintenance_photos"

    /// Every capability api.md names.
    public static let all: [Capability] = [
        .mobileSessions, .mobilePairing, .frontDesk, .reservations, .folios,
        .housekeeping, .housekeepingTasks, .maintenance, .maintenancePhotos,
    ]
}

/// A grant of a member's role in a workspace; the instance checks it on every request.
public struct Permission: OpenVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let reservationsRead: Permission = "reservations.read"
    public static let reservationsModify: Permission = "reservations.modify"
    public static let guestsRead: Permission = "guests.read"
    public static let inventoryRead: Permission = "inventory.read"
    public static let foliosRead: Permission = "folios.read"
    public static let foliosApproveOpenBalance: Permission = "folios.approve_open_balance"
    public static let housekeepingWrite: Permission = "housekeeping.write"
    /// Setting a unit `inspected` (a supervisor's check after cleaning), on top of `housekeeping.write`.
    public static let housekeepingInspect: Permission = "housekeeping.inspect"
    public static let tasksWork: Permission = "tasks.work"
    public static let blocksManageOOO: Permission = "blocks.manage_ooo"
    public static let blocksManageOOS: Permission = "blocks.manage_oos"
    public static let staysOverrideReadiness: Permission = "stays.override_readiness"

    /// Every permission api.md names.
    public static let all: [Permission] = [
        .reservationsRead, .reservationsModify, .guestsRead, .inventoryRead, .foliosRead,
        .foliosApproveOpenBalance, .housekeepingWrite, .housekeepingInspect, .tasksWork, .blocksManageOOO,
        .blocksManageOOS, .staysOverrideReadiness,
    ]
}

/// A member's role in a workspace (a name for a set of permissions).
public struct Role: OpenVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let frontDesk: Role = "front_desk"
    public static let housekeeper: Role = "housekeeper"
    public static let supervisor: Role = "supervisor"
    public static let manager: Role = "manager"

    /// The permissions each demo role holds (the table in docs/api.md).
    public var demoPermissions: [Permission] {
        switch self {
        case .frontDesk:
            return [.reservationsRead, .reservationsModify, .guestsRead, .inventoryRead, .foliosRead]
        case .housekeeper:
            return [.inventoryRead, .housekeepingWrite, .tasksWork]
        case .supervisor:
            return [.reservationsRead, .reservationsModify, .guestsRead, .inventoryRead, .foliosRead,
                    .housekeepingWrite, .housekeepingInspect, .tasksWork, .blocksManageOOO, .blocksManageOOS,
                    .staysOverrideReadiness]
        case .manager:
            return Permission.all
        default:
            return []
        }
    }
}
