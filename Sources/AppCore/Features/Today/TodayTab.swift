import Catalog
import GuestCraftAPI
import ClientModel

/// The Today feature in the app's Today slot (see `WorkFeatureTab`).
public typealias TodayTab = WorkFeatureTab<TodayFeature>

extension WorkTab {
    public static let today = WorkTab(id: "today")
}

extension TodayFeature: WorkTabFeature {
    public static var tab: WorkTab { .today }
    public static var title: String { L("tabs.today") }
    public static var capability: Capability { .frontDesk }
    public static func isReadable(with permissions: [Permission]) -> Bool { permissions.contains(.reservationsRead) }
    public static var isLive: Bool { true }
    /// The reservation and guest screens (DeskDetail): assign, unassign, check in, check out, undo,
    /// guest; and the downtime report, printed.
    public static var actionLetters: Set<Character> { ["a", "u", "c", "o", "z", "g", "p"] }
    public static func savedReadAnswered(_ state: State) -> Bool { state.savedAnswered }
    public static var contextEffects: [EffectID] { [readID] + DeskDetail.effectIDs }
}

extension TodayFeature.State: WorkTabFeatureState {
    public static var initial: Self { Self() }
}

extension TodayFeature.Action: WorkTabFeatureAction {
    public static func openTask(_ id: TaskID) -> Self? { nil }
    public static func openReservation(_ code: String) -> Self? { .openReservationCode(code) }
    public static var liveRefreshAction: Self? { .liveRefresh }

    public var workDelegate: WorkTabDelegate? {
        if case .delegate(let delegate) = self { delegate } else { nil }
    }

    public var readConnection: ConnectionState? {
        if case .todayRead(let result, _) = self { return result.connection }
        return nil
    }

    /// A fresh Today names the property's business date (a saved copy does not: it may be
    /// yesterday's).
    public var readBusinessDate: BusinessDate? {
        if case .todayRead(.fresh(let overview, _), _) = self { return overview.businessDate }
        return nil
    }
}

extension TodayFeature {
    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: TodayTab.State) -> ScreenBody {
        if let detail = state.feature.detail { return DeskDetail.content(detail, badge: state.feature.badge) }
        return ScreenBody(TodayView.view(state.feature), help: TodayView.helpKeys(state.feature))
    }

    /// Whether printable keys go to the tab: while the filter or a reason is typed.
    public static func isEditingText(_ state: TodayTab.State) -> Bool {
        state.feature.detail.map(DeskDetail.isEditingText) ?? state.feature.isFiltering
    }
}
