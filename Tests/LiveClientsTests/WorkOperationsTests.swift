import AppCore
import Foundation
import GuestCraftAPI
@testable import LiveClients
import Outbox
import Testing

/// What each operation of the work tabs declares besides sending: its sentence on the Account
/// screen and the marks its entries put on the rows, looked up through the one list
/// (`WorkOperations.all`) the engine's registry is built from.
@Suite struct WorkOperationsTests {
    static let partition = Partition(instanceKey: "demo-instance", personID: "usr_housekeeper", workspaceID: "wsp_demo")
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(_ id: Int64, _ operation: String, _ payload: some Encodable, held: HoldReason? = nil,
                      code: String? = nil) throws -> OutboxEntry {
        try entry(id, operation, payload: JSONEncoder().encode(payload), held: held, code: code)
    }

    static func entry(_ id: Int64, _ operation: String, payload: Data, held: HoldReason? = nil,
                      code: String? = nil) -> OutboxEntry {
        OutboxEntry(id: id, partition: partition, operation: operation, subject: "s", payload: payload,
                    idempotencyKey: "k\(id)", createdAt: at, attempts: 0, lastAttemptAt: nil, outcomeUnknown: false,
                    hold: held.map { OutboxHold(reason: $0, status: 409, code: code, detail: nil, heldAt: at) })
    }

    static func room(_ unit: UnitID, _ status: HousekeepingStatus, number: String = "101") -> RoomStatusChange {
        RoomStatusChange(property: "prp_harbour", unit: unit, number: number, status: status, expectedVersion: 3)
    }

    static func status(_ status: TaskStatus, reason: String? = nil, version: Int = 4,
                       number: String = "101") -> TaskStatusRequest {
        TaskStatusRequest(property: "prp_harbour", task: "tsk_0005", number: number, status: status, reason: reason,
                          version: version)
    }

    static func note(_ note: String?, version: Int = 4) -> TaskNoteRequest {
        TaskNoteRequest(property: "prp_harbour", task: "tsk_0005", number: "101", note: note, version: version)
    }

    @Test func everyOperationIsRegisteredOnceUnderItsStableName() {
        #expect(WorkOperations.registry().names == ["tasks.note", "tasks.status", "units.housekeeping"])
        #expect(WorkOperations.all.map(\.name) == [RoomStatusOperation.name, TaskStatusOperation.name, TaskNoteOperation.name])
    }

    struct SentenceRow: Sendable, CustomTestStringConvertible {
        let entry: OutboxEntry
        let sentence: String
        var testDescription: String { sentence }
    }

    static let sentences: [SentenceRow] = {
        func row(_ operation: String, _ payload: some Encodable, _ sentence: String) -> SentenceRow {
            SentenceRow(entry: try! WorkOperationsTests.entry(1, operation, payload), sentence: sentence)
        }
        let room = RoomStatusOperation.name, status = TaskStatusOperation.name, note = TaskNoteOperation.name
        return [
            row(room, WorkOperationsTests.room("unt_h101", .dirty), "Room 101: mark dirty"),
            row(room, WorkOperationsTests.room("unt_h101", .clean), "Room 101: mark clean"),
            row(room, WorkOperationsTests.room("unt_h101", .inspected), "Room 101: mark inspected"),
            row(room, WorkOperationsTests.room("unt_h101", .outOfOrder), "Room 101: out of order"),
            row(room, WorkOperationsTests.room("unt_h101", .outOfService), "Room 101: out of service"),
            row(room, WorkOperationsTests.room("unt_h101", .unknown("sparkling")), "Room 101: status"),
            row(status, WorkOperationsTests.status(.open), "Task in room 101: reopen"),
            row(status, WorkOperationsTests.status(.inProgress), "Task in room 101: start"),
            row(status, WorkOperationsTests.status(.done), "Task in room 101: finish"),
            row(status, WorkOperationsTests.status(.skipped, reason: "Do not disturb"), "Task in room 101: skip (Do not disturb)"),
            row(status, WorkOperationsTests.status(.unknown("paused")), "Task in room 101: status"),
            row(note, WorkOperationsTests.note("Extra towels"), "Task in room 101: note"),
            // Instance text is made inert.
            row(note, TaskNoteRequest(property: "prp_harbour", task: "tsk_0005", number: "1\u{1B}[2J01", note: nil, version: 1),
                "Task in room 101: note"),
            row(status, WorkOperationsTests.status(.skipped, reason: "DND\u{1B}]0;x\u{07}", number: "1\u{1B}[2J01"),
                "Task in room 101: skip (DND)"),
        ]
    }()

    @Test(arguments: sentences)
    func accountNamesEachChangeWithItsOperationsSentence(_ row: SentenceRow) {
        #expect(ChangeSummary.text(row.entry) == row.sentence)
    }

    @Test func anUnknownOperationOrAnUnreadablePayloadIsAChangeThisVersionDoesNotKnow() {
        let unknown = Self.entry(1, "maintenance.ticket", payload: Data("{}".utf8))
        let unreadable = Self.entry(2, RoomStatusOperation.name, payload: Data("{\"room\":1}".utf8))
        #expect(ChangeSummary.text(unknown) == "A change this version of the app does not know")
        #expect(ChangeSummary.text(unreadable) == "A change this version of the app does not know")
        #expect(WorkOperations.marks([unknown, unreadable]) == WorkMarks())
    }

    @Test func roomChangesMarkTheirRoomsWaitingOrHeld() throws {
        let marks = WorkOperations.marks([
            try Self.entry(1, RoomStatusOperation.name, Self.room("unt_h101", .clean)),
            try Self.entry(2, RoomStatusOperation.name, Self.room("unt_h101", .inspected)),
            try Self.entry(3, RoomStatusOperation.name, Self.room("unt_h102", .dirty), held: .conflict),
        ])
        #expect(marks.rooms == PendingRooms(queued: ["unt_h101": .inspected], held: ["unt_h102"]))
        #expect(marks.tasks == PendingTasks())
    }

    @Test func taskChangesWaitingOverlayTheTaskAndAdvanceItsNextVersion() throws {
        let marks = WorkOperations.marks([
            try Self.entry(1, TaskStatusOperation.name, Self.status(.inProgress, version: 4)),
            try Self.entry(2, TaskNoteOperation.name, Self.note("Extra towels", version: 5)),
            try Self.entry(3, TaskStatusOperation.name, Self.status(.skipped, reason: "Do not disturb", version: 6)),
            // An older version (made before a rebase) never moves the next version back.
            try Self.entry(4, TaskNoteOperation.name, Self.note(nil, version: 2)),
        ])
        #expect(marks.tasks.queued == ["tsk_0005": TaskOverlay(status: .skipped, skipReason: "Do not disturb",
                                                               note: .some(nil), nextVersion: 7)])
        #expect(marks.tasks.held.isEmpty)
        #expect(marks.rooms == PendingRooms())
    }

    @Test func heldTaskChangesBecomeCardsInOrder() throws {
        let marks = WorkOperations.marks([
            try Self.entry(7, TaskStatusOperation.name, Self.status(.done), held: .conflict, code: "task.version_mismatch"),
            try Self.entry(8, TaskNoteOperation.name, Self.note("x"), held: .refused, code: "permission.denied"),
        ])
        #expect(marks.tasks.held == [
            HeldTaskChange(id: 7, task: "tsk_0005", number: "101", change: .status(.done), reason: .conflict,
                           code: "task.version_mismatch"),
            HeldTaskChange(id: 8, task: "tsk_0005", number: "101", change: .note, reason: .refused, code: "permission.denied"),
        ])
        #expect(marks.tasks.queued.isEmpty)
    }
}
