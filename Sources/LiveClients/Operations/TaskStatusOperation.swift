import AppCore
import Catalog
import GuestCraftAPI
import InstanceClient
import Outbox

/// A task's new status as the outbox keeps it: the task, the status (with the reason of a
/// skip) and the task version it applies to.
public struct TaskStatusRequest: OutboxVersionedPayload, Equatable {
    public var property: PropertyID
    public var task: TaskID
    /// The task's room number, for people.
    public var number: String
    public var status: TaskStatus
    /// Required for `skipped`.
    public var reason: String?
    /// Sent as `If-Match`; the outbox sends the version its last send of the task (either task
    /// operation) answered instead when that is newer.
    public var version: Int

    public init(property: PropertyID, task: TaskID, number: String, status: TaskStatus, reason: String? = nil,
                version: Int) {
        self.property = property
        self.task = task
        self.number = number
        self.status = status
        self.reason = reason
        self.version = version
    }

    public static var expectedVersionKey: WritableKeyPath<TaskStatusRequest, Int> { \.version }
}

/// `tasks.status` through the outbox: `If-Match` with the task's version and the entry's
/// Idempotency-Key; later changes of the same task follow the version it answered.
/// Its entries mark the task's row: the status (and skip reason) waiting, or a held change's card.
public struct TaskStatusOperation: WorkOperation {
    /// The stable name saved with each entry.
    public static let name = "tasks.status"

    public init() {}

    public var name: String { Self.name }

    public func subject(_ payload: TaskStatusRequest) -> String { TaskSubject.of(payload.task) }

    public func send(_ client: InstanceClient, _ payload: TaskStatusRequest,
                     _ context: OutboxSendContext) async throws -> HousekeepingTask {
        try await client.setTaskStatus(
            property: payload.property, task: payload.task,
            TaskStatusChange(status: payload.status, reason: payload.status == .skipped ? payload.reason : nil),
            version: .version(payload.version), idempotencyKey: context.idempotencyKey,
            cancellation: context.httpCancellation())
    }

    public func version(of result: HousekeepingTask) -> Int? { result.version }

    public func sentence(_ payload: TaskStatusRequest) -> String {
        let unit = InertText.sanitize(payload.number)
        switch payload.status {
        case .open: return L("outbox.tasks.status.open", ["unit": unit])
        case .inProgress: return L("outbox.tasks.status.in_progress", ["unit": unit])
        case .done: return L("outbox.tasks.status.done", ["unit": unit])
        case .skipped:
            return L("outbox.tasks.status.skipped", ["unit": unit, "reason": InertText.sanitize(payload.reason ?? "")])
        case .unknown: return L("outbox.tasks.status", ["unit": unit])
        }
    }

    public func mark(_ payload: TaskStatusRequest, entry: OutboxEntry, into marks: inout WorkMarks) {
        if let hold = entry.hold {
            marks.tasks.held.append(HeldTaskChange(id: entry.id, task: payload.task, number: payload.number,
                                                   change: .status(payload.status), reason: hold.reason, code: hold.code))
        } else {
            marks.overlay(payload.task, version: payload.version) { overlay in
                overlay.status = payload.status
                overlay.skipReason = payload.reason
            }
        }
    }
}

/// The subject both task operations use, so a held change of a task stops its later ones.
public enum TaskSubject {
    /// `task:<id>`.
    public static func of(_ task: TaskID) -> String { "task:" + task.rawValue }
}
