import AppCore
import Foundation
import GuestCraftAPI
import ClientModel
import Testing

/// The supervisor's board (#31) at 40 × 12 and 80 × 24, in the app's frame.
@Suite struct BoardSnapshotTests {
    static func screen(_ state: HousekeepingFeature.State, header: Header = .harbour()) -> Screen {
        HousekeepingView.view(state).framed(.housekeeping, header: header)
    }

    /// Every floor with its counts and rooms, the last hour, every task; the cursor on floor 2.
    @Test func theFloorsAtAGlance() {
        assertSnapshot(of: Self.screen(BoardFixture.onBoard(focus: 2)), named: "board-floors")
    }

    /// One floor's dirty rooms, the tasks from the saved copy while offline.
    @Test func filteredOffline() {
        var state = BoardFixture.onBoard(focus: 2, filter: RoomFilter(status: .dirty, floor: 2))
        state.freshness = .offline(lastUpdated: "09:21")
        state.board?.tasksFreshness = .offline(lastUpdated: "07:40")
        assertSnapshot(of: Self.screen(state, header: .harbour(.offline)), named: "board-filtered-offline")
    }

    /// The one question before a bulk change names the count and the floor.
    @Test func theQuestionBeforeABulkChange() {
        var state = BoardFixture.onBoard(focus: 2)
        state.board?.question = SupervisorBoard.BulkQuestion(status: .clean, rooms: ["unt_h201", "unt_h202"],
                                                            numbers: ["201", "202"], floor: 2, among: nil)
        assertSnapshot(of: Self.screen(state), named: "board-question")
    }

    /// The rooms list offers the board to the supervisor (`b`).
    @Test func theRoomListOffersTheBoard() {
        assertSnapshot(of: Self.screen(BoardFixture.loaded(focus: "unt_h201")), named: "board-offered-rooms")
    }
}
