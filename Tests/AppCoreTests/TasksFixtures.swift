import AppCore
import Foundation
import GuestCraftAPI
import ClientModel
import Locking
import Testing
import TestSupport

/// A scripted world behind the My tasks tab: saved copy, read answers in order, the outbox's
/// pending tasks, the outcome of each change and each discard; every call is recorded.
final class TasksWorld: Sendable {
    /// The fault form's clients, which this world does not answer: a call fails the test.
    let unexpectedCalls: UnexpectedCalls

    init(sourceLocation: SourceLocation = #_sourceLocation) {
        unexpectedCalls = UnexpectedCalls(sourceLocation: sourceLocation)
    }

    enum Call: Equatable, Sendable {
        case status(TaskID, TaskStatusChange, version: Int)
        case note(TaskID, String?, version: Int)
        case discard(Int64)
    }

    let saved = Locked<SavedCopy<TaskList>?>(nil)
    let reads = Locked<[ReadResult<TaskList>]>([])
    let taskReads = Locked<[ReadResult<HousekeepingTask>]>([])
    let pending = Locked<PendingTasks>(.none)
    let outcomes = Locked<[ChangeOutcome<HousekeepingTask>]>([])
    let recorded = Locked<[Call]>([])
    let clock = ManualClock()
    /// The room status clients of the tab: nil offers none (a role without `housekeeping.write`).
    let roomGrants = Locked<(change: Bool, inspect: Bool)?>(nil)
    let roomCalls = Locked<[UnitRef]>([])
    let roomOutcome = Locked<ChangeOutcome<RoomUnit>?>(.queued(waitsForDecision: false))

    func answerReads(_ results: ReadResult<TaskList>...) { reads.withLock { $0 += results } }
    func answerTaskReads(_ results: ReadResult<HousekeepingTask>...) { taskReads.withLock { $0 += results } }
    func answerChanges(_ results: ChangeOutcome<HousekeepingTask>...) { outcomes.withLock { $0 += results } }
    var calls: [Call] { recorded.withLock { $0 } }

    private func outcome() -> ChangeOutcome<HousekeepingTask> {
        outcomes.withLock { $0.isEmpty ? .queued(waitsForDecision: false) : $0.removeFirst() }
    }

    var environment: TasksEnvironment {
        var environment = TasksEnvironment(
            savedTasks: { self.saved.withLock { $0 } },
            fetchTasks: { self.reads.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            fetchTask: { _ in self.taskReads.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            pendingTasks: { self.pending.withLock { $0 } },
            setStatus: { task, change, version in
                self.recorded.withLock { $0.append(.status(task.id, change, version: version)) }
                return self.outcome()
            },
            setNote: { task, note, version in
                self.recorded.withLock { $0.append(.note(task.id, note, version: version)) }
                return self.outcome()
            },
            discard: { id in
                self.recorded.withLock { $0.append(.discard(id)) }
                self.pending.withLock { $0.held.removeAll { $0.id == id } }
                return true
            },
            clock: clock.client,
            formatTime: HotelFixture.formatTime,
            faultForm: .failing(unexpectedCalls.call))
        if let grants = roomGrants.withLock({ $0 }) {
            environment.roomStatus = TaskRoomStatus(mayChange: grants.change, mayInspect: grants.inspect) { unit, _ in
                self.roomCalls.withLock { $0.append(unit) }
                return self.roomOutcome.withLock { $0 }
            }
        }
        return environment
    }
}

enum TaskFixture {
    /// The seed's tasks of the housekeeper, given in room order (the tab puts arrivals first).
    static let tasks: [HousekeepingTask] = [
        HotelFixture.task("tsk_0001", room: "102", reservation: "1002"),
        HotelFixture.task("tsk_0005", room: "101", arriving: true, note: "Quiet room requested: no vacuuming after 21:00",
                          reservation: "1001"),
        HotelFixture.task("tsk_0003", room: "201", .cleanStayover, .inProgress, version: 2, reservation: "1003"),
        HotelFixture.task("tsk_0002", room: "202", reservation: "1006"),
    ]

    static let list = TaskList(businessDate: HotelFixture.date, tasks: tasks)

    /// The order the tab shows them in.
    static var shown: [HousekeepingTask] { [tasks[1], tasks[0], tasks[2], tasks[3]] }

    static func entries(_ tasks: [HousekeepingTask] = shown) -> [TasksFeature.Entry] {
        tasks.map { TasksFeature.Entry(task: $0) }
    }

    static func advanced(_ task: HousekeepingTask, _ status: TaskStatus, by steps: Int = 1,
                         reason: String? = nil) -> HousekeepingTask {
        var copy = task
        copy.status = status
        copy.skipReason = status == .skipped ? reason : nil
        copy.version += steps
        return copy
    }
}
