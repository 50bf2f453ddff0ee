import Catalog
import Foundation
import GuestCraftAPI

/// The Search tab: one text, sent when submitted (at least 2 characters), finds the property's
/// reservations and the workspace's guests, 20 of each, each kind only with its permission.
/// Offline it says search needs the instance and offers Today's saved lists. Enter opens a result.
public struct SearchFeature: Reducer {
    public struct State: Sendable, Equatable {
        /// What is typed.
        public var query: TextInput
        /// The field takes the keys (on opening, after `/`), until Enter, Esc or ↓.
        public var isEditing: Bool
        /// The text of the last search sent, and its results once they came.
        public var searched: String?
        public var results: SearchResults?
        public var isSearching: Bool
        /// The last search got no answer: search needs the instance.
        public var isOffline: Bool
        public var notice: Notice?
        public var focus: RowID?
        public var badge: OutboxBadge
        public var hasLoaded: Bool
        /// The reservation or guest screens opened from a result; nil on the results.
        public var detail: DeskDetail.State?

        public init(query: TextInput = TextInput(limit: 100), isEditing: Bool = true, searched: String? = nil,
                    results: SearchResults? = nil, isSearching: Bool = false, isOffline: Bool = false,
                    notice: Notice? = nil, focus: RowID? = nil, badge: OutboxBadge = OutboxBadge(),
                    hasLoaded: Bool = false, detail: DeskDetail.State? = nil) {
            self.detail = detail
            self.query = query
            self.isEditing = isEditing
            self.searched = searched
            self.results = results
            self.isSearching = isSearching
            self.isOffline = isOffline
            self.notice = notice
            self.focus = focus
            self.badge = badge
            self.hasLoaded = hasLoaded
        }

        /// The focusable rows in order: the offer of Today's lists when offline, then the
        /// reservations, then the guests.
        public var rowIDs: [RowID] {
            var rows: [RowID] = isOffline ? [SearchView.todayOfferID] : []
            rows += (results?.reservations ?? []).map(SearchView.rowID)
            rows += (results?.guests ?? []).map(SearchView.rowID)
            return rows
        }
    }

    public enum Action: Sendable, Equatable {
        // The cases every work tab has (`WorkTabFeatureAction`), then the tab's own.
        case appeared, refresh, keyPressed(Key), pasted(String), rowClicked(RowID), badgeChanged(OutboxBadge)
        case outboxEdited, outboxRoundFinished
        /// The instance answered: a search that got no answer (or the screen over it) runs again.
        case readOffline
        case searched(String, ReadResult<SearchResults>)
        case detail(DeskDetail.Action)
        case delegate(WorkTabDelegate)
    }

    /// The fewest characters a search takes (docs/api.md `search`).
    public static let shortest = 2

    let environment: SearchEnvironment

    public init(environment: SearchEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            if state.detail != nil { return detail(.appeared, &state) }
            state.hasLoaded = true
            if state.results == nil && !state.isOffline { state.isEditing = true }
            return .none
        case .refresh:
            if state.detail != nil { return detail(.refresh, &state) }
            guard let searched = state.searched else { return .none }
            return search(searched, &state)
        case .readOffline:
            if state.detail != nil { return detail(.readOffline, &state) }
            guard state.isOffline, !state.isSearching, let searched = state.searched else { return .none }
            return search(searched, &state)
        case .keyPressed(let key):
            if state.detail != nil { return host.key(key, &state, badge: state.badge) }
            return state.isEditing ? fieldKey(key, &state) : listKey(key, &state)
        case .pasted(let text):
            if state.detail != nil { return detail(.pasted(text), &state) }
            state.isEditing = true
            state.query.insert(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
            return .none
        case .rowClicked(let id):
            if state.detail != nil { return detail(.rowClicked(id), &state) }
            guard state.rowIDs.contains(id) else { return .none }
            state.focus = id
            state.isEditing = false
            return .none
        case .badgeChanged(let badge):
            state.badge = badge
            return .none
        case .outboxEdited, .outboxRoundFinished:
            return .none
        case .searched(let text, let result):
            guard text == state.searched else { return .none }
            state.isSearching = false
            switch result {
            case .fresh(let results, _):
                state.results = results
                state.isOffline = false
                state.notice = nil
                state.focus = state.rowIDs.first
                if state.focus != nil { state.isEditing = false }
            case .offline:
                state.isOffline = true
                state.results = nil
                state.focus = SearchView.todayOfferID
                state.isEditing = false
            case .forbidden:
                state.results = nil
                state.notice = Notice(.warning, L("search.forbidden"))
            case .sessionEnded:
                return .send(.delegate(.sessionEnded))
            case .failed(let code):
                state.notice = Notice(.error, code == "search.query_too_short" ? L("search.too_short")
                                                                              : ErrorText.readFailure(problemCode: code))
            }
            return .none
        case .detail(let action):
            return detail(action, &state)
        case .delegate:
            return .none
        }
    }

    /// The reservation and guest screens over the results; back on the results, the search runs
    /// again, so what was done there shows.
    var host: DeskDetailHost<State, Action> {
        let feature = self
        return DeskDetailHost(detail: \.detail, environment: environment.detail, embed: Action.detail,
                              delegate: Action.delegate, closed: { feature.reduce(into: &$0, action: .refresh) })
    }

    /// The reservation screens' action (nothing when none is open).
    func detail(_ action: DeskDetail.Action, _ state: inout State) -> Effect<Action> {
        host.reduce(action, &state)
    }

    /// Enter on a result: its reservation or guest.
    func openFocused(_ state: inout State) -> Effect<Action> {
        guard let focus = state.focus, let results = state.results else { return .none }
        if let found = results.reservations?.first(where: { SearchView.rowID($0) == focus }) {
            return host.open(DeskDetail.reservation(found.id, code: found.code), &state)
        }
        if let found = results.guests?.first(where: { SearchView.rowID($0) == focus }) {
            return host.open(DeskDetail.guest(found.id, name: found.name), &state)
        }
        return .none
    }

    func fieldKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        switch key {
        case .enter:
            let text = state.query.trimmed
            guard text.count >= Self.shortest else {
                state.notice = Notice(.info, L("search.too_short"))
                return .none
            }
            return search(text, &state)
        case .escape, .down, .tab:
            guard !state.rowIDs.isEmpty else { return .none }
            state.isEditing = false
            if state.focus == nil { state.focus = state.rowIDs.first }
        default:
            _ = state.query.apply(key)
        }
        return .none
    }

    func listKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        if let delegate = WorkNotices.outboxKey(key, state.badge) { return .send(.delegate(delegate)) }
        let rows = state.rowIDs
        let index = state.focus.flatMap { rows.firstIndex(of: $0) }
        switch key {
        case .character("/"):
            state.isEditing = true
        case .up, .character("k"):
            guard let index, index > 0 else { state.isEditing = true; return .none }
            state.focus = rows[index - 1]
        case .down, .character("j"):
            guard !rows.isEmpty else { return .none }
            state.focus = rows[min((index ?? -1) + 1, rows.count - 1)]
        case .home: state.focus = rows.first
        case .end: state.focus = rows.last
        case .character("r"):
            return reduce(into: &state, action: .refresh)
        case .enter where state.focus == SearchView.todayOfferID:
            return .send(.delegate(.openTab(.today)))
        case .enter:
            return openFocused(&state)
        default:
            break
        }
        return .none
    }

    func search(_ text: String, _ state: inout State) -> Effect<Action> {
        state.searched = text
        state.isSearching = true
        state.notice = nil
        let search = environment.search
        return .run(id: Self.searchID, cancelInFlight: true) { send in
            send(.searched(text, await search(text)))
        }
    }

    static let searchID: EffectID = "search.read"
}
