import AppCore
import Foundation
import GuestCraftAPI
import ClientModel
import Testing

/// The Housekeeping tab and the room detail at 40 × 12 and 80 × 24, in the app's frame.
@Suite struct HousekeepingSnapshotTests {
    typealias Feature = HousekeepingFeature

    static func loaded(focus: UnitID = "unt_h101") -> Feature.State {
        Feature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date, focus: focus,
                      freshness: .current, lastUpdated: "09:21", hasLoaded: true)
    }

    @Test func roomsFresh() {
        assertSnapshot(of: HousekeepingView.view(Self.loaded(focus: "unt_h203")).framed(.housekeeping),
                       named: "housekeeping-rooms")
    }

    /// The front desk: the status keys are shown disabled with the reason, and `d` said why.
    @Test func aRoleThatCannotChangeStatus() {
        var state = Self.loaded(focus: "unt_h102")
        state.mayChangeStatus = false
        state.notice = Notice(.info, "Your role cannot change room status. Nothing was sent.")
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-no-status-role")
    }

    /// #31: `c` on the out-of-order room asks first, naming its block.
    @Test func aBlockedRoomAsksFirst() {
        var state = Self.loaded(focus: "unt_h301")
        state.question = Feature.StatusQuestion(unit: "unt_h301", number: "301", status: .clean,
                                                why: .blocked(.outOfOrder, HotelFixture.leak))
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-blocked-question")
    }

    /// #31: the detail of a blocked room says from when, until when and why.
    @Test func theDetailOfABlockedRoom() {
        var state = Self.loaded(focus: "unt_h301")
        state.detail = Feature.RoomDetail(unitID: "unt_h301", freshness: .current)
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-room-blocked")
    }

    /// #31: a housekeeper's room detail: Inspected is a supervisor's check, and `u` undoes the last change.
    @Test func aHousekeepersRoomDetailWithUndo() {
        var state = Self.loaded(focus: "unt_h103")
        state.mayInspect = false
        state.undo = Feature.RoomUndo(unit: "unt_h103", number: "103", back: .dirty, secondsLeft: 7)
        state.detail = Feature.RoomDetail(unitID: "unt_h103", freshness: .current)
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-room-no-inspect")
    }

    /// 40×12 keeps what matters: scrolled to room 301, the heading with what was typed stays.
    @Test func aScrolledListKeepsItsHeadingAndTheTypedNumber() {
        var state = Self.loaded(focus: "unt_h301")
        state.jump = "30"
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-scrolled-jump")
    }

    /// A jump that found no room: the focus is where it was, the line says so, `d c i` wait.
    @Test func aFailedJump() {
        var state = Self.loaded(focus: "unt_h102")
        state.awaitingRoom = true
        state.notice = Notice(.info, "There is no room 3101 at this property.")
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-failed-jump")
    }

    @Test func loadingWithNothingSaved() {
        let state = Feature.State(hasLoaded: true)
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping, header: .harbour(.updating)),
                       named: "housekeeping-loading")
    }

    /// Offline on the saved copy: one room waits to be sent, one change is held for Review.
    @Test func offlineWithQueuedAndHeldChanges() {
        var state = Self.loaded(focus: "unt_h102")
        state.list = RoomList(units: HotelFixture.units) { unit in
            switch unit.id {
            case "unt_h102": (.clean, .queued)
            case "unt_h202": (nil, .held)
            default: (nil, .none)
            }
        }
        state.freshness = .offline(lastUpdated: "07:40")
        state.badge = OutboxBadge(toSend: 1, toReview: 1)
        state.notice = Notice(.warning, L10n.conflict)
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping, header: .harbour(.offline, toSend: 1, toReview: 1)),
                       named: "housekeeping-offline-held")
    }

    @Test func filteredWhileUpdating() {
        var state = Self.loaded(focus: "unt_h201")
        state.list.setFilter(RoomFilter(status: .dirty, floor: 2))
        state.freshness = .updating(lastUpdated: "09:21")
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping, header: .harbour(.updating)),
                       named: "housekeeping-filtered")
    }

    @Test func jumpingToARoom() {
        var state = Self.loaded(focus: "unt_h201")
        state.jump = "20"
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "housekeeping-jump")
    }

    @Test func roomDetailWithTasksAndAQueuedChange() {
        var state = Self.loaded(focus: "unt_h101")
        state.list.update("unt_h101") {
            $0.shown = .clean
            $0.mark = .queued
        }
        state.badge = OutboxBadge(toSend: 1)
        let tasks = [
            HotelFixture.task("tsk_0005", room: "101", arriving: true, note: "Quiet room", reservation: "1001"),
            HotelFixture.task("tsk_0007", room: "101", .inspect, .open, assignee: nil),
        ]
        state.detail = Feature.RoomDetail(unitID: "unt_h101",
                                          detail: UnitDetail(businessDate: HotelFixture.date, unit: HotelFixture.units[1],
                                                             tasks: tasks),
                                          freshness: .offline(lastUpdated: "07:40"), lastUpdated: "07:40", focus: 1)
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping, header: .harbour(.offline, toSend: 1)),
                       named: "room-detail")
    }

    @Test func roomDetailLoading() {
        var state = Self.loaded(focus: "unt_h203")
        state.detail = Feature.RoomDetail(unitID: "unt_h203")
        assertSnapshot(of: HousekeepingView.view(state).framed(.housekeeping), named: "room-detail-loading")
    }
}

enum L10n {
    static let conflict = "Room 202 was changed by someone else first, so your change was not sent. It shows the instance's status again; your change waits under Review."
}
