import ClientModel
import GuestCraftAPI
import Testing
@testable import AppCore

/// Every registered work screen's key-hint line and `?` (#32), at 40 × 12 and 80 × 24: the tests
/// iterate `WorkTab.allCases` (the registry's screens and Account), so a screen registered
/// without a loaded state here fails, and each one's keys are drawn from the same view the
/// terminal draws (`keys-<tab>`, `keys-<tab>-help`). `KeyMapTests` checks the same states' letters.
@Suite struct WorkScreenKeysTests {
    /// Each tab loaded, with something to send and to review (the outbox's keys show).
    static let loaded: [WorkTab: @Sendable (inout AppState) -> Void] = [
        .today: { state in
            state.current?.tabs.today.feature = TodayFeature.State(
                overview: TodayFixture.overview, freshness: .current, lastUpdated: "09:21", hasLoaded: true,
                focus: "today.arrivals.sty_1001", propertyDate: TodayFixture.date)
            state.current?.tabs.today.feature.badge = badge
        },
        .search: { state in
            state.current?.tabs.search.feature = SearchFeature.State(
                isEditing: false, searched: "hart", results: SearchFixture.both, focus: "search.reservation.rsv_0001",
                badge: badge, hasLoaded: true)
            state.current?.tabs.search.feature.query.insert("hart")
        },
        .housekeeping: { state in
            state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
                list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current, badge: badge,
                hasLoaded: true)
        },
        .tasks: { state in
            state.current?.tabs.tasks.feature = TasksFeature.State(
                entries: TaskFixture.entries(), focus: RowID("task.tsk_0005"), freshness: .current, badge: badge,
                hasLoaded: true)
        },
        .balances: { state in
            // The manager's, where the instance offers folios.
            state.current?.workspace?.permissions += [.reservationsRead, .foliosApproveOpenBalance]
            state.current?.capabilities.append(.folios)
            let owing = TodayFixture.overview.departures.filter { ($0.balanceMinor ?? 0) > 0 }
            state.current?.tabs.screens[BalancesFeature.self].feature = BalancesFeature.State(
                owing: owing, businessDate: TodayFixture.date, focus: owing.first?.stayID, freshness: .current,
                lastUpdated: "09:21", badge: badge, hasLoaded: true, savedAnswered: true)
        },
        .account: { _ in },
    ]

    static let badge = OutboxBadge(toSend: 1, toReview: 1)

    /// `tab` on screen, loaded.
    static func state(_ tab: WorkTab) -> AppState? {
        guard let load = loaded[tab] else { return nil }
        var state = AppState.working(activeTab: tab, outbox: OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
        load(&state)
        return state
    }

    @Test func everyRegisteredScreenHasALoadedStateHere() {
        #expect(WorkTab.allCases.count == WorkScreens.all.count + 1)
        for tab in WorkTab.allCases {
            #expect(Self.loaded[tab] != nil, "\(tab) is registered, but its keys are not checked: add its loaded state")
        }
    }

    @Test(arguments: WorkTab.allCases)
    func theHintLineAndTheHelp(_ tab: WorkTab) throws {
        var state = try #require(Self.state(tab), "\(tab) has no loaded state")
        let screen = AppView.view(state)
        #expect(!screen.hints.isEmpty, "\(tab) shows no key-hint line")
        assertSnapshot(of: screen, named: "keys-\(tab)")
        let keys = AppView.helpKeys(state)
        #expect(!keys.isEmpty, "\(tab) has no help")
        state.help = HelpFeature.State(keys: keys)
        assertSnapshot(of: AppView.view(state), named: "keys-\(tab)-help")
    }
}
