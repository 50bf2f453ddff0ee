import AppCore
import Outbox
import Testing

/// The Account screen names each change of these tabs with a sentence, never the raw key.
@Suite struct HousekeepingChangeDescriptionTests {
    @Test func everyOperationOfTheseTabsHasASentence() {
        let room = RoomStatusOperation().describe(RoomStatusChange(property: "prp_harbour", unit: "unt_h101", number: "101",
                                                                   status: .clean, expectedVersion: 3))
        #expect(ChangeDescriptions.text(room) == "Room 101: mark clean")
        let skip = TaskStatusOperation().describe(TaskStatusRequest(property: "prp_harbour", task: "tsk_0005", number: "101",
                                                                    status: .skipped, reason: "Do not disturb", version: 1))
        #expect(ChangeDescriptions.text(skip) == "Task in room 101: skip (Do not disturb)")
        let note = TaskNoteOperation().describe(TaskNoteRequest(property: "prp_harbour", task: "tsk_0005", number: "1\u{1B}[2J01",
                                                                note: "x", version: 1))
        #expect(ChangeDescriptions.text(note) == "Task in room 101: note", "instance text is made inert")
        #expect(ChangeDescriptions.text(OutboxDescription(catalogKey: "maintenance.ticket")) == nil)
    }
}
