import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import ClientModel
import Locking
import Testing

/// The rooms, tasks and clock behind the supervisor's board (#31): the Housekeeping tab's world
/// with the board's clients, every call recorded.
final class BoardWorld: Sendable {
    let housekeeping = HousekeepingWorld()
    let savedTasks = Locked<SavedCopy<TaskList>?>(nil)
    let taskReads = Locked<[ReadResult<TaskList>]>([])
    let taskReadCount = Locked(0)
    /// The injected clock: "the last hour" ends here.
    let now = Locked(BoardFixture.now)

    func environment(offered: Bool = true) -> HousekeepingEnvironment {
        var environment = housekeeping.environment
        environment.board = BoardEnvironment(
            offered: offered, listsTasks: true,
            savedTasks: { self.savedTasks.withLock { $0 } },
            fetchTasks: {
                self.taskReadCount.withLock { $0 += 1 }
                return self.taskReads.withLock { $0.isEmpty ? .offline : $0.removeFirst() }
            },
            now: { self.now.withLock { $0 } })
        return environment
    }
}

enum BoardFixture {
    /// 2026-11-02 09:30 UTC.
    static let now = Date(timeIntervalSince1970: 1_793_611_800)

    static func minutesBefore(_ minutes: Double) -> Instant { Instant(now.addingTimeInterval(-minutes * 60)) }

    /// The seed's rooms; 103 was cleaned 10 minutes ago, 202 made dirty 59 minutes ago, 104
    /// inspected 61 minutes ago (outside the hour).
    static var units: [RoomUnit] {
        HotelFixture.units.map { unit in
            var unit = unit
            switch unit.number {
            case "103": unit.housekeepingUpdatedAt = minutesBefore(10)
            case "202": unit.housekeepingUpdatedAt = minutesBefore(59)
            case "104": unit.housekeepingUpdatedAt = minutesBefore(61)
            default: unit.housekeepingUpdatedAt = minutesBefore(600)
            }
            return unit
        }
    }

    static let samir = UserRef(id: "usr_supervisor", name: "Samir Haddad")

    static let tasks: [HousekeepingTask] = [
        HotelFixture.task("tsk_0005", room: "101", arriving: true),
        HotelFixture.task("tsk_0004", room: "103", .inspect, assignee: samir),
        HotelFixture.task("tsk_0001", room: "102", .cleanDeparture, .inProgress),
        HotelFixture.task("tsk_0003", room: "201", .cleanStayover, .done),
        HotelFixture.task("tsk_0006", room: "202", .cleanDeparture, assignee: nil),
    ]

    static let taskList = TaskList(businessDate: HotelFixture.date, tasks: tasks)

    /// The supervisor's Housekeeping tab, fresh, the board offered.
    static func loaded(focus: UnitID = "unt_h201") -> HousekeepingFeature.State {
        var state = HousekeepingFeature.State(list: RoomList(units: BoardFixture.units), businessDate: HotelFixture.date, focus: focus,
                                  freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        state.boardOffered = true
        return state
    }

    /// The board open over the loaded tab, its tasks read.
    static func onBoard(focus floor: Int = 2, filter: RoomFilter = RoomFilter()) -> HousekeepingFeature.State {
        var state = loaded()
        state.board = SupervisorBoard(filter: filter, focus: floor, tasks: BoardFixture.tasks, tasksFreshness: .current,
                                      tasksLastUpdated: "09:21", now: BoardFixture.now)
        return state
    }
}

@MainActor
@Suite struct BoardTests {
    typealias Feature = HousekeepingFeature
    let world = BoardWorld()

    func makeStore(_ state: Feature.State, offered: Bool = true) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment(offered: offered)))
    }

    static func loaded(focus: UnitID = "unt_h201") -> Feature.State { BoardFixture.loaded(focus: focus) }
    static func onBoard(focus floor: Int = 2, filter: RoomFilter = RoomFilter()) -> Feature.State {
        BoardFixture.onBoard(focus: floor, filter: filter)
    }

    /// Runs every action the effects send through the feature itself, until `count` arrived.
    /// `b` on the loaded list, its reads drained: the board with the business date's tasks.
    func openedWithTasks() async -> TestStore<Feature.State, Feature.Action> {
        let store = makeStore(Self.loaded())
        await store.send(.keyPressed(.character("b"))) {
            $0.board = SupervisorBoard(focus: 2, now: BoardFixture.now)
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        _ = await drain(store, 3)
        #expect(store.state.board?.tasks == BoardFixture.tasks)
        return store
    }

    func drain(_ store: TestStore<Feature.State, Feature.Action>, _ count: Int, offered: Bool = true) async -> [Feature.Action] {
        let feature = Feature(environment: world.environment(offered: offered))
        var actions: [Feature.Action] = []
        for _ in 0..<count {
            if let action = await store.receiveAny(assert: { action, state in _ = feature.reduce(into: &state, action: action) }) {
                actions.append(action)
            }
        }
        return actions
    }

    // MARK: Who sees it

    @Test func theBoardIsOfferedToTheSupervisorAndNotToTheHousekeeper() {
        #expect(BoardEnvironment.offers(Role.supervisor.demoPermissions))
        #expect(BoardEnvironment.offers(Role.manager.demoPermissions))
        #expect(!BoardEnvironment.offers(Role.housekeeper.demoPermissions))
        #expect(!BoardEnvironment.offers(Role.frontDesk.demoPermissions))
        var state = Self.loaded()
        #expect(HousekeepingView.hints(state).contains { $0.key == "b" })
        state.boardOffered = false
        #expect(!HousekeepingView.hints(state).contains { $0.key == "b" })
        #expect(!HousekeepingView.helpKeys(state).contains { $0.key == "b" })
    }

    @Test func theHousekeepersBIsNothing() async {
        // The grant comes from the environment when the tab opens.
        let store = makeStore(Self.loaded(), offered: false)
        await store.send(.appeared) {
            $0.boardOffered = false
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        await store.receive(.unitsRead(.offline, .none)) { $0.freshness = .offline(lastUpdated: "09:21") }
        await store.send(.keyPressed(.character("b")))
        #expect(store.state.board == nil)
        #expect(world.taskReadCount.withLock { $0 } == 0)
        await store.finish()
    }

    // MARK: Counts, filters, the last hour

    @Test func eachFloorCountsItsRoomsByStatusWhateverTheStatusFilter() {
        let rooms = RoomList(units: BoardFixture.units)
        let floors = SupervisorBoard.floors(rooms, filter: RoomFilter())
        #expect(floors.map(\.floor) == [1, 2, 3])
        #expect(floors.map { [$0.dirty, $0.clean, $0.inspected, $0.outOfOrder, $0.outOfService, $0.total] }
                == [[2, 1, 1, 0, 0, 4], [2, 1, 0, 0, 0, 3], [0, 0, 0, 1, 0, 1]])
        #expect(floors[1].shown.map(\.unit.number) == ["201", "202", "203"])

        let dirty = SupervisorBoard.floors(rooms, filter: RoomFilter(status: .dirty))
        #expect(dirty.map(\.dirty) == [2, 2, 0], "the counts stay the floor's")
        #expect(dirty.map { $0.shown.map(\.unit.number) } == [["101", "102"], ["201", "202"], []])

        let second = SupervisorBoard.floors(rooms, filter: RoomFilter(floor: 2))
        #expect(second.map(\.floor) == [2])
    }

    @Test func aChangeNotYetSentCountsAsShown() {
        let rooms = RoomList(units: BoardFixture.units) { unit in unit.number == "201" ? (.clean, .queued) : (nil, .none) }
        let second = SupervisorBoard.floors(rooms, filter: RoomFilter(floor: 2))[0]
        #expect(second.dirty == 1 && second.clean == 2)
    }

    @Test func theLastHourEndsAtTheInjectedClock() {
        let rooms = RoomList(units: BoardFixture.units)
        #expect(SupervisorBoard.recent(rooms, filter: RoomFilter(), now: BoardFixture.now).map(\.unit.number) == ["103", "202"],
                "latest first; 104, 61 minutes ago, is outside")
        #expect(SupervisorBoard.recent(rooms, filter: RoomFilter(floor: 2), now: BoardFixture.now).map(\.unit.number) == ["202"])
        let later = BoardFixture.now.addingTimeInterval(30 * 60)
        #expect(SupervisorBoard.recent(rooms, filter: RoomFilter(), now: later).map(\.unit.number) == ["103"])
        let earlier = BoardFixture.now.addingTimeInterval(-30 * 60)
        #expect(SupervisorBoard.recent(rooms, filter: RoomFilter(), now: earlier).map(\.unit.number) == ["202", "104"],
                "a change after the board's time is not in its hour")
    }

    @Test func theClockIsReadWhenTheBoardOpensAndWhenItFollows() async {
        world.taskReads.withLock { $0 = [.fresh(BoardFixture.taskList, at: HotelFixture.freshAt)] }
        let store = await openedWithTasks()
        let view = BoardView.view(store.state.board!, state: store.state)
        #expect(view.rows.contains { $0.spans.map(\.text).joined() == "103  ✓ Clean" })
        let later = BoardFixture.now.addingTimeInterval(50 * 60)
        world.now.withLock { $0 = later }
        await store.send(.liveRefresh) {
            $0.board?.now = later
            $0.following = true
            $0.board?.tasksFreshness = .updating(lastUpdated: "09:21")
        }
        _ = await drain(store, 2)
        #expect(store.state.board?.now == later)
        #expect(SupervisorBoard.recent(store.state.list, filter: RoomFilter(), now: store.state.board!.now).map(\.unit.number)
                == ["103"])
        #expect(world.housekeeping.readCount.withLock { $0 } == 2, "the list is read on opening and when it follows")
        #expect(world.taskReadCount.withLock { $0 } == 2)
        await store.finish()
    }

    @Test func theFiltersCycleAndTheTasksFollowThem() async {
        let store = makeStore(Self.onBoard(focus: 1))
        await store.send(.keyPressed(.character("f"))) {
            $0.board?.filter.floor = 1
            $0.board?.focus = 1
        }
        await store.send(.keyPressed(.character("f"))) {
            $0.board?.filter.floor = 2
            $0.board?.focus = 2
        }
        await store.send(.keyPressed(.character("s"))) { $0.board?.filter.status = .dirty }
        let board = store.state.board!
        #expect(SupervisorBoard.tasks(BoardFixture.tasks, rooms: store.state.list, filter: board.filter).map(\.id)
                == ["tsk_0003", "tsk_0006"])
        await store.send(.keyPressed(.escape)) { $0.board?.filter = RoomFilter() }
        await store.send(.keyPressed(.enter)) { $0.board?.filter.floor = 2 }
        await store.send(.keyPressed(.character("a"))) { $0.board?.filter = RoomFilter() }
        await store.send(.keyPressed(.down)) { $0.board?.focus = 3 }
        await store.send(.keyPressed(.down))
        await store.send(.keyPressed(.escape)) { $0.board = nil }
        await store.finish()
    }

    // MARK: Bulk changes

    @Test func aFloorIsSetAfterOneQuestionEachRoomItsOwnChange() async {
        let store = makeStore(Self.onBoard(focus: 2))
        await store.send(.keyPressed(.character("c"))) {
            $0.board?.question = SupervisorBoard.BulkQuestion(status: .clean, rooms: ["unt_h201", "unt_h202"],
                                                             numbers: ["201", "202"], floor: 2, among: nil)
        }
        #expect(world.housekeeping.calls.isEmpty, "nothing is sent before the answer")
        let overlay = BoardView.view(store.state.board!, state: store.state).overlay
        #expect(overlay?.rows.first?.spans.first?.text == "Set 2 rooms on floor 2 to Clean?")
        await store.send(.keyPressed(.character("d")), assert: nil)
        #expect(store.state.board?.question != nil, "other keys wait for the answer")
        await store.send(.keyPressed(.enter)) {
            $0.board?.question = nil
            for id: UnitID in ["unt_h201", "unt_h202"] {
                $0.list.update(id) {
                    $0.shown = .clean
                    $0.mark = .sending
                }
            }
            $0.inFlight = ["unt_h201", "unt_h202"]
            $0.notice = Notice(.info, "2 rooms set to Clean: each goes to the outbox.")
        }
        _ = await drain(store, 4)
        let calls = world.housekeeping.calls.sorted { $0.unit.rawValue < $1.unit.rawValue }
        #expect(calls == [HousekeepingWorld.StatusCall(unit: "unt_h201", status: .clean, expectedVersion: 2),
                          HousekeepingWorld.StatusCall(unit: "unt_h202", status: .clean, expectedVersion: 1)])
        #expect(world.housekeeping.calls.count == 2, "one change per room")
        #expect(store.state.pending.queued == ["unt_h201": .clean, "unt_h202": .clean])
        let second = SupervisorBoard.floors(store.state.list, filter: RoomFilter(floor: 2))[0]
        #expect(second.dirty == 0 && second.clean == 3)
        await store.finish()
    }

    @Test func escAsksNoMoreAndNothingIsSent() async {
        let store = makeStore(Self.onBoard(focus: 1))
        await store.send(.keyPressed(.character("i"))) {
            $0.board?.question = SupervisorBoard.BulkQuestion(status: .inspected, rooms: ["unt_h101", "unt_h102", "unt_h103"],
                                                             numbers: ["101", "102", "103"], floor: 1, among: nil)
        }
        await store.send(.keyPressed(.escape)) { $0.board?.question = nil }
        #expect(world.housekeeping.calls.isEmpty)
        await store.finish()
    }

    @Test func aStatusFilterSelectsItsRoomsOnEveryFloorAndBlockedRoomsStayBlocked() async {
        let store = makeStore(Self.onBoard(focus: 3, filter: RoomFilter(status: .dirty)))
        await store.send(.keyPressed(.character("i"))) {
            $0.board?.question = SupervisorBoard.BulkQuestion(
                status: .inspected, rooms: ["unt_h101", "unt_h102", "unt_h201", "unt_h202"],
                numbers: ["101", "102", "201", "202"], floor: nil, among: .dirty)
        }
        let overlay = BoardView.view(store.state.board!, state: store.state).overlay
        #expect(overlay?.rows.first?.spans.first?.text == "Set 4 rooms (Dirty) to Inspected?")
        await store.send(.keyPressed(.escape)) { $0.board?.question = nil }
        await store.send(.keyPressed(.character("a"))) { $0.board?.filter = RoomFilter() }
        await store.send(.keyPressed(.character("c"))) {
            $0.notice = Notice(.info, "No room shown would change to Clean.")
        }
        #expect(world.housekeeping.calls.isEmpty)
        await store.finish()
    }

    @Test func offlineTheBoardShowsTheSavedTasksAndSaysSo() async {
        world.savedTasks.withLock { $0 = SavedCopy(value: BoardFixture.taskList, savedAt: HotelFixture.savedAt) }
        let store = await openedWithTasks()
        #expect(store.state.board?.tasksFreshness == .offline(lastUpdated: "07:40"))
        #expect(store.state.freshness == .offline(lastUpdated: "09:21"))
        await store.finish()
    }
}
