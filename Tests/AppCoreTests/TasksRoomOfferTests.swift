import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import ClientModel
import Testing

/// #31: finishing a cleaning task left the room Dirty, so every room took a second step on
/// another tab. Finishing it now offers the room's next status in one key.
@MainActor
@Suite struct TasksRoomOfferTests {
    typealias Feature = TasksFeature
    let world = TasksWorld()

    func makeStore(_ state: Feature.State) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    /// Room 201's stay-over clean, in progress.
    static let room201 = TaskFixture.tasks[2]

    func loaded() -> Feature.State {
        Feature.State(entries: TaskFixture.entries(), businessDate: HotelFixture.date, focus: "task.tsk_0003",
                      freshness: .current, lastUpdated: "09:21", hasLoaded: true)
    }

    func finish(_ store: TestStore<Feature.State, Feature.Action>, offer: Feature.RoomOffer?) async {
        await store.send(.keyPressed(.character("s"))) {
            $0.entries[2].shown = TaskFixture.advanced(Self.room201, .done)
            $0.entries[2].mark = .sending
            $0.inFlight = ["tsk_0003": 1]
            $0.undo = Feature.Undo(task: "tsk_0003", inverse: TaskStatusChange(status: .inProgress), secondsLeft: 10)
            $0.roomOffer = offer
            if offer != nil { $0.notice = Notice(.info, "Task done. c marks room 201 Clean.") }
        }
        await store.receive(.changeFinished("tsk_0003", .queued(waitsForDecision: false))) {
            $0.inFlight = [:]
            $0.entries[2].mark = .queued
        }
        await store.receive(.delegate(.outboxChanged))
    }

    func letUndoExpire(_ store: TestStore<Feature.State, Feature.Action>) async {
        while let left = store.state.undo?.secondsLeft {
            await world.clock.advance(by: .seconds(1))
            await store.receive(.undoTick) {
                if left > 1 { $0.undo?.secondsLeft = left - 1 } else { $0.undo = nil }
            }
        }
    }

    @Test func finishingACleaningTaskOffersCleanAndCMarksTheRoom() async {
        world.roomGrants.withLock { $0 = (change: true, inspect: false) }
        let store = makeStore(loaded())
        let offer = Feature.RoomOffer(task: "tsk_0003", unit: Self.room201.unit, status: .clean)
        await finish(store, offer: offer)
        #expect(TasksView.view(store.state).hints.contains { $0.key == "c" && $0.label == "Room 201 Clean" })
        await store.send(.keyPressed(.character("c"))) {
            $0.roomOffer = nil
            $0.notice = nil
        }
        await store.receive(.roomStatusSet(Self.room201.unit, .clean, .queued(waitsForDecision: false))) {
            $0.notice = Notice(.info, "Room 201 is marked Clean; it waits to be sent.")
        }
        await store.receive(.delegate(.outboxChanged))
        #expect(world.roomCalls.withLock { $0 } == [Self.room201.unit])
        await store.send(.keyPressed(.character("c")))
        #expect(world.roomCalls.withLock { $0 }.count == 1, "the offer is taken once")
        await letUndoExpire(store)
        await store.finish()
    }

    @Test func aRoleThatCannotSetRoomStatusIsOfferedNothing() async {
        world.roomGrants.withLock { $0 = (change: false, inspect: false) }
        let store = makeStore(loaded())
        await finish(store, offer: nil)
        await store.send(.keyPressed(.character("c")))
        #expect(world.roomCalls.withLock { $0 }.isEmpty)
        await letUndoExpire(store)
        await store.finish()
    }

    @Test func aRoomWhoseVersionIsUnknownSaysWhereToMarkIt() async {
        world.roomGrants.withLock { $0 = (change: true, inspect: false) }
        world.roomOutcome.withLock { $0 = nil }
        let store = makeStore(loaded())
        await finish(store, offer: Feature.RoomOffer(task: "tsk_0003", unit: Self.room201.unit, status: .clean))
        await store.send(.keyPressed(.character("c"))) {
            $0.roomOffer = nil
            $0.notice = nil
        }
        await store.receive(.roomStatusSet(Self.room201.unit, .clean, nil)) {
            $0.notice = Notice(.info, L("tasks.room_status_unknown", ["number": "201", "status": "Clean"]))
        }
        await letUndoExpire(store)
        await store.finish()
    }

    /// Undo of the finish (the task is reopened) takes the offer away.
    @Test func undoingTheFinishWithdrawsTheOffer() async {
        world.roomGrants.withLock { $0 = (change: true, inspect: false) }
        let store = makeStore(loaded())
        await finish(store, offer: Feature.RoomOffer(task: "tsk_0003", unit: Self.room201.unit, status: .clean))
        await store.send(.keyPressed(.character("u"))) {
            $0.undo = nil
            $0.roomOffer = nil
            $0.notice = nil
            $0.entries[2].shown = TaskFixture.advanced(Self.room201, .inProgress, by: 2)
            $0.entries[2].mark = .sending
            $0.inFlight = ["tsk_0003": 1]
        }
        await store.receive(.changeFinished("tsk_0003", .queued(waitsForDecision: false))) {
            $0.inFlight = [:]
            $0.entries[2].mark = .queued
        }
        await store.receive(.delegate(.outboxChanged))
        await store.finish()
    }
}
