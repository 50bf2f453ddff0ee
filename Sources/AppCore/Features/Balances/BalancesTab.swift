import Catalog
import GuestCraftAPI

/// Open balances in the work tabs: registered by one line in `WorkScreens.all`, its state kept
/// by its tab (`StoredWorkTabFeature`), its reads Today's.
public typealias BalancesTab = WorkFeatureTab<BalancesFeature>

extension WorkTab {
    public static let balances = WorkTab(id: "balances")
}

extension BalancesFeature: StoredWorkTabFeature {
    public static var tab: WorkTab { .balances }
    public static var title: String { L("tabs.balances") }
    public static var capability: Capability { .folios }
    /// The manager's: who may let a guest leave owing money (docs/api.md, the roles).
    public static func isReadable(with permissions: [Permission]) -> Bool {
        permissions.contains(.foliosApproveOpenBalance) && permissions.contains(.reservationsRead)
    }
    public static var isLive: Bool { true }
    public static var actionLetters: Set<Character> { [] }
    public static var contextEffects: [EffectID] { [readID] }
    public static func savedReadAnswered(_ state: State) -> Bool { state.savedAnswered }

    public static func content(_ tab: BalancesTab.State) -> ScreenBody {
        ScreenBody(BalancesView.view(tab.feature), help: BalancesView.helpKeys)
    }

    public static func isEditingText(_ tab: BalancesTab.State) -> Bool { false }

    public static func clients(from environment: WorkTabs.Environment) -> BalancesTab.Clients {
        let today = environment.today
        return BalancesTab.Clients(environment: { context in BalancesEnvironment(today.environment(context)) })
    }
}

extension BalancesFeature.State: WorkTabFeatureState {
    public static var initial: Self { Self() }
}

extension BalancesFeature.Action: WorkTabFeatureAction {
    public static func openTask(_ id: TaskID) -> Self? { nil }
    public static var liveRefreshAction: Self? { .liveRefresh }

    public var workDelegate: WorkTabDelegate? {
        if case .delegate(let delegate) = self { delegate } else { nil }
    }

    public var readConnection: ConnectionState? {
        if case .read(let result) = self { return result.connection }
        return nil
    }
}
