import Catalog
import GuestCraftAPI
import ClientModel

/// The Search feature in the app's Search slot (see `WorkFeatureTab`).
public typealias SearchTab = WorkFeatureTab<SearchFeature>

extension WorkTab {
    public static let search = WorkTab(id: "search")
}

extension SearchFeature: WorkTabFeature {
    public static var tab: WorkTab { .search }
    public static var title: String { L("tabs.search") }
    public static var capability: Capability { .reservations }
    public static func isReadable(with permissions: [Permission]) -> Bool { permissions.contains(.reservationsRead) || permissions.contains(.guestsRead) }
    public static var isLive: Bool { false }
    /// The reservation and guest screens (DeskDetail): assign, unassign, check in, check out, undo,
    /// guest.
    public static var actionLetters: Set<Character> { ["a", "u", "c", "o", "z", "g"] }
    public static var contextEffects: [EffectID] { [searchID] + DeskDetail.effectIDs }
}

extension SearchFeature.State: WorkTabFeatureState {
    public static var initial: Self { Self() }
}

extension SearchFeature.Action: WorkTabFeatureAction {
    public static func openTask(_ id: TaskID) -> Self? { nil }

    public var workDelegate: WorkTabDelegate? {
        if case .delegate(let delegate) = self { delegate } else { nil }
    }

    public var readConnection: ConnectionState? {
        if case .searched(_, let result) = self { return result.connection }
        return nil
    }
}

extension SearchFeature {
    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: SearchTab.State) -> ScreenBody {
        if let detail = state.feature.detail { return DeskDetail.content(detail, badge: state.feature.badge) }
        return ScreenBody(SearchView.view(state.feature), help: SearchView.helpKeys(state.feature))
    }

    /// Whether printable keys go to the tab: always on the results page (they edit the search
    /// text, over the results too: #30), and on a reservation while a reason is typed.
    public static func isEditingText(_ state: SearchTab.State) -> Bool {
        state.feature.detail.map(DeskDetail.isEditingText) ?? true
    }

    /// Whether `?` is the help although the tab takes printable keys: on the results page (no
    /// code, name, room, e-mail or phone has a "?"); a reason field on a reservation types it.
    public static func keepsHelpKey(_ state: SearchTab.State) -> Bool {
        state.feature.detail == nil
    }
}
