import Catalog
import Foundation
import GuestCraftAPI

/// The Search tab: one text, sent when submitted (at least 2 characters), finds the property's
/// reservations and the workspace's guests, 20 of each, each kind only with its permission; a
/// room number also finds the stay in that room tonight (`RoomSearch`). Offline it says search
/// needs the instance and offers Today's saved lists. Every printable key edits the text, over
/// the results too (#30: the `q` of "Jacques" quit, its `r` searched again); the arrows,
/// PgUp/PgDn and Home/End move through the results and Enter opens one.
public struct SearchFeature: Reducer {
    public struct State: Sendable, Equatable {
        /// What is typed.
        public var query: TextInput
        /// The cursor is in the field (on opening, on typing, ↑ from the first result), until
        /// the results come, Esc or ↓. Printable keys edit the text either way.
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
        /// The stays tonight in the room the search names, when it is a room number.
        public var room: RoomStays?

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

        /// The focusable rows in order: the stays of the room the text names, the offer of
        /// Today's lists when offline, then the reservations, then the guests.
        public var rowIDs: [RowID] {
            var rows: [RowID] = (room?.stays ?? []).map(SearchView.rowID)
            if isOffline { rows.append(SearchView.todayOfferID) }
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
        case roomSearched(String, RoomStays?)
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
            if state.detail != nil { return host.key(key, into: &state, badge: state.badge) }
            return pageKey(key, &state)
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
            // Typed on since it was sent: the cursor stays in the field, so Enter searches what
            // is typed now rather than opening a result of the older text.
            let typedOn = state.query.trimmed != text
            switch result {
            case .fresh(let results, _):
                state.results = results
                state.isOffline = false
                state.notice = nil
                state.focus = state.rowIDs.first
                if state.focus != nil, !typedOn { state.isEditing = false }
            case .offline:
                state.isOffline = true
                state.results = nil
                state.focus = state.rowIDs.first
                if !typedOn { state.isEditing = false }
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
        case .roomSearched(let text, let room):
            guard text == state.searched else { return .none }
            state.room = room
            return .none
        case .detail(let action):
            return detail(action, &state)
        case .delegate:
            return .none
        }
    }

    /// The reservation and guest screens over the results; back on the results, the search runs
    /// again, so what was done there shows.
    var host: Presents<State, Action, DeskDetail> {
        let feature = self
        return Presents(state: \.detail, child: DeskDetail(environment: environment.detail), embed: Action.detail,
                        delegate: Action.delegate, dismissed: { state, _ in feature.reduce(into: &state, action: .refresh) })
    }

    /// The reservation screens' action (nothing when none is open).
    func detail(_ action: DeskDetail.Action, _ state: inout State) -> Effect<Action> {
        host.reduce(action, into: &state)
    }

    /// Enter on a result: its reservation or guest (a room's stay: its reservation).
    func openFocused(_ state: inout State) -> Effect<Action> {
        guard let focus = state.focus else { return .none }
        if let stay = state.room?.stays.first(where: { SearchView.rowID($0) == focus }) {
            return host.present(DeskDetail.reservation(stay.reservation.id, code: stay.reservation.code), into: &state)
        }
        guard let results = state.results else { return .none }
        if let found = results.reservations?.first(where: { SearchView.rowID($0) == focus }) {
            return host.present(DeskDetail.reservation(found.id, code: found.code), into: &state)
        }
        if let found = results.guests?.first(where: { SearchView.rowID($0) == focus }) {
            return host.present(DeskDetail.guest(found.id, name: found.name), into: &state)
        }
        return .none
    }

    /// A key on the results page (no reservation open). Printable keys, Backspace, Delete,
    /// ←/→ and the field's Ctrl keys edit the text wherever the focus is, and put the cursor
    /// back in the field; ↑↓, PgUp/PgDn and Home/End (on the results) move; Enter searches from
    /// the field and opens a result.
    func pageKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        let rows = state.rowIDs
        // The position of the focus: -1 for the field.
        let position = state.isEditing ? -1 : state.focus.flatMap { rows.firstIndex(of: $0) } ?? -1
        func move(to target: Int) {
            guard !rows.isEmpty else { return }
            if target < 0 {
                state.isEditing = true
            } else {
                state.isEditing = false
                state.focus = rows[min(target, rows.count - 1)]
            }
        }
        switch key {
        case .enter where position < 0:
            return submit(&state)
        case .enter where state.focus == SearchView.todayOfferID:
            return .send(.delegate(.openTab(.today)))
        case .enter:
            return openFocused(&state)
        case .escape where position < 0, .down where position < 0, .tab where position < 0:
            // From the field to the result last focused (the first at first).
            guard !rows.isEmpty else { return .none }
            move(to: state.focus.flatMap { rows.firstIndex(of: $0) } ?? 0)
        case .up where position <= 0, .backTab where position <= 0, .pageUp where position <= 0:
            // Up from the first result goes back to the field; in the field it does nothing.
            if position == 0 { move(to: -1) }
        case .escape:
            break
        default:
            // The results move as every list does (PgDn from the field counts from above the
            // first); Home and End in the field move its cursor.
            if let step = ListFocus.move(for: key, keys: .tabs), position >= 0 || (step != .first && step != .last) {
                guard let target = ListFocus.index(step, count: rows.count, current: position < 0 ? nil : position)
                else { return .none }
                move(to: target)
                return .none
            }
            guard state.query.apply(key) else { return .none }
            state.isEditing = true
        }
        return .none
    }

    /// Enter in the field: the text is searched (at least 2 characters).
    func submit(_ state: inout State) -> Effect<Action> {
        let text = state.query.trimmed
        guard text.count >= Self.shortest else {
            state.notice = Notice(.info, L("search.too_short"))
            return .none
        }
        return search(text, &state)
    }

    /// Sends the search; a text that may be a room number is looked up in the saved rooms and
    /// Today's list beside it, and its stays come first.
    func search(_ text: String, _ state: inout State) -> Effect<Action> {
        state.searched = text
        state.isSearching = true
        state.notice = nil
        state.room = nil
        let (search, savedUnits, today) = (environment.search, environment.savedUnits, environment.today)
        return .run(id: Self.searchID, cancelInFlight: true) { send in
            async let found = search(text)
            if RoomSearch.mayBeRoom(text) {
                let units = await savedUnits()
                send(.roomSearched(text, RoomSearch.stays(text, units: units, today: await today())))
            }
            send(.searched(text, await found))
        }
    }

    static let searchID: EffectID = "search.read"
}
