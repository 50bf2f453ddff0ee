import Foundation
import GuestCraftAPI
import SQLiteDB

/// Tasks of the business date: lists, detail, status changes and notes with the task's version as `If-Match`.
extension DemoService {
    static let maximumSkipReason = 200
    static let maximumNote = 2_000

    func listTasks(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        let caller = try call.person
        try caller.require(.inventoryRead)
        var assignee: String?
        switch call.query("assignee") {
        case nil: assignee = nil
        case "me": assignee = caller.userID
        default: throw Refusal(.requestMalformed, "assignee may only be me.", field: "assignee")
        }
        return .json(TaskList(businessDate: property.businessDate, tasks: try tasks(of: property, assignee: assignee)))
    }

    func getTask(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.inventoryRead)
        let task = try scopedTask(call, property: property)
        return .json(task, etag: task.etag)
    }

    func changeTaskStatus(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.tasksWork)
        let change = try decode(TaskStatusChange.self, from: call)
        return try idempotent(call) {
            try db.transaction {
                let task = try scopedTask(call, property: property)
                try checkIfMatch(call, etag: task.etag, thing: "task", mismatch: .taskVersionMismatch)
                guard change.status.isKnown else {
                    throw invalid("status", "The status must be open, in_progress, done or skipped.")
                }
                guard task.status.allowedNext.contains(change.status) else {
                    throw Refusal(.taskTransitionInvalid, Self.transitionRefusal(from: task.status, to: change.status),
                                  field: "status")
                }
                var skipReason: String?
                if change.status == .skipped {
                    let reason = (change.reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                    guard (1...Self.maximumSkipReason).contains(reason.count) else {
                        throw Refusal(.taskReasonRequired, "Skipping a task needs a reason of 1 to 200 characters.",
                                      field: "reason")
                    }
                    skipReason = reason
                }
                try db.run("UPDATE tasks SET status = ?, skip_reason = ?, version = version + 1 WHERE id = ?",
                           [.text(change.status.rawValue), SQLValue(skipReason), .text(task.id.rawValue)])
                return try updatedTask(task.id.rawValue)
            }
        }
    }

    func changeTaskNote(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.tasksWork)
        let change = try decode(TaskNoteChange.self, from: call)
        return try idempotent(call) {
            try db.transaction {
                let task = try scopedTask(call, property: property)
                try checkIfMatch(call, etag: task.etag, thing: "task", mismatch: .taskVersionMismatch)
                let note = change.note.flatMap { $0.isEmpty ? nil : $0 }
                if let note, note.count > Self.maximumNote {
                    throw invalid("note", "A note may have at most \(Self.maximumNote) characters.")
                }
                try db.run("UPDATE tasks SET note = ?, version = version + 1 WHERE id = ?",
                           [SQLValue(note), .text(task.id.rawValue)])
                return try updatedTask(task.id.rawValue)
            }
        }
    }

    private func updatedTask(_ id: String) throws -> Answer {
        guard let row = try taskRow(id) else { throw Refusal(.taskNotFound, "The task is gone.") }
        let task = makeTask(row)
        return .json(task, etag: task.etag, applied: true)
    }

    static func transitionRefusal(from: TaskStatus, to: TaskStatus) -> String {
        if from == to { return "The task is already \(words(from.rawValue))." }
        switch from {
        case .skipped: return "A skipped task can only be reopened."
        case .done: return "A done task can be reopened or started again, not \(words(to.rawValue))."
        default: return "A task cannot go from \(words(from.rawValue)) to \(words(to.rawValue))."
        }
    }
}
