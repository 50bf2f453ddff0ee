import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import ClientModel
import Testing

@MainActor
@Suite struct HousekeepingFeatureTests {
    typealias Feature = HousekeepingFeature
    let world = HousekeepingWorld()

    func makeStore(_ state: Feature.State = Feature.State()) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    /// A tab already showing the seed's rooms, fresh.
    func loaded(_ units: [RoomUnit] = HotelFixture.units, focus: String = "unt_h101") -> Feature.State {
        Feature.State(list: RoomList(units: units), businessDate: HotelFixture.date, focus: UnitID(focus),
                      freshness: .current, lastUpdated: "09:21", hasLoaded: true)
    }

    // MARK: Opening

    @Test func theSavedCopyShowsAtOnceWhileTheFreshReadRuns() async {
        world.saved.withLock { $0 = SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt) }
        var fresh = HotelFixture.units
        fresh[1].housekeepingStatus = .clean
        fresh[1].housekeepingVersion = 4
        world.answerReads(.fresh(UnitList(businessDate: HotelFixture.date, units: fresh), at: HotelFixture.freshAt))
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        await store.receive(.savedLoaded(SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt), .none)) {
            $0.savedAnswered = true
            $0.list = RoomList(units: HotelFixture.units)
            $0.businessDate = HotelFixture.date
            $0.focus = "unt_h101"
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        await store.receive(.unitsRead(.fresh(UnitList(businessDate: HotelFixture.date, units: fresh),
                                              at: HotelFixture.freshAt), .none)) {
            $0.list = RoomList(units: fresh)
            $0.lastUpdated = "09:21"
            $0.freshness = .current
        }
        await store.finish()
    }

    /// The start's first frame from the head of a long saved list (#18): its first rooms with
    /// the whole list's count in the title, keys waiting; then the whole list, as it would have
    /// shown without the head.
    @Test func theHeadOfTheSavedListShowsUntilTheWholeListIsRead() async {
        world.saved.withLock { $0 = SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt) }
        let first = UnitList(businessDate: HotelFixture.date, units: Array(HotelFixture.units.prefix(2)))
        let head = RoomsPreview(first: SavedCopy(value: first, savedAt: HotelFixture.savedAt),
                                count: HotelFixture.units.count, numberWidth: 4)
        world.preview.withLock { $0 = head }
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        var shownFirst = RoomList(units: first.units)
        shownFirst.widenNumbers(to: 4)
        await store.receive(.savedPreviewLoaded(head, .none)) {
            $0.list = shownFirst
            $0.businessDate = HotelFixture.date
            $0.focus = "unt_h101"
            $0.previewCount = HotelFixture.units.count
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        #expect(!store.state.savedAnswered, "the start is not over on the head: the network waits")
        let frame = ScreenLayout.layout(HousekeepingView.view(store.state), width: 80, height: 24, viewport: Viewport())
        let title = TextGrid.lines(frame.grid).first { $0.hasPrefix(L("housekeeping.title")) } ?? ""
        #expect(title.hasSuffix(L("housekeeping.count", ["count": HotelFixture.units.count])), "the whole list's count: \(title)")
        await store.receive(.savedLoaded(SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt), .none)) {
            $0.savedAnswered = true
            $0.previewCount = nil
            $0.list = RoomList(units: HotelFixture.units)
        }
        await store.receive(.unitsRead(.offline, .none)) { $0.freshness = .offline(lastUpdated: "07:40") }
        await store.finish()

        // A head that comes after the list (or over a filtered one) is not shown.
        let late = makeStore(loaded())
        await late.send(.savedPreviewLoaded(head, .none))
    }

    @Test func withoutAnAnswerTheSavedCopyStaysMarkedOffline() async {
        world.saved.withLock { $0 = SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt) }
        world.pending.withLock { $0 = PendingRooms(queued: ["unt_h102": .clean], held: ["unt_h202"]) }
        let pending = PendingRooms(queued: ["unt_h102": .clean], held: ["unt_h202"])
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        let withMarks = RoomList(units: HotelFixture.units) { unit in
            switch unit.id {
            case "unt_h102": (.clean, .queued)
            case "unt_h202": (nil, .held)
            default: (nil, .none)
            }
        }
        await store.receive(.savedLoaded(SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt), pending)) {
            $0.savedAnswered = true
            $0.pending = pending
            $0.list = withMarks
            $0.businessDate = HotelFixture.date
            $0.focus = "unt_h101"
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        await store.receive(.unitsRead(.offline, pending)) {
            $0.freshness = .offline(lastUpdated: "07:40")
        }
        #expect(store.state.list.entry("unt_h102")?.shown == .clean, "a change made offline still shows")
        await store.finish()
    }

    @Test func nothingSavedAndNoAnswerSaysSo() async {
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        await store.receive(.savedLoaded(nil, .none)) { $0.savedAnswered = true }
        await store.receive(.unitsRead(.offline, .none)) { $0.freshness = .offline(lastUpdated: nil) }
        await store.finish()
    }

    @Test func aForbiddenReadEmptiesTheListWithASentenceAnd401EndsTheSession() async {
        world.answerReads(.forbidden, .sessionEnded)
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("r"))) { $0.freshness = .updating(lastUpdated: "09:21") }
        await store.receive(.unitsRead(.forbidden, .none)) {
            $0.list = RoomList()
            $0.focus = nil
            $0.freshness = .current
            $0.notice = Notice(.warning, "Your role cannot see the rooms of this property.")
        }
        await store.send(.refresh) { $0.freshness = .updating(lastUpdated: "09:21") }
        await store.receive(.unitsRead(.sessionEnded, .none))
        await store.receive(.delegate(.sessionEnded))
        await store.finish()
    }

    // MARK: Sorting, filters, jumping

    @Test func roomsAreSortedByNumberNumerically() {
        let units = ["1001", "9", "101", "10", "A2", "102"].map { HotelFixture.room($0) }
        let list = RoomList(units: units)
        #expect(list.rooms.map(\.unit.number) == ["9", "10", "101", "102", "1001", "A2"])
    }

    /// #18: rooms are found by id through the list's own index — every room of a long list, in
    /// order or not, none that is not there, and the first of a repeated id.
    @Test func everyRoomIsFoundByItsID() {
        let numbers = (1...700).map { String(100 + ($0 * 37) % 700) }
        for units in [numbers.map { HotelFixture.room($0) }, numbers.sorted { Int($0)! < Int($1)! }.map { HotelFixture.room($0) }] {
            let list = RoomList(units: units)
            for unit in units {
                let index = list.index(of: unit.id)
                #expect(index.map { list.rooms[$0].unit.id } == unit.id, "\(unit.id)")
                #expect(list.entry(unit.id)?.unit == unit)
                #expect(list.position(of: unit.id).flatMap { list.visibleID(at: $0) } == unit.id)
            }
            #expect(list.index(of: "unt_h99") == nil)
            #expect(list.index(of: "") == nil)
            #expect(list.floors == [1, 2, 3, 4, 5, 6, 7])
        }
        var twin = HotelFixture.room("102")
        twin.id = "unt_h101"
        let repeated = RoomList(units: [HotelFixture.room("101"), twin, HotelFixture.room("103")])
        #expect(repeated.index(of: "unt_h101") == 0, "the first keeps its place")
        #expect(repeated.index(of: "unt_h103") == 2)
    }

    @Test func statusAndFloorFiltersCycleAndCombine() async {
        let store = makeStore(loaded(focus: "unt_h103"))
        await store.send(.keyPressed(.character("s"))) {
            $0.list.setFilter(RoomFilter(status: .dirty))
            $0.focus = "unt_h101"
        }
        #expect(store.state.list.visible.map { store.state.list.rooms[$0].unit.number } == ["101", "102", "201", "202"])
        await store.send(.keyPressed(.character("f"))) { $0.list.setFilter(RoomFilter(status: .dirty, floor: 1)) }
        #expect(store.state.list.visible.count == 2)
        await store.send(.keyPressed(.character("f"))) {
            $0.list.setFilter(RoomFilter(status: .dirty, floor: 2))
            $0.focus = "unt_h201"
        }
        await store.send(.keyPressed(.character("s"))) {
            $0.list.setFilter(RoomFilter(status: .clean, floor: 2))
            $0.focus = "unt_h203"
        }
        await store.send(.keyPressed(.escape)) { $0.list.setFilter(RoomFilter()) }
        #expect(store.state.list.visible.count == 8)
        await store.finish()
    }

    @Test func arrowsMoveWithinTheFilteredRooms() async {
        let store = makeStore(loaded())
        await store.send(.keyPressed(.down)) { $0.focus = "unt_h102" }
        await store.send(.keyPressed(.character("j"))) { $0.focus = "unt_h103" }
        await store.send(.keyPressed(.up)) { $0.focus = "unt_h102" }
        await store.send(.keyPressed(.end)) { $0.focus = "unt_h301" }
        await store.send(.keyPressed(.pageUp)) { $0.focus = "unt_h101" }
        await store.send(.rowClicked(RoomList.rowID("unt_h203"))) { $0.focus = "unt_h203" }
        await store.finish()
    }

    @Test func digitsJumpAsTheyAreTypedAndEnterEndsTheJump() async {
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("2"))) {
            $0.jump = "2"
            $0.jumpFrom = "unt_h101"
            $0.focus = "unt_h201"
        }
        await store.send(.keyPressed(.character("0")))  { $0.jump = "20" }
        await store.send(.keyPressed(.character("3"))) {
            $0.jump = "203"
            $0.focus = "unt_h203"
        }
        await store.send(.keyPressed(.enter)) {
            $0.jump = nil
            $0.jumpFrom = nil
        }
        await store.finish()
    }

    @Test func aRoleWithoutHousekeepingWriteIsToldWhyAndNothingIsSent() async {
        var environment = world.environment
        environment.mayChangeStatus = false
        var state = loaded(focus: "unt_h102")
        state.hasLoaded = false
        let store = TestStore(initialState: state, reducer: Feature(environment: environment))
        await store.send(.appeared) {
            $0.mayChangeStatus = false
            $0.hasLoaded = true
            $0.freshness = .loading
        }
        await store.receive(.savedLoaded(nil, .none)) { $0.savedAnswered = true }
        await store.receive(.unitsRead(.offline, .none)) { $0.freshness = .offline(lastUpdated: "09:21") }
        for key: Character in ["d", "c", "i"] {
            await store.send(.keyPressed(.character(key))) {
                $0.notice = Notice(.info, "Your role cannot change room status. Nothing was sent.")
            }
        }
        await store.finish()
        #expect(world.statusCalls.withLock { $0 }.isEmpty, "nothing was handed to the outbox")
        #expect(HousekeepingView.hints(store.state).first == KeyHint(key: "d c i", label: "not your role", isEnabled: false))
    }

    @Test func aNumberThatIsNoRoomLeavesTheFocusWhereItWasAndTheActionKeysWait() async {
        let store = makeStore(loaded(focus: "unt_h102"))
        await store.send(.keyPressed(.character("3"))) {
            $0.jump = "3"
            $0.jumpFrom = "unt_h102"
            $0.focus = "unt_h301"
        }
        // "31" is no room's start: the focus does not stay on 301, which only shares the "3".
        await store.send(.keyPressed(.character("1"))) {
            $0.jump = "31"
            $0.focus = "unt_h102"
        }
        await store.send(.keyPressed(.character("0"))) { $0.jump = "310" }
        await store.send(.keyPressed(.character("1"))) { $0.jump = "3101" }
        await store.send(.keyPressed(.enter)) {
            $0.jump = nil
            $0.jumpFrom = nil
            $0.awaitingRoom = true
            $0.notice = Notice(.info, "There is no room 3101 at this property.")
        }
        // `c` changes no room: it waits for a new choice.
        await store.send(.keyPressed(.character("c"))) {
            $0.notice = Notice(.info, "Choose a room first: move to it or type its number.")
        }
        await store.send(.keyPressed(.enter))
        await store.send(.keyPressed(.down)) {
            $0.awaitingRoom = false
            $0.focus = "unt_h103"
        }
        await store.finish()
        #expect(world.statusCalls.withLock { $0 }.isEmpty, "no change was handed to the outbox")
    }

    @Test func aScannedRoomTagFollowedByEnterJumpsEvenThroughAFilter() async {
        var state = loaded()
        state.list.setFilter(RoomFilter(status: .dirty))
        let store = makeStore(state)
        await store.send(.keyPressed(.character("/"))) {
            $0.jump = ""
            $0.jumpFrom = "unt_h101"
        }
        for (index, character) in "room/203".enumerated() {
            await store.send(.keyPressed(.character(character))) {
                $0.jump = String("room/203".prefix(index + 1))
                if index == 5 { $0.focus = "unt_h201" }
                if index == 7 {
                    $0.list.setFilter(RoomFilter())
                    $0.focus = "unt_h203"
                }
            }
        }
        await store.send(.keyPressed(.enter)) {
            $0.jump = nil
            $0.jumpFrom = nil
        }
        // A scanned tag opens that room's detail (Esc goes back to the list).
        await store.send(.pasted("ROOM-104\n")) {
            $0.focus = "unt_h104"
            $0.detail = Feature.RoomDetail(unitID: "unt_h104")
        }
        await store.receive(.detailSavedLoaded("unt_h104", nil))
        await store.receive(.detailRead("unt_h104", .offline)) { $0.detail?.freshness = .offline(lastUpdated: nil) }
        await store.send(.keyPressed(.escape)) { $0.detail = nil }
        await store.send(.keyPressed(.character("/"))) {
            $0.jump = ""
            $0.jumpFrom = "unt_h104"
        }
        await store.send(.keyPressed(.character("9"))) { $0.jump = "9" }
        await store.send(.keyPressed(.enter)) {
            $0.jump = nil
            $0.jumpFrom = nil
            $0.awaitingRoom = true
            $0.notice = Notice(.info, "There is no room 9 at this property.")
        }
        await store.send(.keyPressed(.character("1"))) {
            $0.jump = "1"
            $0.jumpFrom = "unt_h104"
            $0.awaitingRoom = false
            $0.focus = "unt_h101"
        }
        await store.send(.keyPressed(.escape)) {
            $0.jump = nil
            $0.jumpFrom = nil
            $0.focus = "unt_h104"
        }
        await store.finish()
    }

    @Test func roomTagsAreReadInTheirShapes() {
        #expect(Feature.roomNumber(inTag: " room/203 ") == "203")
        #expect(Feature.roomNumber(inTag: "ROOM:104") == "104")
        #expect(Feature.roomNumber(inTag: "101") == "101")
    }

    // MARK: Status changes

    @Test func aChangeShowsAtOnceAndTheSentAnswerBringsTheNewVersion() async {
        var sent = HotelFixture.room("101", HotelFixture.double, .arriving, .clean, version: 4)
        sent.floor = 1
        world.answerChanges(.sent(sent))
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("c"))) {
            $0.list.update("unt_h101") {
                $0.shown = .clean
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h101"]
        }
        await store.receive(.statusChangeFinished("unt_h101", .clean, .sent(sent))) {
            $0.inFlight = []
            $0.touched = ["unt_h101"]
            $0.list.update("unt_h101") {
                $0.unit = sent
                $0.mark = .none
            }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(world.calls == [.init(unit: "unt_h101", status: .clean, expectedVersion: 3)])
        await store.finish()
    }

    @Test func offlineTheChangeWaitsMarkedAndTheSameStatusAgainIsNotSent() async {
        world.answerChanges(.queued(waitsForDecision: false))
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("i"))) {
            $0.list.update("unt_h101") {
                $0.shown = .inspected
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h101"]
        }
        await store.receive(.statusChangeFinished("unt_h101", .inspected, .queued(waitsForDecision: false))) {
            $0.inFlight = []
            $0.pending.queued["unt_h101"] = .inspected
            $0.list.update("unt_h101") { $0.mark = .queued }
        }
        await store.receive(.delegate(.outboxChanged))
        await store.send(.keyPressed(.character("i"))) {
            $0.notice = Notice(.info, "Room 101 is already Inspected.")
        }
        #expect(world.calls.count == 1)
        await store.finish()
    }

    @Test func aSecondChangeOfARoomWaitsForTheFirstAndGoesWithTheVersionItCreated() async {
        var cleaned = HotelFixture.room("101", HotelFixture.double, .arriving, .clean, version: 4)
        cleaned.floor = 1
        var inspected = cleaned
        inspected.housekeepingStatus = .inspected
        inspected.housekeepingVersion = 5
        world.answerChanges(.sent(cleaned), .sent(inspected))
        world.changeGate.close()
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("c"))) {
            $0.list.update("unt_h101") {
                $0.shown = .clean
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h101"]
        }
        await store.send(.keyPressed(.character("i"))) {
            $0.list.update("unt_h101") { $0.shown = .inspected }
            $0.waiting["unt_h101"] = .inspected
        }
        world.changeGate.open()
        await store.receive(.statusChangeFinished("unt_h101", .clean, .sent(cleaned))) {
            $0.waiting = [:]
            $0.touched = ["unt_h101"]
            $0.list.update("unt_h101") { $0.unit = cleaned }
        }
        await store.receive(.delegate(.outboxChanged))
        await store.receive(.statusChangeFinished("unt_h101", .inspected, .sent(inspected))) {
            $0.inFlight = []
            $0.list.update("unt_h101") {
                $0.unit = inspected
                $0.shown = .inspected
                $0.mark = .none
            }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(world.calls == [.init(unit: "unt_h101", status: .clean, expectedVersion: 3),
                                .init(unit: "unt_h101", status: .inspected, expectedVersion: 4)])
        await store.finish()
    }

    @Test func aConflictPutsTheRoomBackWithASentenceAndReadsTheInstancesStatus() async {
        world.answerChanges(.held(.conflict, code: "unit.status_conflict"))
        var desk = HotelFixture.units
        desk[1].housekeepingStatus = .inspected
        desk[1].housekeepingVersion = 4
        let fresh = UnitList(businessDate: HotelFixture.date, units: desk)
        world.answerReads(.fresh(fresh, at: HotelFixture.freshAt))
        world.pending.withLock { $0 = PendingRooms(held: ["unt_h101"]) }
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("c"))) {
            $0.list.update("unt_h101") {
                $0.shown = .clean
                $0.mark = .sending
            }
            $0.inFlight = ["unt_h101"]
        }
        let sentence = "Room 101 was changed by someone else first, so your change was not sent. It shows the instance's status again; your change waits under Review."
        await store.receive(.statusChangeFinished("unt_h101", .clean, .held(.conflict, code: "unit.status_conflict"))) {
            $0.inFlight = []
            $0.pending.held = ["unt_h101"]
            $0.list.update("unt_h101") {
                $0.shown = .dirty
                $0.mark = .held
            }
            $0.notice = Notice(.warning, sentence)
            $0.heldNotice = HeldNotice(subject: "unt_h101", notice: Notice(.warning, sentence))
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        await store.receive(.delegate(.outboxChanged))
        await store.receive(.unitsRead(.fresh(fresh, at: HotelFixture.freshAt), PendingRooms(held: ["unt_h101"]))) {
            $0.list = RoomList(units: desk) { $0.id == "unt_h101" ? (nil, .held) : (nil, .none) }
            $0.freshness = .current
        }
        #expect(store.state.list.entry("unt_h101")?.shown == .inspected, "the desk's status")
        await store.finish()
    }

    @Test func aHeldChangeDiscardedInReviewTakesItsMarkAndItsSentenceWithIt() async {
        var desk = HotelFixture.units
        desk[0].housekeepingStatus = .inspected
        desk[1].housekeepingStatus = .inspected
        let heldSentence = Notice(.warning, "Room 101 was changed by someone else first.")
        var state = Feature.State(list: RoomList(units: desk) { ["unt_h101", "unt_h102"].contains($0.id) ? (nil, .held) : (nil, .none) },
                                  businessDate: HotelFixture.date, focus: "unt_h101", freshness: .current,
                                  notice: heldSentence, hasLoaded: true,
                                  pending: PendingRooms(held: ["unt_h101", "unt_h102"]))
        state.heldNotice = HeldNotice(subject: "unt_h101", notice: heldSentence)
        let store = makeStore(state)

        // 102's change is discarded: 101's sentence stays, 102's mark goes.
        world.pending.withLock { $0 = PendingRooms(held: ["unt_h101"]) }
        await store.send(.outboxEdited)
        await store.receive(.pendingLoaded(PendingRooms(held: ["unt_h101"]))) {
            $0.pending = PendingRooms(held: ["unt_h101"])
            $0.list.update("unt_h102") { $0.mark = .none }
        }
        #expect(store.state.notice == heldSentence)

        // Then 101's: its mark and its sentence go; the rooms show the instance's status.
        world.pending.withLock { $0 = PendingRooms() }
        await store.send(.outboxEdited)
        await store.receive(.pendingLoaded(PendingRooms())) {
            $0.pending = PendingRooms()
            $0.list.update("unt_h101") { $0.mark = .none }
            $0.notice = nil
            $0.heldNotice = nil
        }
        #expect(store.state.list.entry("unt_h101")?.shown == .inspected)
        #expect(world.readCount.withLock { $0 } == 0, "marks come from the outbox alone; nothing is read from the instance")
        await store.finish()
    }

    @Test func anotherSentenceOnScreenIsNotTakenDownWithADiscardedChange() async {
        let held = Notice(.warning, "Room 101 was changed by someone else first.")
        let other = Notice(.error, "Room 103's change could not be saved on this device.")
        var state = loaded()
        state.notice = other
        state.heldNotice = HeldNotice(subject: "unt_h101", notice: held)
        let store = makeStore(state)
        await store.send(.outboxEdited)
        await store.receive(.pendingLoaded(PendingRooms())) {
            $0.heldNotice = nil
        }
        #expect(store.state.notice == other)
        await store.finish()
    }

    @Test func aChangeThatCouldNotBeSavedGoesBackWithASentence() async {
        world.answerChanges(.expired, .failed)
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("c"))) {
            $0.list.update("unt_h101") { $0.shown = .clean; $0.mark = .sending }
            $0.inFlight = ["unt_h101"]
        }
        await store.receive(.statusChangeFinished("unt_h101", .clean, .expired)) {
            $0.inFlight = []
            $0.list.update("unt_h101") { $0.shown = .dirty; $0.mark = .none }
            $0.notice = Notice(.error, "The change of room 101 was not saved: this account or workspace is no longer in use.")
        }
        await store.receive(.delegate(.outboxChanged))
        await store.send(.keyPressed(.character("i"))) {
            $0.list.update("unt_h101") { $0.shown = .inspected; $0.mark = .sending }
            $0.inFlight = ["unt_h101"]
            $0.notice = nil
        }
        await store.receive(.statusChangeFinished("unt_h101", .inspected, .failed)) {
            $0.inFlight = []
            $0.list.update("unt_h101") { $0.shown = .dirty; $0.mark = .none }
            $0.notice = Notice(.error, "The change of room 101 could not be saved on this device.")
        }
        await store.receive(.delegate(.outboxChanged))
        await store.finish()
    }

    @Test func sendNowAndReviewAreAskedOfTheAppOnlyWhenThereIsSomething() async {
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("n")))
        await store.send(.keyPressed(.character("v")))
        await store.send(.badgeChanged(OutboxBadge(toSend: 2, toReview: 1))) {
            $0.badge = OutboxBadge(toSend: 2, toReview: 1)
        }
        await store.send(.keyPressed(.character("n")))
        await store.receive(.delegate(.sendNow))
        await store.send(.keyPressed(.character("v")))
        await store.receive(.delegate(.openReview))
        await store.finish()
    }

    // MARK: Room detail

    @Test func enterOpensTheRoomWithItsTasksAndItIsReadAgainOnComingBack() async {
        let tasks = [HotelFixture.task("tsk_0005", room: "101", arriving: true, reservation: "1001")]
        var unit = HotelFixture.units[1]
        unit.housekeepingStatus = .clean
        unit.housekeepingVersion = 4
        let detail = UnitDetail(businessDate: HotelFixture.date, unit: unit, tasks: tasks)
        world.savedDetails.withLock { $0["unt_h101"] = SavedCopy(value: detail, savedAt: HotelFixture.savedAt) }
        world.answerDetails(.fresh(detail, at: HotelFixture.freshAt), .offline)
        let store = makeStore(loaded())
        await store.send(.keyPressed(.enter)) { $0.detail = Feature.RoomDetail(unitID: "unt_h101") }
        await store.receive(.detailSavedLoaded("unt_h101", SavedCopy(value: detail, savedAt: HotelFixture.savedAt))) {
            $0.detail?.detail = detail
            $0.detail?.lastUpdated = "07:40"
            $0.detail?.freshness = .updating(lastUpdated: "07:40")
        }
        await store.receive(.detailRead("unt_h101", .fresh(detail, at: HotelFixture.freshAt))) {
            $0.detail?.lastUpdated = "09:21"
            $0.detail?.freshness = .current
            $0.list.update("unt_h101") {
                $0.unit = unit
                $0.shown = .clean
            }
        }
        await store.send(.keyPressed(.down)) { $0.detail?.focus = 1 }
        // The room's task is a line of its own (after the three statuses): Enter opens it on My tasks.
        await store.send(.keyPressed(.end)) { $0.detail?.focus = 4 }
        await store.send(.keyPressed(.up)) { $0.detail?.focus = 3 }
        await store.send(.keyPressed(.enter))
        await store.receive(.delegate(.openTask("tsk_0005")))
        await store.send(.keyPressed(.end)) { $0.detail?.focus = 4 }
        // "Report a fault" opens the form over the detail; Esc with nothing entered closes it at once.
        await store.send(.keyPressed(.enter)) {
            $0.detail?.fault = FaultForm.State(unit: UnitRef(id: "unt_h101", number: "101"), businessDate: HotelFixture.date,
                                               from: "2026-11-02", to: "2026-11-03",
                                               grants: FaultGrants(permissions: [.housekeepingWrite, .tasksWork],
                                                                   capabilities: Capability.all))
        }
        await store.send(.keyPressed(.escape))
        await store.receive(.fault(.delegate(.closed))) { $0.detail?.fault = nil }
        // Back to the tab: the room and the list are read again.
        await store.send(.appeared) { $0.freshness = .updating(lastUpdated: "09:21") }
        // The two reads run side by side: their answers come in either order.
        var answered: [Feature.Action] = []
        for _ in 0..<2 {
            let action = await store.receiveAny { action, state in
                switch action {
                case .unitsRead(.offline, .none): state.freshness = .offline(lastUpdated: "09:21")
                case .detailRead("unt_h101", .offline): state.detail?.freshness = .offline(lastUpdated: "09:21")
                default: break
                }
            }
            if let action { answered.append(action) }
        }
        #expect(Set(answered.map { "\($0)" }) == ["\(Feature.Action.unitsRead(.offline, .none))",
                                                   "\(Feature.Action.detailRead("unt_h101", .offline))"])
        await store.send(.keyPressed(.escape)) { $0.detail = nil }
        await store.finish()
    }

    @Test func theDetailsKeysChangeItsRoom() async {
        world.answerChanges(.queued(waitsForDecision: false))
        var state = loaded()
        state.detail = Feature.RoomDetail(unitID: "unt_h203", freshness: .current)
        let store = makeStore(state)
        await store.send(.keyPressed(.character("d"))) {
            $0.list.update("unt_h203") { $0.shown = .dirty; $0.mark = .sending }
            $0.inFlight = ["unt_h203"]
        }
        await store.receive(.statusChangeFinished("unt_h203", .dirty, .queued(waitsForDecision: false))) {
            $0.inFlight = []
            $0.pending.queued["unt_h203"] = .dirty
            $0.list.update("unt_h203") { $0.mark = .queued }
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(world.calls == [.init(unit: "unt_h203", status: .dirty, expectedVersion: 5)])
        await store.finish()
    }
}
