import AppCore
import Foundation
import GuestCraftAPI

/// The supervisor's board's clients (#31): every task of the business date (`tasks.list` without
/// `assignee`), saved under its own key like the lists, so the board works offline from it.
extension LiveWork {
    var board: BoardEnvironment {
        let work = self
        return BoardEnvironment(
            offered: BoardEnvironment.offers(context.permissions),
            listsTasks: context.has(.housekeepingTasks),
            savedTasks: { work.saved(work.allTasksKey, as: TaskList.self)?.copy },
            fetchTasks: {
                await work.fetch(work.allTasksKey, as: TaskList.self) { etag in
                    try await work.client.tasks(property: work.property, assignedToMe: false, ifNoneMatch: etag)
                }
            },
            now: work.services.clock.now)
    }

    var allTasksKey: String { LiveWork.allTasksKey(property) }
    static func allTasksKey(_ property: PropertyID) -> String { "tasks.list.all/" + property.rawValue }
}
