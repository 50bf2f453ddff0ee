import GuestCraftAPI

/// The four members of the demo workspace (docs/api.md section 2); each signs in with the password `demo`.
public enum DemoMember: String, CaseIterable, Sendable, Codable {
    case frontdesk, housekeeper, supervisor, manager

    /// `usr_frontdesk`, …
    public var userID: UserID { UserID("usr_\(rawValue)") }

    /// The password every demo member signs in with on the sign-in page.
    public static let password = "demo"

    var name: String {
        switch self {
        case .frontdesk: "Fatima Okafor"
        case .housekeeper: "Hana Kowalski"
        case .supervisor: "Samir Haddad"
        case .manager: "Marta Lindqvist"
        }
    }

    var email: String { "\(rawValue)@demo.guestcraft.test" }

    public var role: Role {
        switch self {
        case .frontdesk: .frontDesk
        case .housekeeper: .housekeeper
        case .supervisor: .supervisor
        case .manager: .manager
        }
    }

    /// nil: every property of the workspace.
    var initialProperties: [PropertyID]? {
        self == .housekeeper ? [HarbourView.propertyID] : nil
    }
}
