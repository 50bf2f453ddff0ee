import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Live lists (#19): what the My tasks tab reads when it follows the instance on its own.
extension TasksFeature {
    /// Follows the instance while the tab is on screen: the open task detail, else the tasks
    /// this device just changed (`tasks.get`), else the list, conditionally and without "Updating".
    /// The instance answered (#30): the list, or the task's detail, read again if it says Offline.
    func readWhatSaysOffline(_ state: inout State) -> Effect<Action> {
        let list = state.freshness.isOffline ? read(&state) : .none
        return .merge(list, state.detail.flatMap { $0.freshness.isOffline ? readTask($0.taskID) : nil } ?? .none)
    }

    func follow(_ state: inout State) -> Effect<Action> {
        if let detail = state.detail {
            state.followingDetail = true
            return readTask(detail.taskID)
        }
        let touched = state.touched
        state.touched = []
        if !touched.isEmpty, touched.count <= HousekeepingFeature.touchedReadLimit {
            let fetchTask = environment.fetchTask
            return .merge(touched.sorted { $0.rawValue < $1.rawValue }.map { id in
                .run { send in send(.taskFollowed(id, await fetchTask(id))) }
            })
        }
        state.following = true
        return listRead.follow()
    }

    /// The instance's copy of a task changed its status, and not by this device's change on its
    /// way (that one shows already).
    static func changedUnderEyes(_ before: Entry, _ after: HousekeepingTask, _ state: State) -> Bool {
        before.task.status != after.status && before.mark == .none && (state.inFlight[after.id] ?? 0) == 0
    }

    /// Keeps the focus on its row; when that row went (a task no longer the person's), on the
    /// row now at its position `near`, else the first task.
    func fixFocus(_ state: inout State, near position: Int? = nil) {
        let rows = TasksView.focusableRows(state)
        if let focus = state.focus, rows.contains(focus) { return }
        if let position, !rows.isEmpty {
            state.focus = rows[min(position, rows.count - 1)]
            return
        }
        state.focus = rows.first { TasksView.taskID(of: $0) != nil } ?? rows.first
    }
}
