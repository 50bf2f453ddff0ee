import Catalog
import Foundation
import GuestCraftAPI

/// The Today tab: the property's arrivals, departures and guests in house on its business date,
/// which it names; an arrival shows whether its room is ready, a departure whether money is owed.
/// `/` filters by name, code or room as typed; Enter opens the reservation; `r` reads again;
/// `p` writes the downtime report. Saved like every work screen.
public struct TodayFeature: Reducer {
    public struct State: Sendable, Equatable {
        public var overview: TodayOverview?
        public var freshness: Freshness
        /// The saved read of the first opening has answered (a copy or none): from the frame drawn
        /// after it, the start is over and the network may load (#18, `AppView.isStartedScreen`).
        public var savedAnswered: Bool = false
        public var lastUpdated: String?
        /// The last sentence for the person (a failed read, the report written).
        public var notice: Notice?
        public var badge: OutboxBadge
        public var hasLoaded: Bool
        /// The focused stay's row.
        public var focus: RowID?
        /// What filters the lists (name, code or room), kept after Enter.
        public var filter: TextInput
        /// The filter takes the keys (after `/`, until Enter or Esc).
        public var isFiltering: Bool
        /// The date at the property (its time zone) when the overview landed: later than the
        /// business date means the night audit has not closed it yet.
        public var propertyDate: BusinessDate?
        /// The report just written, which `p` again prints where `lp` exists.
        public var printable: String?
        /// The reservation (and guest) screens opened from a stay; nil on the lists.
        public var detail: DeskDetail.State?
        /// The list read under way follows the instance on its own (changed stays are marked).
        public var following: Bool = false
        /// Stays whose line changed when the lists last followed the instance (a room that
        /// became ready, a guest checked in at another desk), marked until the next such read.
        public var changed: Set<StayID> = []
        /// Each list's count while the lists show the head of the saved copy (#34): the start's
        /// first frame, drawn while the whole copy is read; nil once it is (or was never shown).
        public var previewCounts: TodayCounts?

        public init(overview: TodayOverview? = nil, freshness: Freshness = .loading, lastUpdated: String? = nil,
                    notice: Notice? = nil, badge: OutboxBadge = OutboxBadge(), hasLoaded: Bool = false,
                    focus: RowID? = nil, filter: TextInput = TextInput(limit: 80), isFiltering: Bool = false,
                    propertyDate: BusinessDate? = nil, printable: String? = nil, detail: DeskDetail.State? = nil) {
            self.detail = detail
            self.overview = overview
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.notice = notice
            self.badge = badge
            self.hasLoaded = hasLoaded
            self.focus = focus
            self.filter = filter
            self.isFiltering = isFiltering
            self.propertyDate = propertyDate
            self.printable = printable
        }

        /// The business date has ended at the property but the night audit has not closed it.
        public var auditPending: Bool {
            guard let overview, let propertyDate else { return false }
            return propertyDate > overview.businessDate
        }

        /// The lists as shown: each section's stays that match the filter.
        public var sections: [TodaySection] {
            guard let overview else { return [] }
            let filter = filter.trimmed
            return TodaySection.Kind.allCases.map { kind in
                let stays = kind.stays(of: overview)
                return TodaySection(kind: kind, total: previewCounts.map(kind.total) ?? stays.count,
                                    stays: filter.isEmpty ? stays : stays.filter { $0.matches(filter) })
            }
        }

        /// The focusable rows in order.
        public var rowIDs: [RowID] {
            sections.flatMap { section in section.stays.map { TodaySection.rowID(section.kind, $0) } }
        }

        /// The stay of a row.
        public func stay(_ row: RowID) -> StaySummary? {
            for section in sections {
                if let stay = section.stays.first(where: { TodaySection.rowID(section.kind, $0) == row }) { return stay }
            }
            return nil
        }
    }

    public enum Action: Sendable, Equatable {
        // The cases every work tab has (`WorkTabFeatureAction`), then the tab's own.
        case appeared, refresh, keyPressed(Key), pasted(String), rowClicked(RowID), badgeChanged(OutboxBadge)
        case outboxEdited, outboxRoundFinished
        /// The instance answered: the lists, or the reservation over them, read again if they say Offline.
        case readOffline
        case savedLoaded(SavedCopy<TodayOverview>?, NoMarks)
        /// The head of the saved copy, read ahead by the start (#34), shown until the whole copy is.
        case savedPreviewLoaded(TodayPreview)
        case todayRead(ReadResult<TodayOverview>, NoMarks)
        case reportWritten(ReportWritten)
        case reportPrinted(Bool)
        /// `guestcraft open reservation/<code>`.
        case openReservationCode(String)
        case detail(DeskDetail.Action)
        /// The tab is on screen and it is time to follow the instance (AppReducer+Live).
        case liveRefresh
        case delegate(WorkTabDelegate)
    }

    let environment: TodayEnvironment

    public init(environment: TodayEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            let list = listRead.appeared(hasLoaded: &state.hasLoaded, freshness: &state.freshness,
                                         lastUpdated: state.lastUpdated)
            return .merge(list, detail(.appeared, &state))
        case .refresh:
            state.following = false
            return .merge(listRead.fresh(&state), detail(.refresh, &state))
        case .readOffline:
            var effects = [detail(.readOffline, &state)]
            if state.freshness.isOffline {
                state.following = false
                effects.append(listRead.fresh(&state))
            }
            return .merge(effects)
        case .liveRefresh:
            // The lists follow the instance; a reservation open over them is left as it is
            // (a question or a reason may be under way there) and read again on the way back.
            guard state.detail == nil else { return .none }
            state.following = true
            return listRead.follow()
        case .keyPressed(let key):
            // A passing sentence (the report written, printed) goes with the next key; a warning
            // or an error stays until what it says changes (#30).
            if state.notice?.level == .info { state.notice = nil }
            if state.detail != nil { return host.key(key, into: &state, badge: state.badge) }
            if state.isFiltering { return filterKey(key, &state) }
            return listKey(key, &state)
        case .pasted(let text):
            if state.detail != nil { return detail(.pasted(text), &state) }
            guard state.isFiltering else { return .none }
            state.filter.insert(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
            keepFocusVisible(&state)
            return .none
        case .rowClicked(let id):
            if state.detail != nil { return detail(.rowClicked(id), &state) }
            guard state.stay(id) != nil else { return .none }
            state.focus = id
            state.isFiltering = false
            return .none
        case .badgeChanged(let badge):
            state.badge = badge
            return .none
        case .outboxEdited, .outboxRoundFinished:
            // Today shows no outbox marks: desk actions are online only.
            return .none
        case .savedPreviewLoaded(let preview):
            // Only over nothing shown and nothing filtered: the head is the top of the lists as
            // the whole copy shows them, and the counts are the whole copy's.
            guard !state.savedAnswered, state.overview == nil, state.filter.isEmpty else { return .none }
            show(preview.first.value, &state)
            state.previewCounts = preview.counts
            state.lastUpdated = environment.formatTime(preview.first.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            return .none
        case .savedLoaded(let copy, _):
            state.savedAnswered = true
            let shownHead = state.previewCounts != nil
            state.previewCounts = nil
            guard let copy else {
                // The head was shown but the whole copy could not be read: the head alone is not the lists.
                if shownHead { state.overview = nil; state.focus = nil }
                return .none
            }
            show(copy.value, &state)
            state.lastUpdated = environment.formatTime(copy.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            return .none
        case .todayRead(let result, _):
            let landing = result.land(freshness: &state.freshness, lastUpdated: &state.lastUpdated, notice: &state.notice,
                                      hasContent: state.overview != nil, forbidden: L("today.forbidden"),
                                      formatTime: environment.formatTime)
            let following = state.following
            state.following = false
            switch landing {
            case .show(let overview):
                let before = state.overview
                show(overview, &state)
                state.changed = following ? Self.changedStays(from: before, to: overview) : []
            case .empty:
                state.overview = nil
                state.focus = nil
            case .sessionEnded: return .send(.delegate(.sessionEnded))
            case .keep: break
            }
            return .none
        case .reportWritten(let written):
            switch written {
            case .written(let path, let canPrint):
                state.printable = canPrint ? path : nil
                state.notice = Notice(.info, canPrint ? L("today.report.written_print", ["path": path])
                                                      : L("today.report.written", ["path": path]))
            case .nothingSaved:
                state.printable = nil
                state.notice = Notice(.warning, L("today.report.nothing_saved"))
            case .failed:
                state.printable = nil
                state.notice = Notice(.error, L("today.report.failed"))
            }
            return .none
        case .reportPrinted(let printed):
            state.notice = printed ? Notice(.info, L("today.report.printed")) : Notice(.error, L("today.report.not_printed"))
            return .none
        case .openReservationCode(let code):
            return host.present(DeskDetail.reservationCode(code), into: &state)
        case .detail(let action):
            return detail(action, &state)
        case .delegate:
            return .none
        }
    }

    /// The reservation screens over the lists; back on the lists, they are read again (a
    /// check-in made there shows at once; a 304 else).
    var host: Presents<State, Action, DeskDetail> {
        let listRead = self.listRead
        return Presents(state: \.detail, child: DeskDetail(environment: environment.detail), embed: Action.detail,
                        delegate: Action.delegate, dismissed: { state, _ in listRead.fresh(&state) })
    }

    /// The reservation screens' action (nothing when none is open).
    func detail(_ action: DeskDetail.Action, _ state: inout State) -> Effect<Action> {
        host.reduce(action, into: &state)
    }

    // MARK: Keys

    func listKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        if let delegate = WorkNotices.outboxKey(key, state.badge) { return .send(.delegate(delegate)) }
        let printable = state.printable
        if key != .character("p") { state.printable = nil }
        if let move = ListFocus.move(for: key) {
            if let focus = ListFocus.id(move, in: state.rowIDs, current: state.focus) { state.focus = focus }
            return .none
        }
        switch key {
        case .character("/"):
            state.isFiltering = true
        case .character("]"): jump(by: 1, &state)
        case .character("["): jump(by: -1, &state)
        case .escape where !state.filter.isEmpty:
            state.filter = TextInput(limit: state.filter.limit)
            keepFocusVisible(&state)
        case .character("r"):
            state.following = false
            return listRead.fresh(&state)
        case .enter:
            guard let focus = state.focus, let stay = state.stay(focus) else { return .none }
            return host.present(DeskDetail.reservation(stay.reservation.id, code: stay.reservation.code), into: &state)
        case .character("p"):
            let environment = self.environment
            if let path = printable {
                state.printable = nil
                return .run { send in send(.reportPrinted(await environment.printReport(path))) }
            }
            return .run { send in send(.reportWritten(await environment.writeReport())) }
        default:
            break
        }
        return .none
    }

    func filterKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        switch key {
        case .enter, .down, .tab:
            state.isFiltering = false
        case .escape:
            state.filter = TextInput(limit: state.filter.limit)
            state.isFiltering = false
        case .up:
            break
        default:
            guard state.filter.apply(key) else { return .none }
        }
        keepFocusVisible(&state)
        return .none
    }

    /// `]` / `[`: to the first stay of the next (previous) list that shows any, from the
    /// focused stay's list; nothing past the last (first) one.
    func jump(by delta: Int, _ state: inout State) {
        let sections = state.sections
        let current = state.focus.flatMap { focus in
            sections.firstIndex { section in section.stays.contains { TodaySection.rowID(section.kind, $0) == focus } }
        } ?? (delta > 0 ? -1 : sections.count)
        var index = current + delta
        while sections.indices.contains(index) {
            if let stay = sections[index].stays.first {
                state.focus = TodaySection.rowID(sections[index].kind, stay)
                return
            }
            index += delta
        }
    }

    /// The focus stays on its stay while it is shown (in whichever list it moved to: an arrival
    /// checked in is in house now), else goes to the row at its place, else the first shown.
    func keepFocusVisible(_ state: inout State, near position: Int? = nil) {
        let rows = state.rowIDs
        if let focus = state.focus, rows.contains(focus) { return }
        if let focus = state.focus, let stay = TodaySection.stayID(of: focus),
           let moved = rows.first(where: { TodaySection.stayID(of: $0) == stay }) {
            state.focus = moved
            return
        }
        if let position, !rows.isEmpty {
            state.focus = rows[min(position, rows.count - 1)]
            return
        }
        state.focus = rows.first
    }

    func show(_ overview: TodayOverview, _ state: inout State) {
        let position = state.focus.flatMap { state.rowIDs.firstIndex(of: $0) }
        state.overview = overview
        state.propertyDate = environment.propertyDate(overview.timeZone)
        keepFocusVisible(&state, near: position)
    }

    /// The stays whose line reads otherwise in `after` than in `before`: another list, room,
    /// room status, stay status or amount owed.
    static func changedStays(from before: TodayOverview?, to after: TodayOverview) -> Set<StayID> {
        guard let before else { return [] }
        func lines(_ overview: TodayOverview) -> [StayID: String] {
            var lines: [StayID: String] = [:]
            for kind in TodaySection.Kind.allCases {
                for stay in kind.stays(of: overview) {
                    lines[stay.stayID, default: ""] += "\(kind.rawValue) \(stay.unit?.id.rawValue ?? "-") "
                        + "\(stay.unitStatus?.rawValue ?? "-") \(stay.status.rawValue) \(stay.balanceMinor ?? -1)|"
                }
            }
            return lines
        }
        let (old, new) = (lines(before), lines(after))
        return Set(new.compactMap { id, line in old[id].map { $0 == line ? nil : id } ?? nil })
    }

    // MARK: Reads

    static let readID: EffectID = "today.read"

    var listRead: ListRead<TodayOverview, NoMarks, Action> {
        let preview = environment.savedTodayPreview
        return ListRead(id: Self.readID, saved: environment.savedToday, fetch: environment.fetchToday,
                        pending: { NoMarks() }, savedLoaded: Action.savedLoaded, read: Action.todayRead,
                        preview: { await preview().map(Action.savedPreviewLoaded) })
    }
}

/// The outbox's marks of a list that shows none (Today, Search).
public struct NoMarks: Sendable, Equatable {
    public init() {}
}

/// One of Today's lists as shown: its stays that match the filter, and how many it has.
public struct TodaySection: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        case arrivals, departures, inHouse = "in_house"

        func stays(of overview: TodayOverview) -> [StaySummary] {
            switch self {
            case .arrivals: overview.arrivals
            // The stays overdue (due out before the business date, never checked out) lead, the
            // longest overdue first: they are what the desk must not miss after the night audit.
            case .departures: overview.overdue.isEmpty ? overview.departures : overview.overdueFirst + overview.departures
            case .inHouse: overview.inHouse
            }
        }
    }

    public var kind: Kind
    public var total: Int
    public var stays: [StaySummary]

    static func rowID(_ kind: Kind, _ stay: StaySummary) -> RowID {
        RowID("today." + kind.rawValue + "." + stay.stayID.rawValue)
    }

    /// The stay of a row id.
    static func stayID(of row: RowID) -> StayID? {
        let parts = row.rawValue.split(separator: ".", maxSplits: 2)
        guard parts.count == 3, parts[0] == "today" else { return nil }
        return StayID(String(parts[2]))
    }
}

extension TodayOverview {
    /// The overdue stays by the date they were due out (the instance's order within a date).
    var overdueFirst: [StaySummary] {
        overdue.enumerated().sorted { ($0.element.checkOutDate, $0.offset) < ($1.element.checkOutDate, $1.offset) }
            .map(\.element)
    }
}

extension StaySummary {
    /// Whether the stay was due out before `businessDate` (overdue: never checked out).
    func isOverdue(on businessDate: BusinessDate) -> Bool { checkOutDate < businessDate }

    /// Whether the typed filter names this stay: its guest or reservation code contain it, or
    /// its room number starts with it — folded as the instance's search folds (`SearchFolding`:
    /// case, accents, and ü = ue, ö = oe, ä = ae, ß = ss).
    func matches(_ filter: String) -> Bool {
        if SearchFolding.text(guestName, contains: filter) { return true }
        if SearchFolding.text(reservation.code, contains: filter) { return true }
        if let number = unit?.number, SearchFolding.text(number, startsWith: filter) { return true }
        return false
    }

    /// Nights from check-in to check-out.
    var nights: Int { checkInDate.days(until: checkOutDate) }
}

extension TodayFeature.State: ListReadState {}
