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
                      code: String? = nil, partition: Partition = WorkOperationsTests.partition) throws -> OutboxEntry {
        try entry(id, operation, payload: PayloadCoding.encode(payload), held: held, code: code, partition: partition)
    }

    static func entry(_ id: Int64, _ operation: String, payload: Data, held: HoldReason? = nil,
                      code: String? = nil, partition: Partition = WorkOperationsTests.partition) -> OutboxEntry {
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
        #expect(WorkOperations.registry().names == ["maintenance_photos.put", "maintenance_tickets.put", "tasks.note",
                                                     "tasks.status", "units.housekeeping"])
        #expect(WorkOperations.all.map(\.name) == [RoomStatusOperation.name, TaskStatusOperation.name, TaskNoteOperation.name,
                                                   FaultReportOperation.name, FaultPhotoOperation.name])
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
            row(FaultReportOperation.name, WorkOperationsTests.report(block: nil), "Room 203: fault report"),
            row(FaultReportOperation.name, WorkOperationsTests.report(block: .outOfOrder),
                "Room 203: fault report, out of order from 2026-11-02 (back 2026-11-03)"),
            row(FaultReportOperation.name, WorkOperationsTests.report(block: .outOfService),
                "Room 203: fault report, out of service from 2026-11-02 (back 2026-11-03)"),
            row(FaultPhotoOperation.name, WorkOperationsTests.photo(name: "sink\u{1B}[2J.jpg"),
                "Room 203: photo sink.jpg of a fault report"),
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

    static func report(block kind: BlockKind?, unit: UnitID = "unt_h203") -> FaultReport {
        let block = kind.map { BlockRequest(kind: $0, from: BusinessDate("2026-11-02")!, to: BusinessDate("2026-11-03")!,
                                            reason: "Leak") }
        return FaultReport(property: "prp_harbour", ticket: "mtk_00000000000000a1",
                           request: MaintenanceTicketRequest(unitID: unit, taskID: nil, category: .plumbing,
                                                             description: "Leak", priority: .high, block: block),
                           number: "203", roomStatus: kind == .outOfOrder ? .outOfOrder : nil)
    }

    static func photo(name: String = "sink.jpg", unit: UnitID = "unt_h203") -> FaultPhoto {
        FaultPhoto(FaultPhoto.Header(property: "prp_harbour", ticket: "mtk_00000000000000a1", photo: "mph_00000000000000b1",
                                     unit: unit, number: "203", name: name, width: 16, height: 12),
                   jpeg: Data([0xFF, 0xD8, 0xFF, 0x0A, 0x0A, 0xD9]))
    }

    @Test func faultReportsAndPhotosMarkTheirRoomAndABlockShowsItsStatusWaiting() throws {
        let marks = WorkOperations.marks([
            try Self.entry(1, FaultReportOperation.name, Self.report(block: .outOfOrder)),
            try Self.entry(2, FaultPhotoOperation.name, Self.photo()),
            try Self.entry(3, FaultReportOperation.name, Self.report(block: nil, unit: "unt_h102"), held: .refused,
                           code: "ticket.invalid"),
            try Self.entry(4, FaultPhotoOperation.name, Self.photo(unit: "unt_h104"), held: .refused, code: "photo.too_large"),
        ])
        #expect(marks.faults == PendingFaults(waiting: ["unt_h203"], held: ["unt_h102", "unt_h104"]))
        #expect(marks.rooms == PendingRooms(queued: ["unt_h203": .outOfOrder], held: ["unt_h102"]),
                "a refused report is a change of its room held for review; a photo is not")
        #expect(marks.tasks == PendingTasks())
    }

    @Test func aPhotoIsSavedAsAHeaderAndItsBytesAndDependsOnItsReport() throws {
        let photo = Self.photo()
        let bytes = try PayloadCoding.encode(photo)
        let newline = try #require(bytes.firstIndex(of: 0x0A))
        #expect(bytes[(newline + 1)...] == photo.jpeg, "the JPEG as it is, newlines inside it too")
        #expect(try PayloadCoding.decode(FaultPhoto.self, bytes) == photo)
        let operation = FaultPhotoOperation()
        let subject = operation.subject(photo)
        #expect(subject == "ticket:mtk_00000000000000a1/photo:mph_00000000000000b1")
        #expect(operation.parentSubject(of: subject) == FaultReportOperation().subject(Self.report(block: nil)))
        #expect(FaultReportOperation().parentSubject(of: "ticket:mtk_00000000000000a1") == nil)
        #expect(RoomStatusOperation().parentSubject(of: "unit:a/photo:b") == nil, "only photos depend on another subject")
    }

    @Test func aBlockShowsTheRoomsStatusAtOnceOnlyWhenItCoversTheBusinessDate() {
        let today = BusinessDate("2026-11-02")!
        func block(_ kind: BlockKind, _ from: String, _ to: String) -> BlockRequest {
            BlockRequest(kind: kind, from: BusinessDate(from)!, to: BusinessDate(to)!, reason: "x")
        }
        #expect(LiveWork.statusWhileBlocked(block(.outOfOrder, "2026-11-02", "2026-11-03"), on: today) == .outOfOrder)
        #expect(LiveWork.statusWhileBlocked(block(.outOfService, "2026-11-01", "2026-11-05"), on: today) == .outOfService)
        #expect(LiveWork.statusWhileBlocked(block(.outOfOrder, "2026-11-03", "2026-11-05"), on: today) == nil)
        #expect(LiveWork.statusWhileBlocked(nil, on: today) == nil)
    }

    @Test func aRefusedReportCarriesTheInstancesSentenceMadeInertAndTheFieldItNames() throws {
        let entry = OutboxEntry(
            id: 9, partition: Self.partition, operation: FaultReportOperation.name, subject: "ticket:mtk_00000000000000a1",
            payload: try PayloadCoding.encode(Self.report(block: .outOfOrder)), idempotencyKey: "k9", createdAt: Self.at,
            attempts: 1, lastAttemptAt: Self.at, outcomeUnknown: false,
            hold: OutboxHold(reason: .refused, status: 422, code: "block.overlap",
                             detail: "Room 203\u{1B}[2J is already out of order\u{202E}.", field: "block.from", heldAt: Self.at))
        let ids = FaultReportIDs(ticket: "mtk_00000000000000a1", photos: [])
        let refusal = try #require(LiveWork.refusal(ids, entry))
        #expect(refusal.sentence == "Room 203 is already out of order.")
        #expect(refusal.field == "block.from" && refusal.code == "block.overlap" && refusal.entry == 9)
    }
}

/// The rows' marks after a round decode only the entries not decoded before (#32: Housekeeping
/// and My tasks each decoded every pending entry again after every round).
@Suite struct DecodedPayloadsTests {
    typealias Fixture = WorkOperationsTests

    @Test func aSecondReadOfTheMarksDecodesNothingAndAChangedPayloadIsDecodedAgain() throws {
        let decoded = DecodedPayloads()
        let first = try Fixture.entry(1, RoomStatusOperation.name, Fixture.room("unt_h101", .clean))
        let second = try Fixture.entry(2, TaskStatusOperation.name, Fixture.status(.inProgress, version: 4))
        let fresh = WorkOperations.marks([first, second])
        #expect(WorkOperations.marks([first, second], decoded: decoded) == fresh)
        #expect(decoded.decodes == 2)
        // The other tab's read after the same round: the same marks, nothing decoded.
        #expect(WorkOperations.marks([first, second], decoded: decoded) == fresh)
        #expect(decoded.decodes == 2)
        // The engine rewrote entry 2's version before its first attempt: its bytes differ, so it
        // is decoded again and its marks follow the new version.
        let rewritten = try Fixture.entry(2, TaskStatusOperation.name, Fixture.status(.inProgress, version: 9))
        let marks = WorkOperations.marks([first, rewritten], decoded: decoded)
        #expect(decoded.decodes == 3)
        #expect(marks == WorkOperations.marks([first, rewritten]))
        #expect(marks.tasks.queued["tsk_0005"]?.nextVersion == 10)
    }

    @Test func entriesThatLeftTheOutboxAreForgottenOnlyInTheirPartition() throws {
        let decoded = DecodedPayloads()
        let first = try Fixture.entry(1, RoomStatusOperation.name, Fixture.room("unt_h101", .clean))
        let other = try Fixture.entry(5, RoomStatusOperation.name, Fixture.room("unt_h102", .dirty),
                                      partition: Partition(instanceKey: "ins_other", personID: "usr_x",
                                                           workspaceID: "wsp_x"))
        _ = WorkOperations.marks([first], decoded: decoded)
        _ = WorkOperations.marks([other], decoded: decoded)
        #expect(decoded.decodes == 2)
        // Entry 1 was sent: its partition's outbox is empty now.
        decoded.keep(only: [], of: first.partition)
        _ = WorkOperations.marks([other], decoded: decoded)
        #expect(decoded.decodes == 2, "the other account's entry is still decoded")
        _ = WorkOperations.marks([first], decoded: decoded)
        #expect(decoded.decodes == 3, "entry 1 was forgotten")
    }
}
