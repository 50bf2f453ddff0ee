import Catalog
import Foundation
import GuestCraftAPI

/// Open balances (the manager's): the stays due out today, and those overdue, whose folio still
/// owes money, largest first, with the total per currency — who to see before they leave, and
/// whose check-out will need `folios.approve_open_balance`. Read from Today's answer (its saved
/// copy first), so it works offline as Today does.
public struct BalancesFeature: Reducer {
    public struct State: Equatable, Sendable {
        /// The stays that owe, largest first; nil before the first read answered.
        public var owing: [StaySummary]?
        public var businessDate: BusinessDate?
        public var focus: StayID?
        public var freshness: Freshness
        public var lastUpdated: String?
        public var notice: Notice?
        public var badge: OutboxBadge
        public var hasLoaded: Bool
        public var savedAnswered: Bool

        public init(owing: [StaySummary]? = nil, businessDate: BusinessDate? = nil, focus: StayID? = nil,
                    freshness: Freshness = .loading, lastUpdated: String? = nil, notice: Notice? = nil,
                    badge: OutboxBadge = OutboxBadge(), hasLoaded: Bool = false, savedAnswered: Bool = false) {
            self.owing = owing
            self.businessDate = businessDate
            self.focus = focus
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.notice = notice
            self.badge = badge
            self.hasLoaded = hasLoaded
            self.savedAnswered = savedAnswered
        }
    }

    public enum Action: Equatable, Sendable {
        case appeared, refresh, liveRefresh, readOffline, outboxEdited, outboxRoundFinished
        case keyPressed(Key)
        case pasted(String)
        case rowClicked(RowID)
        case badgeChanged(OutboxBadge)
        case savedLoaded(SavedCopy<TodayOverview>?)
        case read(ReadResult<TodayOverview>)
        case delegate(WorkTabDelegate)
    }

    let environment: BalancesEnvironment

    public init(environment: BalancesEnvironment) {
        self.environment = environment
    }

    static let readID = EffectID("balances.read")

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            guard state.hasLoaded else {
                state.hasLoaded = true
                let (saved, fetch) = (environment.savedToday, environment.fetchToday)
                return .run(id: Self.readID, cancelInFlight: true) { send in
                    send(.savedLoaded(await saved()))
                    send(.read(await fetch()))
                }
            }
            return fresh(&state)
        case .refresh:
            return fresh(&state)
        case .liveRefresh, .readOffline:
            guard action == .liveRefresh || state.freshness.isOffline else { return .none }
            return follow()
        case .outboxEdited, .outboxRoundFinished, .pasted:
            return .none
        case .keyPressed(let key):
            return keyPressed(key, &state)
        case .rowClicked(let id):
            if let stay = state.owing?.first(where: { Self.rowID($0) == id }) { state.focus = stay.stayID }
            return .none
        case .badgeChanged(let badge):
            state.badge = badge
            return .none
        case .savedLoaded(let copy):
            state.savedAnswered = true
            guard let copy, state.owing == nil else { return .none }
            show(copy.value, &state)
            state.lastUpdated = environment.formatTime(copy.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            return .none
        case .read(let result):
            state.savedAnswered = true
            switch result.land(freshness: &state.freshness, lastUpdated: &state.lastUpdated, notice: &state.notice,
                               hasContent: state.owing != nil, forbidden: L("balances.forbidden"),
                               formatTime: environment.formatTime) {
            case .show(let overview): show(overview, &state)
            case .empty: state.owing = nil
            case .sessionEnded: return .send(.delegate(.sessionEnded))
            case .keep: break
            }
            return .none
        case .delegate:
            return .none
        }
    }

    private func fresh(_ state: inout State) -> Effect<Action> {
        if state.freshness != .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
        return follow()
    }

    private func follow() -> Effect<Action> {
        let fetch = environment.fetchToday
        return .run(id: Self.readID, cancelInFlight: true) { send in send(.read(await fetch())) }
    }

    private func keyPressed(_ key: Key, _ state: inout State) -> Effect<Action> {
        if key == .character("r") { return fresh(&state) }
        if key == .enter, state.focus != nil { return .send(.delegate(.openTab(.today))) }
        if let work = WorkNotices.outboxKey(key, state.badge) { return .send(.delegate(work)) }
        guard let owing = state.owing, let move = ListFocus.move(for: key) else { return .none }
        let current = owing.firstIndex { $0.stayID == state.focus }
        if let index = ListFocus.index(move, count: owing.count, current: current) { state.focus = owing[index].stayID }
        return .none
    }

    /// Today's departures that owe, largest first (an overdue stay is a departure too), and the
    /// focus kept on its stay where it still owes.
    private func show(_ overview: TodayOverview, _ state: inout State) {
        let owing = overview.departures
            .filter { ($0.balanceMinor ?? 0) > 0 && $0.status != .checkedOut }
            .sorted { ($0.balanceMinor ?? 0, $1.stayID.rawValue) > ($1.balanceMinor ?? 0, $0.stayID.rawValue) }
        state.owing = owing
        state.businessDate = overview.businessDate
        if !owing.contains(where: { $0.stayID == state.focus }) { state.focus = owing.first?.stayID }
    }

    static func rowID(_ stay: StaySummary) -> RowID { RowID("balances." + stay.stayID.rawValue) }
}

/// What Open balances reads: Today's saved copy and Today's read (the same saved answer).
public struct BalancesEnvironment: Sendable {
    public var savedToday: @Sendable () async -> SavedCopy<TodayOverview>?
    public var fetchToday: @Sendable () async -> ReadResult<TodayOverview>
    public var formatTime: @Sendable (Date) -> String

    public init(savedToday: @escaping @Sendable () async -> SavedCopy<TodayOverview>?,
                fetchToday: @escaping @Sendable () async -> ReadResult<TodayOverview>,
                formatTime: @escaping @Sendable (Date) -> String) {
        self.savedToday = savedToday
        self.fetchToday = fetchToday
        self.formatTime = formatTime
    }

    /// Today's reads of the same context.
    init(_ today: TodayEnvironment) {
        self.init(savedToday: today.savedToday, fetchToday: today.fetchToday, formatTime: today.formatTime)
    }
}
