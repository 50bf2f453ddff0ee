import Catalog
import GuestCraftAPI

/// Roles as people say them: "Front desk" as a label, "the front desk" in a sentence; a role
/// this version does not know is shown as the instance sends it (made inert by the caller).
public enum RoleNames {
    public static func label(_ role: Role) -> String {
        switch role {
        case .frontDesk: L("roles.front_desk")
        case .housekeeper: L("roles.housekeeper")
        case .supervisor: L("roles.supervisor")
        case .manager: L("roles.manager")
        default: role.rawValue
        }
    }

    /// The role in a sentence ("signed in as the front desk").
    public static func phrase(_ role: Role) -> String {
        switch role {
        case .frontDesk: L("roles.the_front_desk")
        case .housekeeper: L("roles.the_housekeeper")
        case .supervisor: L("roles.the_supervisor")
        case .manager: L("roles.the_manager")
        default: role.rawValue
        }
    }
}
