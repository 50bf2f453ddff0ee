import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The task detail (Enter): its keys, the note being edited.
extension TasksFeature {
    /// The task detail (Enter): read again when it opens.
    public struct Detail: Sendable, Equatable {
        public var taskID: TaskID
        public var freshness: Freshness
        /// The focused line among `TasksView.detailLines`.
        public var focus: Int
        /// The note being edited, when it is.
        public var draft: String?
        /// The fault report form, while it is open over the detail (linked to the task).
        public var fault: FaultForm.State?

        public init(taskID: TaskID, freshness: Freshness = .updating(lastUpdated: nil), focus: Int = 0,
                    draft: String? = nil, fault: FaultForm.State? = nil) {
            self.taskID = taskID
            self.freshness = freshness
            self.focus = focus
            self.draft = draft
            self.fault = fault
        }
    }

    func openDetail(_ id: TaskID, _ state: inout State) -> Effect<Action> {
        state.detail = Detail(taskID: id, freshness: .updating(lastUpdated: state.lastUpdated))
        return readTask(id)
    }

    func detailKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard let detail = state.detail else { return .none }
        if detail.fault != nil { return faultHost.key(key, into: &state, badge: state.badge) }
        if let draft = detail.draft { return draftKey(key, draft: draft, &state) }
        let lines = TasksView.detailLines(state)
        let last = max(0, lines.count - 1)
        if let shared = DetailLines.take(key, last: last, &state, delegate: Action.delegate, readID: Self.detailReadID) {
            return shared
        }
        switch key {
        case .character("s"): return startOrFinish(detail.taskID, &state)
        case .character("c"), .character("i"): return takeOffer(key, &state) ?? .none
        case .character("x"): return askSkip(detail.taskID, &state)
        case .character("u"): return undo(&state)
        case .character("e"): beginEditing(&state)
        case .character("r"): return .merge(read(&state), readTask(detail.taskID))
        case .enter:
            guard lines.indices.contains(detail.focus) else { return .none }
            switch lines[detail.focus] {
            case .action(.skipped): return askSkip(detail.taskID, &state)
            case .action(let status): return change(detail.taskID, to: TaskStatusChange(status: status), &state)
            case .note: beginEditing(&state)
            case .reportFault: return reportFault(&state)
            }
        default:
            break
        }
        return .none
    }

    /// Opens the fault report form on the task's room, linked to the task, or says why the role or
    /// the instance does not offer it.
    func reportFault(_ state: inout State) -> Effect<Action> {
        guard let detail = state.detail, let entry = state.entry(detail.taskID) else { return .none }
        if let reason = state.reportBlocked {
            state.notice = Notice(.info, L("fault.blocked.notice", ["reason": reason]))
            return .none
        }
        state.notice = nil
        return faultHost.present(FaultForm.task(entry.shown, businessDate: state.businessDate), into: &state)
    }

    /// The form over the task detail: a report sent or saved shows its sentence and reads the list
    /// and the task again.
    var faultHost: Presents<State, Action, FaultForm> {
        Presents(state: \.faultForm, child: FaultForm(environment: environment.faultForm), embed: Action.fault,
                 delegate: Action.delegate) { state, notice in
            guard let notice, let id = state.detail?.taskID else { return .none }
            state.notice = notice
            return .merge(read(&state), readTask(id))
        }
    }

    /// The most characters a task's note has (the contract's limit).
    static let noteLimit = 2_000

    func beginEditing(_ state: inout State) {
        guard let detail = state.detail, let entry = state.entry(detail.taskID) else { return }
        state.detail?.draft = entry.shown.note ?? ""
    }

    func draftKey(_ key: Key, draft: String, _ state: inout State) -> Effect<Action> {
        switch key {
        case .escape:
            state.detail?.draft = nil
        case .enter:
            guard let detail = state.detail, let entry = state.entry(detail.taskID) else { return .none }
            let note = draft.trimmingCharacters(in: .whitespaces)
            // Over the limit the note is refused and stays in the field to be cut (#31: it was
            // thrown away).
            guard note.count <= Self.noteLimit else {
                state.notice = Notice(.info, L("task.note_too_long"))
                return .none
            }
            state.detail?.draft = nil
            guard note != (entry.shown.note ?? "") else { return .none }
            return changeNote(detail.taskID, to: note.isEmpty ? nil : note, &state)
        case .backspace, .delete:
            if !draft.isEmpty { state.detail?.draft?.removeLast() }
        case .character(let c):
            if draft.count < Self.noteLimit {
                state.detail?.draft?.append(c)
            } else {
                state.notice = Notice(.info, L("task.note_too_long"))
            }
        default:
            break
        }
        return .none
    }
}

extension TasksFeature.State {
    /// The fault form open over the task detail (nil when none is, or no detail is open).
    var faultForm: FaultForm.State? {
        get { detail?.fault }
        set { detail?.fault = newValue }
    }
}
