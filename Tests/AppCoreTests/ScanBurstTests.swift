import ClientModel
import Testing
import TestSupport
@testable import AppCore

/// A scanner's burst (#13): what one read holds decides it; the app opens the room from any tab.
@Suite struct ScanBurstTests {
    @Test func twoOrMoreCharactersAndAFinalEnterInOneReadAreAScan() {
        #expect(ScanBurst.text(of: [.character("3"), .character("0"), .character("5"), .enter]) == "305")
        #expect(ScanBurst.text(of: "room/203".map { Key.character($0) } + [.enter]) == "room/203")
        #expect(ScanBurst.text(of: [.character("5"), .enter]) == nil, "one character and Enter is typing")
        #expect(ScanBurst.text(of: [.character("1"), .character("0"), .character("1"), .enter, .character("c")]) == nil,
                "keys after the Enter: not a scan")
        #expect(ScanBurst.text(of: [.character("1"), .down, .character("2"), .enter]) == nil)
        #expect(ScanBurst.text(of: [.character("1"), .character("0")]) == nil, "no Enter")
    }

    @MainActor
    @Test func aScanOnMyTasksOpensTheRoomOnHousekeeping() async {
        let world = FakeWorld()
        let rooms = HousekeepingWorld()
        var env = world.environment
        let clock = ManualClock()
        env.clock = clock.client
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in rooms.environment })
        var state = AppState.working(activeTab: .tasks)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current, lastUpdated: "09:21",
            hasLoaded: true)
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.scanned("305")) {
            // No room 305 at Harbour View: My tasks' screen says so (the app's line; Housekeeping's
            // would not show here), and nothing moves.
            $0.current?.notices = [Notice(.info, "There is no room 305 at this property.")]
        }
        #expect(store.state.current?.activeTab == .tasks, "an unknown room changes no tab")
        assertSnapshot(of: AppView.view(store.state), named: "app-scan-unknown-room-on-my-tasks")
        await store.send(.scanned("203")) {
            $0.current?.notices = []
            $0.current?.activeTab = .housekeeping
            $0.current?.tabs.housekeeping.feature.freshness = .updating(lastUpdated: "09:21")
            $0.current?.tabs.housekeeping.feature.notice = nil
            $0.current?.tabs.housekeeping.feature.awaitingRoom = false
            $0.current?.tabs.housekeeping.feature.focus = "unt_h203"
            $0.current?.tabs.housekeeping.feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h203")
        }
        assertSnapshot(of: AppView.view(store.state), named: "app-scan-203-from-my-tasks")
        var pending: [String: Int] = ["list": 1, "detail saved": 1, "detail read": 1, "app offline": 2]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                switch action {
                case .tabs(.housekeeping(.feature(.unitsRead))):
                    state.current?.tabs.housekeeping.feature.freshness = .offline(lastUpdated: "09:21")
                case .tabs(.housekeeping(.feature(.detailRead))):
                    state.current?.tabs.housekeeping.feature.detail?.freshness = .offline(lastUpdated: nil)
                case .tabs(.delegate(.connection(.offline))): state.current?.connection = .offline
                default: break
                }
            }
            let name: String
            switch action {
            case .tabs(.housekeeping(.feature(.unitsRead)))?: name = "list"
            case .tabs(.housekeeping(.feature(.detailSavedLoaded)))?: name = "detail saved"
            case .tabs(.housekeeping(.feature(.detailRead)))?: name = "detail read"
            case .tabs(.delegate(.connection(.offline)))?: name = "app offline"
            default: Issue.record("unexpected \(String(describing: action))"); return
            }
            pending[name, default: 0] -= 1
            if pending[name] == 0 { pending[name] = nil }
        }
        // The sentence's own wait ends (it went with the scan that opened room 203).
        await clock.advance(by: .seconds(8))
        await store.receive(.passingNoticesExpired)
        await store.finish()
    }

    @MainActor
    @Test func aScanWhileTextIsTypedIsTyped() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .housekeeping)
        let context = state.current?.context
        state.current?.tabs.housekeeping.context = context
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), focus: "unt_h101", jump: "", freshness: .current, hasLoaded: true)
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.scanned("20")) {
            $0.current?.tabs.housekeeping.feature.jump = nil
            $0.current?.tabs.housekeeping.feature.focus = "unt_h201"
        }
        await store.finish()
    }

    /// A fast "/HV-1004⏎" on Today is the filter typed, not a room tag (seen in tmux: it left
    /// Today for Housekeeping saying there is no room /HV-1004).
    @MainActor
    @Test func aBurstThatIsNoRoomTagIsTypedOnTheTabOnScreen() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .today)
        let context = state.current?.context
        state.current?.tabs.today.context = context
        state.current?.tabs.today.feature = TodayFeature.State(overview: TodayFixture.overview, freshness: .current,
                                                               hasLoaded: true, focus: "today.arrivals.sty_1001",
                                                               propertyDate: TodayFixture.date)
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.scanned("/HV-1004")) {
            $0.current?.tabs.today.feature.filter.insert("HV-1004")
            $0.current?.tabs.today.feature.focus = "today.arrivals.sty_1004"
        }
        await store.finish()
        #expect(store.state.current?.activeTab == .today)
        assertSnapshot(of: AppView.view(store.state), named: "app-scan-burst-on-today")
        #expect(HousekeepingFeature.isRoomTag("203") && HousekeepingFeature.isRoomTag("1A")
                && HousekeepingFeature.isRoomTag("https://h.example/rooms/104") && HousekeepingFeature.isRoomTag("room/12"))
        #expect(!HousekeepingFeature.isRoomTag("/HV-1004") && !HousekeepingFeature.isRoomTag("hart")
                && !HousekeepingFeature.isRoomTag(""))
    }

    /// F1–F5 are never text: from Today's filter being typed, F2 opens Search (seen in tmux: F1
    /// in Search's field did nothing).
    @MainActor
    @Test func functionKeysSwitchTabsFromATextField() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .today)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.today.feature = TodayFeature.State(freshness: .current, hasLoaded: true, isFiltering: true)
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.function(2))) {
            $0.current?.activeTab = .search
            $0.current?.tabs.search.feature.hasLoaded = true
        }
        await store.send(.keyPressed(.character("2"))) { $0.current?.tabs.search.feature.query.insert("2") }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }
}
