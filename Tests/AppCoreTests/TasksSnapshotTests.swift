import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// The My tasks tab, the skip question and the task detail at 40 × 12 and 80 × 24.
@Suite struct TasksSnapshotTests {
    typealias Feature = TasksFeature

    static func loaded(focus: String = "tsk_0005") -> Feature.State {
        Feature.State(entries: TaskFixture.entries(), businessDate: HotelFixture.date,
                      focus: RowID("task." + focus), freshness: .current, lastUpdated: "09:21", hasLoaded: true)
    }

    @Test func tasksFresh() {
        assertSnapshot(of: TasksView.view(Self.loaded()).framed(.tasks), named: "tasks-list")
    }

    @Test func startedWithUndoWhileOffline() {
        var state = Self.loaded()
        state.entries[0] = Feature.Entry(task: TaskFixture.shown[0],
                                         shown: TaskFixture.advanced(TaskFixture.shown[0], .inProgress), mark: .queued)
        state.undo = Feature.Undo(task: "tsk_0005", inverse: TaskStatusChange(status: .open), secondsLeft: 7)
        state.freshness = .offline(lastUpdated: "07:40")
        state.badge = OutboxBadge(toSend: 1)
        assertSnapshot(of: TasksView.view(state).framed(.tasks, header: .harbour(.offline, toSend: 1)),
                       named: "tasks-undo-offline")
    }

    @Test func heldChangeCard() {
        var state = Self.loaded(focus: "tsk_0005")
        state.focus = "card.7.show"
        state.held = [HeldTaskChange(id: 7, task: "tsk_0005", number: "101", change: .status(.inProgress),
                                     reason: .conflict, code: "task.version_mismatch")]
        state.entries[0].mark = .held
        state.badge = OutboxBadge(toReview: 1)
        assertSnapshot(of: TasksView.view(state).framed(.tasks, header: .harbour(toReview: 1)), named: "tasks-held-card")
    }

    @Test func skipQuestion() {
        var state = Self.loaded()
        state.skip = Feature.SkipPrompt(task: "tsk_0005", reason: "Guest ill", onReason: true)
        assertSnapshot(of: TasksView.view(state).framed(.tasks), named: "tasks-skip")
    }

    @Test func loadingWithNothingSaved() {
        assertSnapshot(of: TasksView.view(Feature.State(hasLoaded: true)).framed(.tasks, header: .harbour(.updating)),
                       named: "tasks-loading")
    }

    @Test func taskDetail() {
        var state = Self.loaded()
        state.detail = Feature.Detail(taskID: "tsk_0005", freshness: .current, focus: 0)
        assertSnapshot(of: TasksView.view(state).framed(.tasks), named: "task-detail")
    }

    @Test func taskDetailEditingTheNoteWhileQueued() {
        var state = Self.loaded()
        state.entries[0].mark = .queued
        state.detail = Feature.Detail(taskID: "tsk_0005", freshness: .offline(lastUpdated: "07:40"), focus: 3,
                                      draft: "Extra pillows")
        state.badge = OutboxBadge(toSend: 1)
        assertSnapshot(of: TasksView.view(state).framed(.tasks, header: .harbour(.offline, toSend: 1)),
                       named: "task-detail-note")
    }
}
