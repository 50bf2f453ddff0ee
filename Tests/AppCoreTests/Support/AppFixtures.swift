import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

/// Values the app tests share: an instance, its session, workspaces and properties.
enum Fixtures {
    static let origin = InstanceOrigin(string: "https://hotel.example.com")!
    static let otherOrigin = InstanceOrigin(string: "https://other.example.org")!
    static let saved = Instant(millisecondsSinceEpoch: 1_790_000_000_000)

    /// An instance without the housekeeping tabs: it opens on Today (not built yet), so a start
    /// reads nothing of Housekeeping.
    static let frontDeskOnly = Capability.all.filter { $0 != .housekeeping && $0 != .housekeepingTasks }

    static func instance(key: String = "ins_0000000000000001", origin: InstanceOrigin = origin,
                         name: String = "Harbour Hotels", capabilities: [Capability] = Capability.all) -> SavedInstance {
        SavedInstance(key: key, origin: origin, name: name, capabilities: capabilities, savedAt: saved, checkedAt: saved)
    }

    static let user = User(id: "usr_supervisor", name: "Samir Haddad", email: "supervisor@demo.guestcraft.test")

    static func session(origin: InstanceOrigin = origin, id: String = "dvs_0001", token: String = "gcd_test_token_1",
                        user: User = user) -> StoredSession {
        StoredSession(origin: origin, token: token, sessionID: DeviceSessionID(id), createdAt: saved, user: user,
                      deviceName: "desk-01 terminal")
    }

    static let harbour = Property(id: "prp_harbour", name: "Harbour View Hotel", timeZone: "Europe/Berlin",
                                  businessDate: BusinessDate(year: 2026, month: 11, day: 2)!, currency: "EUR")
    static let garden = Property(id: "prp_garden", name: "Garden Court Hotel", timeZone: "Europe/Berlin",
                                 businessDate: BusinessDate(year: 2026, month: 11, day: 2)!, currency: "EUR")

    static func workspace(id: String = "wsp_demo", name: String = "Demo Hotels",
                          properties: [Property] = [harbour, garden], next: String? = nil,
                          role: Role = .supervisor) -> Workspace {
        Workspace(id: WorkspaceID(id), name: name, role: role, permissions: role.demoPermissions,
                  properties: properties, nextPropertiesCursor: next)
    }

    static func discovery(name: String = "Harbour Hotels", capabilities: [Capability] = Capability.all,
                          loopback: Bool = true) -> InstanceDescription {
        InstanceDescription(
            name: name, apiBaseURL: origin.string + "/api/v1", serverVersion: "1.0.0", apiRevision: "2026-11-01",
            minAppVersion: "0.1.0", capabilities: capabilities,
            auth: AuthDescription(methods: ["password"], authorizeURL: origin.string + "/mobile/authorize",
                                  tokenURL: origin.string + "/api/v1/device_sessions", loopbackRedirects: loopback,
                                  redirectSchemes: [], pairingURLPrefix: origin.string + "/mobile/pair"))
    }

    static func connected(name: String = "Harbour Hotels", capabilities: [Capability] = Capability.all,
                          loopback: Bool = true) -> ConnectedInstance {
        ConnectedInstance(origin: origin, discovery: discovery(name: name, capabilities: capabilities, loopback: loopback),
                          etag: nil)
    }

    static func partition(_ instance: SavedInstance = instance(), session: StoredSession = session(),
                          workspace: String = "wsp_demo") -> Partition {
        Partition(instanceKey: instance.key, personID: session.user.id.rawValue, workspaceID: workspace)
    }

    static let generation = GenerationID(rawValue: "gen-1")
    static let generation2 = GenerationID(rawValue: "gen-2")

    static let pairingLink = "https://hotel.example.com/mobile/pair#gcp_abcdefghijklmnopqrstuvwxyz"
}

extension TestStore where State == AppState, Action == AppAction {
    /// After a sign-out was confirmed: the instance's answer, then Connect lists what is left (nothing).
    func receiveSignedOutOnConnect(_ instanceName: String = "Harbour Hotels", sourceLocation: SourceLocation = #_sourceLocation) async {
        await receive(.signedOut(instanceName: instanceName, .success(.revoked)), assert: {
            $0.connect?.notice = Notice(.info, "Signed out of \(instanceName).")
        }, sourceLocation: sourceLocation)
        await receive(.connect(.listed(.success([]))), assert: {
            $0.connect?.isLoading = false
            $0.connect?.focus = .address
        }, sourceLocation: sourceLocation)
    }

    /// After an instance opened on the choice of workspace with the instance unreachable: its
    /// discovery check (offline) and the workspace list (failed), in either order.
    func receiveUnreachableCheckAndWorkspaces(sourceLocation: SourceLocation = #_sourceLocation) async {
        var pending: Set<String> = ["check", "workspaces"]
        while !pending.isEmpty {
            let action = await receiveAny(assert: { action, state in
                switch action {
                case .instanceChecked: state.current?.connection = .offline
                case .workspace(.workspacesLoaded):
                    state.workspace?.phase = .failed
                    state.workspace?.notice = Notice(.error, ErrorText.request(.noAnswer(.couldNotConnect)))
                default: break
                }
            }, sourceLocation: sourceLocation)
            switch action {
            case .instanceChecked?: pending.remove("check")
            case .workspace(.workspacesLoaded)?: pending.remove("workspaces")
            default: Issue.record("unexpected \(String(describing: action))", sourceLocation: sourceLocation); pending.removeAll()
            }
        }
    }
}
