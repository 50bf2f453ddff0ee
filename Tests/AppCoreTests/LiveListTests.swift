import Foundation
import GuestCraftAPI
import ClientModel
import Testing
import TestSupport
@testable import AppCore

/// Live lists (#19): the list on screen follows the instance on its own, without moving the person.
@MainActor
@Suite struct LiveListFeatureTests {
    let world = HousekeepingWorld()
    let tasksWorld = TasksWorld()

    func loadedRooms(focus: String = "unt_h103") -> HousekeepingFeature.State {
        HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date,
                                  focus: UnitID(focus), freshness: .current, lastUpdated: "09:21", hasLoaded: true)
    }

    func rooms(_ change: (inout [RoomUnit]) -> Void) -> UnitList {
        var units = HotelFixture.units
        change(&units)
        return UnitList(businessDate: HotelFixture.date, units: units)
    }

    @Test func aReadThatFollowsMarksTheRoomSomeoneElseChangedAndKeepsFocusAndFilter() async {
        var state = loadedRooms()
        state.list.setFilter(RoomFilter(floor: 1))
        let store = TestStore(initialState: state, reducer: HousekeepingFeature(environment: world.environment))
        let changed = rooms { $0[2].housekeepingStatus = .clean; $0[2].housekeepingVersion = 2 }   // 102
        world.answerReads(.fresh(changed, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.following = true }
        #expect(store.state.freshness == .current, "a read that follows shows no Updating")
        await store.receive(.unitsRead(.fresh(changed, at: HotelFixture.freshAt), .none)) {
            $0.following = false
            $0.lastUpdated = "09:21"
            $0.list = RoomList(units: changed.units, filter: RoomFilter(floor: 1)) { _ in (nil, .none) } changed: {
                $0.unit.id == "unt_h102"
            }
        }
        #expect(store.state.focus == "unt_h103")
        #expect(store.state.list.filter == RoomFilter(floor: 1))
        #expect(store.state.list.entry("unt_h102")?.changed == true)
        let row = HousekeepingView.view(store.state).lazyRows?.row(1)
        #expect(row?.trailing.map(\.text).joined().contains("• changed") == true, "symbol and word, not colour alone")

        // The next read that follows, nothing changed: the mark goes.
        world.answerReads(.fresh(changed, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.following = true }
        await store.receive(.unitsRead(.fresh(changed, at: HotelFixture.freshAt), .none)) {
            $0.following = false
            $0.list = RoomList(units: changed.units, filter: RoomFilter(floor: 1))
        }
        await store.finish()
    }

    @Test func aRoomTheFilterNoLongerShowsLeavesTheFocusOnTheRoomNowInItsPlace() async {
        var state = loadedRooms(focus: "unt_h102")
        state.list.setFilter(RoomFilter(status: .dirty))   // 101 102 201 202
        let store = TestStore(initialState: state, reducer: HousekeepingFeature(environment: world.environment))
        let changed = rooms { $0[2].housekeepingStatus = .clean }   // 102 is clean now
        world.answerReads(.fresh(changed, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.following = true }
        await store.receive(.unitsRead(.fresh(changed, at: HotelFixture.freshAt), .none)) {
            $0.following = false
            $0.list = RoomList(units: changed.units, filter: RoomFilter(status: .dirty)) { _ in (nil, .none) } changed: {
                $0.unit.id == "unt_h102"
            }
            $0.focus = "unt_h201"
        }
        await store.finish()
    }

    @Test func afterTheDevicesOwnChangeTheReadThatFollowsReadsJustThatRoom() async {
        var state = loadedRooms()
        state.touched = ["unt_h101"]
        let store = TestStore(initialState: state, reducer: HousekeepingFeature(environment: world.environment))
        var room = HotelFixture.units[1]
        room.housekeepingStatus = .clean
        room.housekeepingVersion = 4
        let detail = UnitDetail(businessDate: HotelFixture.date, unit: room, tasks: [])
        world.answerDetails(.fresh(detail, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.touched = [] }
        await store.receive(.roomFollowed("unt_h101", .fresh(detail, at: HotelFixture.freshAt))) {
            $0.list.update("unt_h101") {
                $0.unit = room
                $0.shown = .clean
            }
        }
        #expect(world.readCount.withLock { $0 } == 0, "the list is not read for the device's own change")
        await store.finish()
    }

    @Test func aFailedReadThatFollowsKeepsTheListAndSaysOffline() async {
        let store = TestStore(initialState: loadedRooms(), reducer: HousekeepingFeature(environment: world.environment))
        world.answerReads(.offline)
        await store.send(.liveRefresh) { $0.following = true }
        await store.receive(.unitsRead(.offline, .none)) {
            $0.following = false
            $0.freshness = .offline(lastUpdated: "09:21")
        }
        #expect(store.state.list == loadedRooms().list)
        #expect(HousekeepingView.view(store.state).notices.map(\.text).contains("Offline · last updated 09:21"))
        await store.finish()
    }

    @Test func theOpenRoomDetailFollowsAndSaysItsRoomChanged() async {
        var state = loadedRooms(focus: "unt_h101")
        state.detail = HousekeepingFeature.RoomDetail(
            unitID: "unt_h101", detail: UnitDetail(businessDate: HotelFixture.date, unit: HotelFixture.units[1], tasks: []),
            freshness: .current, lastUpdated: "09:21")
        let store = TestStore(initialState: state, reducer: HousekeepingFeature(environment: world.environment))
        var room = HotelFixture.units[1]
        room.housekeepingStatus = .inspected
        room.housekeepingVersion = 5
        let detail = UnitDetail(businessDate: HotelFixture.date, unit: room, tasks: [])
        world.answerDetails(.fresh(detail, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.followingDetail = true }
        await store.receive(.detailRead("unt_h101", .fresh(detail, at: HotelFixture.freshAt))) {
            $0.followingDetail = false
            $0.detail?.detail = detail
            $0.notice = Notice(.info, "Room 101 changed at the instance: it is Inspected now.")
            $0.list.update("unt_h101") {
                $0.unit = room
                $0.shown = .inspected
            }
        }
        #expect(world.readCount.withLock { $0 } == 0, "the list is not on screen: only the detail is read")
        await store.finish()
    }

    @Test func myTasksKeepsTheFocusOnItsTaskWhenARefreshReordersTheRows() async {
        let state = TasksFeature.State(entries: TaskFixture.entries(), businessDate: HotelFixture.date,
                                       focus: TasksView.taskRowID("tsk_0003"), freshness: .current, lastUpdated: "09:21",
                                       hasLoaded: true)
        let store = TestStore(initialState: state, reducer: TasksFeature(environment: tasksWorld.environment))
        // A guest now arrives in 202 (its task moves to the top) and 201's task was finished elsewhere.
        var tasks = TaskFixture.tasks
        tasks[3].guestArriving = true
        tasks[2] = TaskFixture.advanced(tasks[2], .done)
        let list = TaskList(businessDate: HotelFixture.date, tasks: tasks)
        tasksWorld.answerReads(.fresh(list, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.following = true }
        await store.receive(.tasksRead(.fresh(list, at: HotelFixture.freshAt), .none)) {
            $0.following = false
            $0.entries = [tasks[1], tasks[3], tasks[0], tasks[2]].map { TasksFeature.Entry(task: $0) }
            $0.entries[3].changed = true
        }
        #expect(store.state.focus == TasksView.taskRowID("tsk_0003"), "the focus is on the same task, not the same line")
        let row = TasksView.taskRow(store.state.entries[3])
        #expect(row.trailing.map(\.text).joined().contains("• changed"))
        await store.finish()
    }

    @Test func todayMarksTheStaysThatChangedAndFollowsAGuestWhoCheckedIn() async {
        let world = TodayWorld()
        var state = TodayFeature.State()
        state.hasLoaded = true
        state.overview = TodayFixture.overview
        state.freshness = .current
        state.focus = TodaySection.rowID(.arrivals, TodayFixture.overview.arrivals[0])
        let store = TestStore(initialState: state, reducer: TodayFeature(environment: world.environment))
        var after = TodayFixture.overview
        var arrived = after.arrivals.removeFirst()
        arrived.status = .checkedIn
        after.inHouse.insert(arrived, at: 0)
        world.answerReads(.fresh(after, at: HotelFixture.freshAt))
        await store.send(.liveRefresh) { $0.following = true }
        await store.receiveAny { _, state in
            state.following = false
            state.overview = after
            state.lastUpdated = "09:21"
            state.propertyDate = TodayFixture.date
            state.changed = [arrived.stayID]
            state.focus = TodaySection.rowID(.inHouse, arrived)
        }
        await store.finish()
    }
}

/// When the app asks the list on screen to follow the instance: on the interval, soon after a
/// sent change, at once when the instance answers again; never on another tab or offline.
@MainActor
@Suite struct LiveRefreshScheduleTests {
    let world = FakeWorld()
    let rooms = HousekeepingWorld()
    let clock = ManualClock()

    var environment: AppEnvironment {
        var env = world.recordingEnvironment
        env.clock = clock.client
        env.live = LiveRefreshSettings(interval: 15, soon: 3, tick: 5)
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in self.rooms.environment })
        env.offline.counts = { _ in .zero }
        return env
    }

    /// The app on Search with Housekeeping's rooms already read once.
    var state: AppState {
        var state = AppState.working(activeTab: .search)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date, focus: "unt_h101",
            freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        return state
    }

    var reads: Int { rooms.readCount.withLock { $0 } }

    /// Receives `count` actions, each applied as the app applies it (what is checked here is
    /// which actions come and when, and what they read).
    func receive(_ count: Int, _ store: TestStore<AppState, AppAction>, _ reducer: AppReducer) async -> [AppAction] {
        var actions: [AppAction] = []
        for _ in 0..<count {
            if let action = await store.receiveAny(assert: { action, state in _ = reducer.reduce(into: &state, action: action) }) {
                actions.append(action)
            }
        }
        return actions
    }

    func fresh() { rooms.answerReads(.fresh(HotelFixture.unitList, at: HotelFixture.freshAt)) }

    @Test func theListOnScreenFollowsOnTheIntervalAndNotOnAnotherTab() async {
        let reducer = AppReducer(environment: environment)
        let store = TestStore(initialState: state, reducer: reducer)
        fresh()
        await store.send(.keyPressed(.function(3))) { _ = reducer.reduce(into: &$0, action: .keyPressed(.function(3))) }
        _ = await receive(2, store, reducer)   // the opening read, its answer's connection
        #expect(reads == 1)
        #expect(store.state.current?.live.answeredAt == clock.now)
        #expect(AppView.view(store.state).header?.updatedAgo == "updated just now")

        fresh()
        await clock.advance(by: .seconds(5))
        #expect(await receive(1, store, reducer) == [.liveTick])
        await clock.advance(by: .seconds(5))
        #expect(await receive(1, store, reducer) == [.liveTick])
        #expect(reads == 1, "not before the interval")
        #expect(AppView.view(store.state).header?.updatedAgo == "updated 10 s ago")
        await clock.advance(by: .seconds(5))
        let followed = await receive(3, store, reducer)
        #expect(followed.first == .liveTick)
        #expect(reads == 2, "the list followed the instance after 15 s")
        #expect(store.state.current?.tabs.housekeeping.feature.freshness == .current, "without Updating")

        // Another tab: the ticks stop, nothing is read.
        await store.send(.keyPressed(.function(2))) { _ = reducer.reduce(into: &$0, action: .keyPressed(.function(2))) }
        await store.finish()   // every effect ended: no tick waits
        #expect(clock.sleeperCount == 0, "an app with no live list on screen waits for nothing")
        clock.advance(60)
        #expect(reads == 2)
    }

    @Test func offlineNothingFollowsAndTheInstanceAnsweringAgainReadsAtOnce() async {
        var env = environment
        env.outbox.changes = { world.calls.append("outbox.changes"); return .success([]) }
        let reducer = AppReducer(environment: env)
        var start = state
        start.current?.activeTab = .housekeeping
        let store = TestStore(initialState: start, reducer: reducer)
        // The outbox found no instance: offline; nothing follows, whatever the time.
        let noAnswer = AppAction.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [], held: [],
                                                           reachedInstance: false))
        await store.send(noAnswer) { _ = reducer.reduce(into: &$0, action: noAnswer) }
        _ = await receive(1, store, reducer)   // the counts
        await store.finish()   // every effect ended: no tick waits
        #expect(clock.sleeperCount == 0)
        clock.advance(60)
        #expect(reads == 0)
        // It answers again: the list is read at once, and following starts again.
        fresh()
        let answered = AppAction.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [], held: [],
                                                           reachedInstance: true))
        await store.send(answered) { _ = reducer.reduce(into: &$0, action: answered) }
        _ = await receive(3, store, reducer)   // the counts, the read, its connection
        #expect(reads == 1)
        #expect(clock.sleeperCount == 1, "the ticks run again")
        await store.send(.keyPressed(.function(5))) { _ = reducer.reduce(into: &$0, action: .keyPressed(.function(5))) }
        _ = await receive(1, store, reducer)   // Account's read of the changes: none wait
        await store.finish()
        #expect(world.calls.all.filter { $0 == "outbox.changes" }.count == 1)
    }

    @Test func aSentChangeBringsTheNextReadSoonerAndAKeyAfterAQuietWhileReadsAtOnce() async {
        let reducer = AppReducer(environment: environment)
        let store = TestStore(initialState: state, reducer: reducer)
        fresh()
        await store.send(.keyPressed(.function(3))) { _ = reducer.reduce(into: &$0, action: .keyPressed(.function(3))) }
        _ = await receive(2, store, reducer)
        #expect(reads == 1)
        // A change of this device was sent: the next tick (not the interval) follows.
        let sent = AppAction.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [7], held: [],
                                                       reachedInstance: true))
        await store.send(sent) { _ = reducer.reduce(into: &$0, action: sent) }
        #expect(store.state.current?.live.soonAt == clock.now.addingTimeInterval(3))
        _ = await receive(2, store, reducer)   // the counts, the round's marks
        fresh()
        await clock.advance(by: .seconds(5))
        #expect(await receive(3, store, reducer).first == .liveTick)
        #expect(reads == 2, "followed 5 s after the send, not 15")
        #expect(store.state.current?.live.soonAt == nil)

        // The process was stopped for a minute: no tick came. The first key reads at once.
        fresh()
        clock.jump(60)
        await store.send(.keyPressed(.down)) { _ = reducer.reduce(into: &$0, action: .keyPressed(.down)) }
        _ = await receive(2, store, reducer)
        #expect(reads == 3)
        await store.send(.keyPressed(.function(2))) { _ = reducer.reduce(into: &$0, action: .keyPressed(.function(2))) }
        await store.finish()
    }
}
