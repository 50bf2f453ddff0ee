import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// After the night audit (#30): a stay due out before the business date and never checked out is
/// on Departures as overdue, under "Overdue since <date>"; the header's business date follows
/// every fresh read of Today.
enum AuditFixture {
    static let next = TodayFixture.date.adding(days: 1)

    /// Harbour View the morning after the audit: Priya Natarajan (due out yesterday, owing
    /// EUR 125.50) and Tom O'Brien (due out two days ago) were never checked out.
    static let overview = TodayOverview(
        businessDate: next, timeZone: "Europe/Berlin",
        arrivals: [TodayFixture.stay("1010", "Lena Vogel", room: "104", from: next, nights: 2, ready: .clean)],
        departures: [TodayFixture.stay("0985", "Sofia Rossi", room: "301", from: next.adding(days: -3), nights: 3,
                                       status: .checkedIn, owes: 0)],
        inHouse: [],
        overdue: [TodayFixture.stay("0990", "Priya Natarajan", room: "201", from: next.adding(days: -4), nights: 3,
                                    status: .checkedIn, ready: .dirty, owes: 12_550),
                  TodayFixture.stay("0979", "Tom O'Brien", room: "202", from: next.adding(days: -5), nights: 3,
                                    status: .checkedIn, owes: 0)])

    static func text(_ row: Row) -> String {
        (row.spans + row.trailing).map(\.text).joined()
    }
}

@MainActor
@Suite struct TodayAuditTests {
    let world = TodayWorld()

    func makeStore(_ state: TodayFeature.State) -> TestStore<TodayFeature.State, TodayFeature.Action> {
        TestStore(initialState: state, reducer: TodayFeature(environment: world.environment))
    }

    static func loaded(focus: RowID? = "today.arrivals.sty_1010") -> TodayFeature.State {
        TodayFeature.State(overview: AuditFixture.overview, freshness: .current, lastUpdated: "09:21", hasLoaded: true,
                           focus: focus, propertyDate: AuditFixture.next)
    }

    @Test func overdueStaysLeadDeparturesUnderOverdueSinceTheirDate() throws {
        let state = Self.loaded()
        let departures = try #require(state.sections.first { $0.kind == .departures })
        // The oldest first: the longer a stay is overdue, the more it needs the desk.
        #expect(departures.stays.map(\.stayID) == ["sty_0979", "sty_0990", "sty_0985"])
        #expect(departures.total == 3)
        let lines = try #require(TodayView.view(state).lazyRows).all.map(AuditFixture.text)
        let start = try #require(lines.firstIndex(of: "Departures3"))
        #expect(Array(lines[(start + 1)...(start + 5)]) == [
            "⚠ Overdue since 2026-11-01",
            "202  Tom O'Brien · HV-0979 · 3 nights✓ Nothing owed",
            "⚠ Overdue since 2026-11-02",
            "201  Priya Natarajan · HV-0990 · 3 nights⚠ Owes EUR 125.50",
            "301  Sofia Rossi · HV-0985 · 3 nights✓ Nothing owed",
        ])
        // The lines found for each stay are the stays' own.
        let view = try #require(TodayView.view(state).lazyRows)
        for stay in departures.stays {
            let id = RowID("today.departures." + stay.stayID.rawValue)
            let position = try #require(view.position(of: id))
            #expect(view.row(position).id == id)
        }
    }

    @Test func movesGoThroughTheOverdueStaysAndTheFilterFindsThem() async {
        let store = makeStore(Self.loaded())
        await store.send(.keyPressed(.character("j"))) { $0.focus = "today.departures.sty_0979" }
        await store.send(.keyPressed(.character("j"))) { $0.focus = "today.departures.sty_0990" }
        await store.send(.keyPressed(.character("j"))) { $0.focus = "today.departures.sty_0985" }
        await store.send(.keyPressed(.character("/"))) { $0.isFiltering = true }
        for letter in "priya" {
            await store.send(.keyPressed(.character(letter))) {
                $0.filter.insert(String(letter))
                $0.focus = "today.departures.sty_0990"
            }
        }
        await store.finish()
        let lines = TodayView.view(store.state).lazyRows?.all.map(AuditFixture.text) ?? []
        #expect(lines.contains("⚠ Overdue since 2026-11-02"))
        #expect(!lines.contains("⚠ Overdue since 2026-11-01"), "a date none shown is overdue since is not said")
    }

    @Test func aFreshReadNamesTheNewBusinessDateAndItsOverdueStays() async {
        world.answerReads(.fresh(AuditFixture.overview, at: HotelFixture.freshAt))
        world.propertyDate.withLock { $0 = AuditFixture.next }
        var state = TodayFeature.State(overview: TodayFixture.overview, freshness: .current, lastUpdated: "07:40",
                                       hasLoaded: true, focus: "today.departures.sty_0990", propertyDate: AuditFixture.next)
        #expect(state.auditPending)
        let store = makeStore(state)
        await store.send(.keyPressed(.character("r"))) { $0.freshness = .updating(lastUpdated: "07:40") }
        await store.receive(.todayRead(.fresh(AuditFixture.overview, at: HotelFixture.freshAt), NoMarks())) {
            $0.overview = AuditFixture.overview
            $0.freshness = .current
            $0.lastUpdated = "09:21"
            // The stay followed to its new place: overdue, at the head of Departures.
            $0.focus = "today.departures.sty_0990"
        }
        await store.finish()
        state = store.state
        #expect(!state.auditPending)
        #expect(TodayView.view(state).rows.first?.spans.map(\.text) == ["Today · 2026-11-03"])
    }
}

/// The header's business date is the property's as the last fresh read of Today says it (#30):
/// after the night audit it moves on without choosing the property again, and is remembered.
@MainActor
@Suite struct HeaderBusinessDateTests {
    @Test func aFreshTodayWithAnotherDateMovesTheHeadersDateOn() async {
        let today = TodayWorld()
        today.propertyDate.withLock { $0 = AuditFixture.next }
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.tabs.today = TodayTab.Clients(environment: { _ in today.environment })
        var state = AppState.working(activeTab: .today)
        let context = state.current?.context
        state.current?.tabs.today.context = context
        #expect(AppView.view(state).header?.businessDate?.value == "2026-11-02")
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        let read = TodayFeature.Action.todayRead(.fresh(AuditFixture.overview, at: HotelFixture.freshAt), NoMarks())
        await store.send(.tabs(.today(.feature(read)))) {
            $0.current?.tabs.today.feature.overview = AuditFixture.overview
            $0.current?.tabs.today.feature.freshness = .current
            $0.current?.tabs.today.feature.lastUpdated = "09:21"
            $0.current?.tabs.today.feature.propertyDate = AuditFixture.next
            $0.current?.tabs.today.feature.focus = "today.arrivals.sty_1010"
        }
        await store.receive(.tabs(.delegate(.connection(.online))))
        await store.receive(.tabs(.delegate(.businessDate(AuditFixture.next)))) {
            $0.current?.property?.businessDate = AuditFixture.next
            $0.preferences.choices[0].property.businessDate = AuditFixture.next
        }
        await store.finish()
        #expect(AppView.view(store.state).header?.businessDate?.value == "2026-11-03")
        #expect(world.calls.all.contains { $0.hasPrefix("preferences.save") }, "the next start names the new date")

        // The same date again changes nothing and saves nothing.
        let before = world.calls.all.count
        await store.send(.tabs(.today(.feature(read))))
        await store.receive(.tabs(.delegate(.connection(.online))))
        await store.receive(.tabs(.delegate(.businessDate(AuditFixture.next))))
        await store.finish()
        #expect(world.calls.all.count == before)
    }

    @Test func aSavedCopyLeavesTheHeadersDateAsItIs() async {
        let today = TodayWorld()
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.tabs.today = TodayTab.Clients(environment: { _ in today.environment })
        var state = AppState.working(activeTab: .today)
        let context = state.current?.context
        state.current?.tabs.today.context = context
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        let copy = SavedCopy(value: AuditFixture.overview, savedAt: HotelFixture.savedAt)
        await store.send(.tabs(.today(.feature(.savedLoaded(copy, NoMarks()))))) {
            $0.current?.tabs.today.feature.savedAnswered = true
            $0.current?.tabs.today.feature.overview = AuditFixture.overview
            $0.current?.tabs.today.feature.lastUpdated = "07:40"
            $0.current?.tabs.today.feature.freshness = .updating(lastUpdated: "07:40")
            $0.current?.tabs.today.feature.propertyDate = TodayFixture.date
            $0.current?.tabs.today.feature.focus = "today.arrivals.sty_1010"
        }
        await store.finish()
        #expect(AppView.view(store.state).header?.businessDate?.value == "2026-11-02")
    }
}

/// Overdue stays on Departures at 40 × 12 and 80 × 24 (#30).
@Suite struct TodayOverdueSnapshotTests {
    @Test func overdueStaysOnDepartures() {
        let state = TodayFeature.State(overview: AuditFixture.overview, freshness: .current, lastUpdated: "09:21",
                                       hasLoaded: true, focus: "today.departures.sty_0990", propertyDate: AuditFixture.next)
        var header = Header.harbour()
        header.businessDate = InertString("Tue 3 Nov")
        assertSnapshot(of: TodayView.view(state).framed(.today, header: header), named: "today-overdue")
    }
}
