import Catalog
import GuestCraftAPI

/// How a task's status and kind read on screen: always a symbol and a word.
enum TaskLabels {
    static func symbol(_ status: TaskStatus) -> String {
        switch status {
        case .open: "○"
        case .inProgress: "◐"
        case .done: "●"
        case .skipped: "⊘"
        case .unknown: "?"
        }
    }

    static func word(_ status: TaskStatus) -> String {
        switch status {
        case .open: L("task.status.open")
        case .inProgress: L("task.status.in_progress")
        case .done: L("task.status.done")
        case .skipped: L("task.status.skipped")
        case .unknown: L("task.status.unknown")
        }
    }

    /// "◐ In progress".
    static func label(_ status: TaskStatus) -> String { Glyphs.current.labelled(symbol(status), word(status)) }

    static func style(_ status: TaskStatus) -> StyleToken {
        switch status {
        case .open: .statusDirty
        case .inProgress: .normal
        case .done: .statusClean
        case .skipped, .unknown: .muted
        }
    }

    static func kind(_ kind: TaskKind) -> String {
        switch kind {
        case .cleanDeparture: L("task.kind.clean_departure")
        case .cleanStayover: L("task.kind.clean_stayover")
        case .inspect: L("task.kind.inspect")
        case .turndown: L("task.kind.turndown")
        case .maintenanceCheck: L("task.kind.maintenance_check")
        case .unknown: L("task.kind.unknown")
        }
    }

    /// What the action that moves a task from `from` to `to` is called ("Start", "Finish", "Reopen").
    static func action(from: TaskStatus, to: TaskStatus) -> String {
        switch (from, to) {
        case (_, .inProgress) where from == .done: L("task.action.resume")
        case (_, .inProgress): L("task.action.start")
        case (_, .done): L("task.action.finish")
        case (_, .skipped): L("task.action.skip")
        case (_, .open): L("task.action.reopen")
        default: L("task.action.other")
        }
    }
}
