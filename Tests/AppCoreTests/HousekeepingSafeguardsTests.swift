import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import ClientModel
import Testing

/// #31, "one key never undoes the plan": a blocked room asks first, Inspected is a supervisor's,
/// and the last change is undone by `u` for 10 seconds.
@MainActor
@Suite struct HousekeepingSafeguardsTests {
    typealias Feature = HousekeepingFeature
    let world = HousekeepingWorld()

    func makeStore(_ state: Feature.State) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    func loaded(focus: String, mayInspect: Bool = true) -> Feature.State {
        var state = Feature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date,
                                  focus: UnitID(focus), freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        state.mayInspect = mayInspect
        return state
    }

    func screenText(_ state: Feature.State, width: Int = 80, height: Int = 24) -> String {
        let frame = ScreenLayout.layout(HousekeepingView.view(state), width: width, height: height, viewport: Viewport())
        return TextGrid.lines(frame.grid).joined(separator: "\n")
    }

    static let question301 = Feature.StatusQuestion(unit: "unt_h301", number: "301", status: .clean,
                                                    why: .blocked(.outOfOrder, HotelFixture.leak))

    // MARK: Blocked rooms

    /// The finding: `c` turned an out-of-order room Clean while its block ran for days.
    @Test func cOnAnOutOfOrderRoomAsksFirstAndEscLeavesItAsItIs() async {
        let store = makeStore(loaded(focus: "unt_h301"))
        await store.send(.keyPressed(.character("c"))) { $0.question = Self.question301 }
        let text = screenText(store.state)
        #expect(text.contains("Room 301 is out of order until 2026-11-04: Leaking shower tray."), "\(text)")
        #expect(text.contains("Enter marks it Clean"))
        await store.send(.keyPressed(.escape)) {
            $0.question = nil
            $0.notice = Notice(.info, L("room.question.left", ["number": "301"]))
        }
        #expect(world.calls.isEmpty, "nothing goes to the outbox")
        #expect(store.state.list.entry("unt_h301")?.shown == .outOfOrder)
        await store.finish()
    }

    @Test func enterOnTheQuestionMarksTheBlockedRoomWithTheVersionRead() async {
        let store = makeStore(loaded(focus: "unt_h301"))
        await store.send(.keyPressed(.character("c"))) { $0.question = Self.question301 }
        await store.send(.keyPressed(.enter)) {
            $0.question = nil
            $0.list.update("unt_h301") {
                $0.shown = .clean
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h301"]
        }
        await store.receive(.statusChangeFinished("unt_h301", .clean, .queued(waitsForDecision: false))) {
            $0.inFlight = []
            $0.pending.queued["unt_h301"] = .clean
            $0.list.update("unt_h301") { $0.mark = .queued }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(world.calls == [.init(unit: "unt_h301", status: .clean, expectedVersion: 1)])
        await store.finish()
    }

    /// A room whose status was set by hand while its block runs still asks (the block is the plan).
    @Test func aBlockedRoomMarkedCleanStillAsksAndTheRoomDetailAsksToo() async {
        var units = HotelFixture.units
        let index = units.firstIndex { $0.number == "301" }!
        units[index].housekeepingStatus = .clean
        var state = loaded(focus: "unt_h301")
        state.list = RoomList(units: units)
        state.detail = Feature.RoomDetail(unitID: "unt_h301", freshness: .current)
        let store = makeStore(state)
        await store.send(.keyPressed(.character("d"))) {
            $0.question = Feature.StatusQuestion(unit: "unt_h301", number: "301", status: .dirty,
                                                 why: .blocked(.outOfOrder, HotelFixture.leak))
        }
        #expect(screenText(store.state).contains("Enter marks it Dirty"))
        await store.send(.keyPressed(.backspace)) {
            $0.question = nil
            $0.notice = Notice(.info, L("room.question.left", ["number": "301"]))
        }
        #expect(world.calls.isEmpty)
    }

    @Test func aBlockShowsOnItsRowAndOnTheRoomDetail() {
        var state = loaded(focus: "unt_h301")
        let row = screenText(state).split(separator: "\n").first { $0.hasPrefix("301") } ?? ""
        #expect(row.contains("back 2026-11-04 · Leaking shower tray"), "\(row)")
        state.detail = Feature.RoomDetail(unitID: "unt_h301", freshness: .current)
        let detail = screenText(state)
        #expect(detail.contains("Out of order from 2026-11-01, back on 2026-11-04"), "\(detail)")
        #expect(detail.contains("Why: Leaking shower tray"))
    }

    @Test func aBulkChangeLeavesABlockedRoomAsItIs() {
        var units = HotelFixture.units
        let index = units.firstIndex { $0.number == "301" }!
        units[index].housekeepingStatus = .dirty
        let list = RoomList(units: units)
        let entry = list.entry("unt_h301")!
        #expect(!SupervisorBoard.changes(entry, to: .clean))
    }

    // MARK: Inspected is a supervisor's

    /// The finding: a housekeeper could mark her own rooms Inspected.
    @Test func aRoleWithoutTheInspectGrantIsRefusedAndNothingIsSent() async {
        let store = makeStore(loaded(focus: "unt_h103", mayInspect: false))
        await store.send(.keyPressed(.character("i"))) {
            $0.notice = Notice(.info, L("housekeeping.cannot_inspect"))
        }
        var detail = store.state
        detail.detail = Feature.RoomDetail(unitID: "unt_h103", freshness: .current, focus: 2)
        let text = screenText(detail)
        #expect(text.contains("Mark inspected") && text.contains("a supervisor's check"), "\(text)")
        let hints = HousekeepingView.hints(store.state).map(\.key)
        #expect(hints.contains("d") && hints.contains("c") && !hints.contains("i"))
        #expect(world.calls.isEmpty)
        await store.finish()
    }

    @Test func theAppearingTabReadsTheInspectGrantFromTheEnvironment() async {
        world.inspects.withLock { $0 = false }
        let store = makeStore(Feature.State())
        await store.send(.appeared) {
            $0.hasLoaded = true
            $0.mayInspect = false
        }
        await store.receive(.savedLoaded(nil, .none)) { $0.savedAnswered = true }
        await store.receive(.unitsRead(.offline, .none)) { $0.freshness = .offline(lastUpdated: nil) }
        await store.finish()
    }

    @Test func aHousekeeperDroppingAnInspectedRoomIsAskedFirstAndGetsNoUndo() async {
        world.undoes.withLock { $0 = true }
        let store = makeStore(loaded(focus: "unt_h104", mayInspect: false))
        let question = Feature.StatusQuestion(unit: "unt_h104", number: "104", status: .dirty, why: .losesInspection)
        await store.send(.keyPressed(.character("d"))) { $0.question = question }
        #expect(screenText(store.state).contains("only a supervisor can mark it"))
        await store.send(.keyPressed(.enter)) {
            $0.question = nil
            $0.list.update("unt_h104") {
                $0.shown = .dirty
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h104"]
        }
        await store.receive(.statusChangeFinished("unt_h104", .dirty, .queued(waitsForDecision: false))) {
            $0.inFlight = []
            $0.pending.queued["unt_h104"] = .dirty
            $0.list.update("unt_h104") { $0.mark = .queued }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(store.state.undo == nil, "Undo would need the grant she does not hold")
        await store.finish()
    }

    // MARK: Undo

    /// The finding: `d` dropped an inspected room to Dirty with no undo on Housekeeping.
    @Test func uWithinTenSecondsSetsTheRoomBackWithTheVersionTheChangeCreated() async {
        world.undoes.withLock { $0 = true }
        var dirty = HotelFixture.room("104", HotelFixture.twin, .vacant, .dirty, version: 2)
        dirty.floor = 1
        var back = dirty
        back.housekeepingStatus = .inspected
        back.housekeepingVersion = 3
        world.answerChanges(.sent(dirty), .sent(back))
        let store = makeStore(loaded(focus: "unt_h104"))
        await store.send(.keyPressed(.character("d"))) {
            $0.list.update("unt_h104") {
                $0.shown = .dirty
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h104"]
            $0.undo = Feature.RoomUndo(unit: "unt_h104", number: "104", back: .inspected, secondsLeft: 10)
        }
        await store.receive(.statusChangeFinished("unt_h104", .dirty, .sent(dirty))) {
            $0.inFlight = []
            $0.touched = ["unt_h104"]
            $0.list.update("unt_h104") {
                $0.unit = dirty
                $0.mark = .none
            }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(HousekeepingView.hints(store.state).contains { $0.key == "u" && $0.label == "Undo 104 (10 s)" })
        for left in stride(from: 9, through: 8, by: -1) {
            await world.clock.advance(by: .seconds(1))
            await store.receive(.undoTick) { $0.undo?.secondsLeft = left }
        }
        await store.send(.keyPressed(.character("u"))) {
            $0.undo = nil
            $0.list.update("unt_h104") {
                $0.shown = .inspected
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h104"]
            $0.notice = Notice(.info, L("housekeeping.undone", ["number": "104", "status": "Inspected"]))
        }
        await store.receive(.statusChangeFinished("unt_h104", .inspected, .sent(back))) {
            $0.inFlight = []
            $0.list.update("unt_h104") {
                $0.unit = back
                $0.mark = .none
            }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(world.calls == [.init(unit: "unt_h104", status: .dirty, expectedVersion: 1),
                                .init(unit: "unt_h104", status: .inspected, expectedVersion: 2)])
        await store.finish()
    }

    @Test func afterTenSecondsUndoIsGoneAndSaysSo() async {
        world.undoes.withLock { $0 = true }
        let store = makeStore(loaded(focus: "unt_h101"))
        await store.send(.keyPressed(.character("c"))) {
            $0.list.update("unt_h101") {
                $0.shown = .clean
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h101"]
            $0.undo = Feature.RoomUndo(unit: "unt_h101", number: "101", back: .dirty, secondsLeft: 10)
        }
        await store.receive(.statusChangeFinished("unt_h101", .clean, .queued(waitsForDecision: false))) {
            $0.inFlight = []
            $0.pending.queued["unt_h101"] = .clean
            $0.list.update("unt_h101") { $0.mark = .queued }
        }
        await store.receive(.delegate(.outboxChanged))
        for left in stride(from: 9, through: 0, by: -1) {
            await world.clock.advance(by: .seconds(1))
            await store.receive(.undoTick) {
                if left > 0 { $0.undo?.secondsLeft = left } else { $0.undo = nil }
            }
        }
        await store.send(.keyPressed(.character("u"))) {
            $0.notice = Notice(.info, L("housekeeping.nothing_to_undo"))
        }
        #expect(world.calls.count == 1)
        await store.finish()
    }
}
