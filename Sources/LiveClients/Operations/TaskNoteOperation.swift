import AppCore
import Catalog
import GuestCraftAPI
import InstanceClient
import Outbox

/// A task's new note as the outbox keeps it (nil or empty clears it), with the task version.
public struct TaskNoteRequest: OutboxVersionedPayload, Equatable {
    public var property: PropertyID
    public var task: TaskID
    /// The task's room number, for people.
    public var number: String
    public var note: String?
    /// Sent as `If-Match`; the outbox sends the version its last send of the task (either task
    /// operation) answered instead when that is newer.
    public var version: Int

    public init(property: PropertyID, task: TaskID, number: String, note: String?, version: Int) {
        self.property = property
        self.task = task
        self.number = number
        self.note = note
        self.version = version
    }

    public static var expectedVersionKey: WritableKeyPath<TaskNoteRequest, Int> { \.version }
}

/// `tasks.note` through the outbox: `If-Match` with the task's version and the entry's
/// Idempotency-Key; later notes of the same task follow the version it answered.
/// Its entries mark the task's row: the note waiting, or a held change's card.
public struct TaskNoteOperation: WorkOperation {
    /// The stable name saved with each entry.
    public static let name = "tasks.note"

    public init() {}

    public var name: String { Self.name }

    public func subject(_ payload: TaskNoteRequest) -> String { TaskSubject.of(payload.task) }

    public func send(_ client: InstanceClient, _ payload: TaskNoteRequest,
                     _ context: OutboxSendContext) async throws -> HousekeepingTask {
        try await client.setTaskNote(
            property: payload.property, task: payload.task, TaskNoteChange(note: payload.note),
            version: .version(payload.version), idempotencyKey: context.idempotencyKey,
            cancellation: context.httpCancellation())
    }

    public func version(of result: HousekeepingTask) -> Int? { result.version }

    public func sentence(_ payload: TaskNoteRequest) -> String {
        L("outbox.tasks.note", ["unit": InertText.sanitize(payload.number)])
    }

    public func mark(_ payload: TaskNoteRequest, entry: OutboxEntry, into marks: inout WorkMarks) {
        if let hold = entry.hold {
            marks.tasks.held.append(HeldTaskChange(id: entry.id, task: payload.task, number: payload.number,
                                                   change: .note, reason: hold.reason, code: hold.code))
        } else {
            marks.overlay(payload.task, version: payload.version) { overlay in overlay.note = .some(payload.note) }
        }
    }
}
