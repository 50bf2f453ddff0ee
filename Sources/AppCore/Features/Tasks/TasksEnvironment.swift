import Foundation
import GuestCraftAPI
import ClientModel

/// A task change of this device waiting in the outbox, as the list shows it on top of the read.
public struct TaskOverlay: Sendable, Equatable {
    /// The status waiting to be sent, if one is.
    public var status: TaskStatus?
    public var skipReason: String?
    /// The note waiting to be sent, if one is (`.some(nil)` clears it).
    public var note: String??
    /// The version the next change of the task goes with: each change waiting advances it by one.
    public var nextVersion: Int

    public init(status: TaskStatus? = nil, skipReason: String? = nil, note: String?? = nil, nextVersion: Int) {
        self.status = status
        self.skipReason = skipReason
        self.note = note
        self.nextVersion = nextVersion
    }
}

/// A task change held for the person's decision: a card with "Show the current task" and "Dismiss".
public struct HeldTaskChange: Sendable, Equatable, Identifiable {
    public enum Change: Sendable, Equatable {
        case status(TaskStatus)
        case note
    }

    /// The outbox entry (what Dismiss discards).
    public var id: Int64
    public var task: TaskID
    public var number: String
    public var change: Change
    public var reason: HoldReason
    public var code: String?

    public init(id: Int64, task: TaskID, number: String, change: Change, reason: HoldReason, code: String?) {
        self.id = id
        self.task = task
        self.number = number
        self.change = change
        self.reason = reason
        self.code = code
    }
}

/// The task changes this device has in the outbox.
public struct PendingTasks: Sendable, Equatable {
    public var queued: [TaskID: TaskOverlay]
    public var held: [HeldTaskChange]

    public init(queued: [TaskID: TaskOverlay] = [:], held: [HeldTaskChange] = []) {
        self.queued = queued
        self.held = held
    }

    public static let none = PendingTasks()
}

/// What the My tasks tab needs from outside, as closures over the instance client, the
/// offline store and the outbox (fakes in tests).
public struct TasksEnvironment: Sendable {
    /// The saved copy of `tasks.list?assignee=me`.
    public var savedTasks: @Sendable () async -> SavedCopy<TaskList>?
    /// A fresh `tasks.list?assignee=me` (saved inside the live generation by the live layer).
    public var fetchTasks: @Sendable () async -> ReadResult<TaskList>
    /// A fresh `tasks.get`.
    public var fetchTask: @Sendable (TaskID) async -> ReadResult<HousekeepingTask>
    /// The task changes waiting or held in the outbox.
    public var pendingTasks: @Sendable () async -> PendingTasks
    /// Hands a status change to the outbox, with the task's version.
    public var setStatus: @Sendable (_ task: HousekeepingTask, _ change: TaskStatusChange,
                                     _ version: Int) async -> ChangeOutcome<HousekeepingTask>
    /// Hands a note change to the outbox, with the task's version (nil clears the note).
    public var setNote: @Sendable (_ task: HousekeepingTask, _ note: String?,
                                   _ version: Int) async -> ChangeOutcome<HousekeepingTask>
    /// Discards a held change (the person's decision); answers whether it was there.
    public var discard: @Sendable (Int64) async -> Bool
    /// The clock of the 10-second Undo.
    public var clock: ClockClient
    /// A time as the person reads it.
    public var formatTime: @Sendable (Date) -> String
    /// The fault report form's clients (the task detail's "Report a fault").
    public var faultForm: FaultFormEnvironment
    /// Whose changes these are, named in the sentence of a held one (several accounts on the device).
    public var owner: String?
    /// The room status offered when a cleaning or inspection task is done.
    public var roomStatus: TaskRoomStatus = .unavailable

    public init(savedTasks: @escaping @Sendable () async -> SavedCopy<TaskList>?,
                fetchTasks: @escaping @Sendable () async -> ReadResult<TaskList>,
                fetchTask: @escaping @Sendable (TaskID) async -> ReadResult<HousekeepingTask>,
                pendingTasks: @escaping @Sendable () async -> PendingTasks,
                setStatus: @escaping @Sendable (HousekeepingTask, TaskStatusChange, Int) async -> ChangeOutcome<HousekeepingTask>,
                setNote: @escaping @Sendable (HousekeepingTask, String?, Int) async -> ChangeOutcome<HousekeepingTask>,
                discard: @escaping @Sendable (Int64) async -> Bool,
                clock: ClockClient,
                formatTime: @escaping @Sendable (Date) -> String,
                faultForm: FaultFormEnvironment, owner: String? = nil) {
        self.owner = owner
        self.faultForm = faultForm
        self.savedTasks = savedTasks
        self.fetchTasks = fetchTasks
        self.fetchTask = fetchTask
        self.pendingTasks = pendingTasks
        self.setStatus = setStatus
        self.setNote = setNote
        self.discard = discard
        self.clock = clock
        self.formatTime = formatTime
    }
}
