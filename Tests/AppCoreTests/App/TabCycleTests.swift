import AppCore
import ClientModel
import GuestCraftAPI
import Testing

/// Tabs without F-keys (#31): on Housekeeping digits start a room jump and Tab did nothing, so a
/// handheld without F1–F5 could not leave the tab. Tab and Shift-Tab cycle the tabs everywhere.
@MainActor
@Suite struct TabCycleTests {
    /// The tabs a test opens begin their reads, which it cancels unanswered at its end
    /// (`effects.cancelAll()`): whether a read was called first is a race, and not what is checked.
    static func world(sourceLocation: SourceLocation = #_sourceLocation) -> FakeWorld {
        let world = FakeWorld(sourceLocation: sourceLocation)
        world.allow("today.savedToday", "today.fetchToday", "housekeeping.savedUnits", "housekeeping.fetchUnits",
                    "housekeeping.pendingRooms", "tasks.savedTasks", "tasks.fetchTasks", "tasks.pendingTasks",
                    "outbox.changes")
        return world
    }

    func store(on tab: WorkTab, role: Role = .supervisor,
               sourceLocation: SourceLocation = #_sourceLocation) -> Store<AppState, AppAction> {
        var state = AppState.working(workspace: Fixtures.workspace(role: role), activeTab: tab)
        let context = state.current?.context
        state.current?.tabs.started(context)
        return Store(initialState: state,
                     reducer: AppReducer(environment: Self.world(sourceLocation: sourceLocation).environment))
    }

    @Test func tabLeavesHousekeepingFromARoomJump() {
        let store = store(on: .housekeeping)
        store.send(.keyPressed(.character("2")))
        #expect(store.state.current?.tabs.housekeeping.feature.jump == "2", "a digit starts a jump")
        store.send(.keyPressed(.tab))
        #expect(store.state.current?.activeTab == .tasks)
        store.send(.keyPressed(.backTab))
        #expect(store.state.current?.activeTab == .housekeeping)
        store.effects.cancelAll()
    }

    @Test func tabWrapsFromTheLastTabAndShiftTabFromTheFirst() {
        let store = store(on: .account)
        store.send(.keyPressed(.tab))
        #expect(store.state.current?.activeTab == .today)
        store.send(.keyPressed(.backTab))
        #expect(store.state.current?.activeTab == .account)
        store.effects.cancelAll()
    }

    /// In a fault report's form Tab moves between its fields, as in every form.
    @Test func inAFaultFormTabMovesBetweenItsFields() {
        let store = store(on: .housekeeping)
        var feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), focus: "unt_h203",
                                                freshness: .current, hasLoaded: true)
        var detail = HousekeepingFeature.RoomDetail(unitID: "unt_h203", freshness: .current)
        detail.fault = FaultForm.room(UnitRef(id: "unt_h203", number: "203"), businessDate: HotelFixture.date)
        feature.detail = detail
        var state = store.state
        state.current?.tabs.housekeeping.feature = feature
        let inForm = Store(initialState: state, reducer: AppReducer(environment: Self.world().environment))
        let before = inForm.state.current?.tabs.housekeeping.feature.detail?.fault?.focus
        inForm.send(.keyPressed(.tab))
        #expect(inForm.state.current?.activeTab == .housekeeping)
        #expect(inForm.state.current?.tabs.housekeeping.feature.detail?.fault?.focus != before)
        store.effects.cancelAll()
        inForm.effects.cancelAll()
    }

    /// Tabs a role cannot use are not shown (#31): the housekeeper has no Today or Search, the
    /// desk no My tasks; Tab skips them and their F-key does nothing.
    @Test func aHousekeeperSeesAndCyclesOnlyHerTabs() {
        let store = store(on: .account, role: .housekeeper)
        #expect(store.state.current?.visibleTabs == [.housekeeping, .tasks, .account])
        store.send(.keyPressed(.tab))
        #expect(store.state.current?.activeTab == .housekeeping, "from Account Tab wraps to her first tab")
        store.send(.keyPressed(.function(1)))
        #expect(store.state.current?.activeTab == .housekeeping, "F1 opens no Today she cannot read")
        let screen = AppView.view(store.state)
        #expect(screen.tabs.map(\.key) == ["3", "4", "5"], "the tabs keep their F-key numbers")
        store.effects.cancelAll()
    }

    @Test func theFrontDeskHasNoMyTasks() {
        let store = store(on: .today, role: .frontDesk)
        #expect(store.state.current?.visibleTabs == [.today, .search, .housekeeping, .account])
        store.send(.keyPressed(.function(4)))
        #expect(store.state.current?.activeTab == .today)
        store.effects.cancelAll()
    }
}
