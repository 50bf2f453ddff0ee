import AppCore
import ClientModel
import GuestCraftAPI
import Testing

/// Tabs without F-keys (#31): on Housekeeping digits start a room jump and Tab did nothing, so a
/// handheld without F1–F5 could not leave the tab. Tab and Shift-Tab cycle the tabs everywhere.
@MainActor
@Suite struct TabCycleTests {
    func store(on tab: WorkTab) -> Store<AppState, AppAction> {
        var state = AppState.working(activeTab: tab)
        let context = state.current?.context
        state.current?.tabs.started(context)
        return Store(initialState: state, reducer: AppReducer(environment: FakeWorld().environment))
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
}
