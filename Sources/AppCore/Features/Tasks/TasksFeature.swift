import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The My tasks tab: the signed-in member's tasks of the business date, rooms with a guest
/// arriving first. `s` starts or finishes, `k` skips (asking why), `u` undoes within 10 seconds;
/// Enter opens the task detail. Changes go through the outbox with the task's version; a held
/// one becomes a card with "Show the current task" and "Dismiss".
public struct TasksFeature: Reducer {
    /// One task: the instance's copy and the one on screen (with this device's changes).
    public struct Entry: Sendable, Equatable {
        public var task: HousekeepingTask
        public var shown: HousekeepingTask
        public var mark: RoomMark

        public init(task: HousekeepingTask, shown: HousekeepingTask? = nil, mark: RoomMark = .none) {
            self.task = task
            self.shown = shown ?? task
            self.mark = mark
        }
    }

    /// The last status change, undone by `u` with its inverse while `secondsLeft` > 0.
    public struct Undo: Sendable, Equatable {
        public var task: TaskID
        public var inverse: TaskStatusChange
        public var secondsLeft: Int

        public init(task: TaskID, inverse: TaskStatusChange, secondsLeft: Int) {
            self.task = task
            self.inverse = inverse
            self.secondsLeft = secondsLeft
        }
    }

    /// The question of `k`: why skip? "Do not disturb" in one key, or a typed reason.
    public struct SkipPrompt: Sendable, Equatable {
        public var task: TaskID
        public var reason: String
        /// Whether focus is on the typed reason (else on "Do not disturb").
        public var onReason: Bool

        public init(task: TaskID, reason: String = "", onReason: Bool = false) {
            self.task = task
            self.reason = reason
            self.onReason = onReason
        }
    }

    /// The task detail (Enter): read again when it opens.
    public struct Detail: Sendable, Equatable {
        public var taskID: TaskID
        public var freshness: Freshness
        /// The focused line among `TasksView.detailLines`.
        public var focus: Int
        /// The note being edited, when it is.
        public var draft: String?

        public init(taskID: TaskID, freshness: Freshness = .updating(lastUpdated: nil), focus: Int = 0,
                    draft: String? = nil) {
            self.taskID = taskID
            self.freshness = freshness
            self.focus = focus
            self.draft = draft
        }
    }

    public struct State: Sendable, Equatable {
        public var entries: [Entry]
        public var businessDate: BusinessDate?
        /// The focused row (a task or a card's action).
        public var focus: RowID?
        public var held: [HeldTaskChange]
        public var freshness: Freshness
        public var lastUpdated: String?
        public var notice: Notice?
        public var badge: OutboxBadge
        public var undo: Undo?
        public var skip: SkipPrompt?
        public var detail: Detail?
        public var hasLoaded: Bool
        /// Changes of each task handed to the outbox whose answer has not come back.
        public var inFlight: [TaskID: Int]
        public var pending: PendingTasks
        /// The notice a held task change put up (taken down when that change is discarded).
        public var heldNotice: HeldNotice<TaskID>?

        public init(entries: [Entry] = [], businessDate: BusinessDate? = nil, focus: RowID? = nil,
                    held: [HeldTaskChange] = [], freshness: Freshness = .loading, lastUpdated: String? = nil,
                    notice: Notice? = nil, badge: OutboxBadge = OutboxBadge(), undo: Undo? = nil,
                    skip: SkipPrompt? = nil, detail: Detail? = nil, hasLoaded: Bool = false,
                    inFlight: [TaskID: Int] = [:], pending: PendingTasks = .none,
                    heldNotice: HeldNotice<TaskID>? = nil) {
            self.entries = entries
            self.businessDate = businessDate
            self.focus = focus
            self.held = held
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.notice = notice
            self.badge = badge
            self.undo = undo
            self.skip = skip
            self.detail = detail
            self.hasLoaded = hasLoaded
            self.inFlight = inFlight
            self.pending = pending
            self.heldNotice = heldNotice
        }

        public func entry(_ id: TaskID) -> Entry? { entries.first { $0.task.id == id } }

        mutating func update(_ id: TaskID, _ change: (inout Entry) -> Void) {
            guard let index = entries.firstIndex(where: { $0.task.id == id }) else { return }
            change(&entries[index])
        }
    }

    public enum Action: Sendable, Equatable {
        case appeared
        case refresh
        case keyPressed(Key)
        case rowClicked(RowID)
        case pasted(String)
        case badgeChanged(OutboxBadge)
        case savedLoaded(SavedCopy<TaskList>?, PendingTasks)
        case tasksRead(ReadResult<TaskList>, PendingTasks)
        case changeFinished(TaskID, ChangeOutcome<HousekeepingTask>)
        case undoTick
        case detailRead(TaskID, ReadResult<HousekeepingTask>)
        case discarded(Int64, PendingTasks)
        /// A change left the outbox outside this tab (discarded in Review): read the marks again.
        case outboxEdited
        case pendingLoaded(PendingTasks)
        case delegate(WorkDelegate)
    }

    /// How long `u` undoes the last change.
    public static let undoSeconds = 10
    /// The reason `d` gives in the skip question: the sentence the question shows.
    public static var doNotDisturb: String { L("tasks.skip.dnd") }
    static let readID: EffectID = "tasks.read"
    static let undoID: EffectID = "tasks.undo"
    static let detailReadID: EffectID = "tasks.detail.read"

    let environment: TasksEnvironment

    public init(environment: TasksEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            var effects = [listRead.appeared(hasLoaded: &state.hasLoaded, freshness: &state.freshness,
                                             lastUpdated: state.lastUpdated)]
            if let detail = state.detail { effects.append(readTask(detail.taskID)) }
            return .merge(effects)

        case .refresh:
            var effects = [read(&state)]
            if let detail = state.detail { effects.append(readTask(detail.taskID)) }
            return .merge(effects)

        case .keyPressed(let key):
            if state.skip != nil { return skipKey(key, &state) }
            if state.detail != nil { return detailKey(key, &state) }
            return listKey(key, &state)

        case .rowClicked(let id):
            if state.skip != nil {
                state.skip?.onReason = id == TasksView.skipReasonID
                return .none
            }
            if state.detail != nil {
                if let index = TasksView.detailLine(of: id, state: state) { state.detail?.focus = index }
                return .none
            }
            state.focus = id
            return .none

        case .pasted(let text):
            let line = InertText.sanitize(text, singleLine: true)
            if state.skip != nil {
                state.skip?.reason += line
                state.skip?.onReason = true
            } else if state.detail?.draft != nil {
                state.detail?.draft? += line
            }
            return .none

        case .badgeChanged(let badge):
            state.badge = badge
            return .none

        case .savedLoaded(let copy, let pending):
            state.pending = pending
            state.held = pending.held
            guard let copy else { return .none }
            apply(copy.value, &state)
            state.lastUpdated = environment.formatTime(copy.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            return .none

        case .tasksRead(let result, let pending):
            state.pending = pending
            state.held = pending.held
            switch result {
            case .fresh(let list, let at):
                apply(list, &state)
                state.lastUpdated = environment.formatTime(at)
                state.freshness = .current
                if state.notice?.level == .error { state.notice = nil }
            case .offline:
                state.freshness = .offline(lastUpdated: state.lastUpdated)
                reapplyPending(&state)
            case .forbidden:
                state.entries = []
                state.freshness = .current
                state.notice = Notice(.warning, L("tasks.forbidden"))
            case .sessionEnded:
                return .send(.delegate(.sessionEnded))
            case .failed(let code):
                state.freshness = state.entries.isEmpty ? .current : .offline(lastUpdated: state.lastUpdated)
                state.notice = Notice(.error, WorkNotices.readFailure(problemCode: code))
            }
            fixFocus(&state)
            return .none

        case .changeFinished(let id, let outcome):
            return changeFinished(id, outcome, &state)

        case .undoTick:
            guard var undo = state.undo else { return .none }
            undo.secondsLeft -= 1
            state.undo = undo.secondsLeft > 0 ? undo : nil
            return .none

        case .detailRead(let id, let result):
            guard state.detail?.taskID == id else { return .none }
            switch result {
            case .fresh(let task, _):
                state.detail?.freshness = .current
                if state.entry(id) == nil {
                    // A task of the date that is no longer the person's (a card's task): show it all the same.
                    state.entries.append(Entry(task: task))
                } else if (state.inFlight[id] ?? 0) == 0 {
                    state.update(id) { entry in
                        guard task.version >= entry.task.version else { return }
                        entry.task = task
                        if entry.mark == .none || entry.mark == .held { entry.shown = task }
                    }
                }
            case .offline:
                state.detail?.freshness = .offline(lastUpdated: state.lastUpdated)
            case .forbidden:
                state.detail?.freshness = .current
                state.notice = Notice(.warning, L("tasks.forbidden"))
            case .sessionEnded:
                return .send(.delegate(.sessionEnded))
            case .failed(let code):
                state.detail?.freshness = .current
                state.notice = Notice(.error, code == "task.not_found" ? L("task.not_found")
                                                                       : WorkNotices.readFailure(problemCode: code))
            }
            return .none

        case .discarded(_, let pending):
            showPending(pending, &state)
            return .merge(.send(.delegate(.outboxChanged)), read(&state))

        case .outboxEdited:
            let pendingTasks = environment.pendingTasks
            return .run { send in send(.pendingLoaded(await pendingTasks())) }

        case .pendingLoaded(let pending):
            showPending(pending, &state)
            return .none

        case .delegate:
            return .none
        }
    }

    // MARK: Keys of the list

    private func listKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        let rows = TasksView.focusableRows(state)
        let position = state.focus.flatMap { rows.firstIndex(of: $0) }
        switch key {
        case .up: state.focus = rows.isEmpty ? nil : rows[max(0, (position ?? 0) - 1)]
        case .down, .character("j"):
            state.focus = rows.isEmpty ? nil : rows[min(rows.count - 1, (position ?? -1) + 1)]
        case .pageUp: state.focus = rows.isEmpty ? nil : rows[max(0, (position ?? 0) - 10)]
        case .pageDown: state.focus = rows.isEmpty ? nil : rows[min(rows.count - 1, (position ?? -1) + 10)]
        case .home: state.focus = rows.first
        case .end: state.focus = rows.last
        case .character("s"):
            guard let id = focusedTask(state) else { return .none }
            return startOrFinish(id, &state)
        case .character("k"):
            guard let id = focusedTask(state) else { return .none }
            return askSkip(id, &state)
        case .character("u"):
            return undo(&state)
        case .enter:
            guard let focus = state.focus else { return .none }
            if let card = TasksView.card(of: focus, in: state) {
                switch card.action {
                case .show: return openDetail(card.change.task, &state)
                case .dismiss: return dismiss(card.change, &state)
                }
            }
            if let id = TasksView.taskID(of: focus) { return openDetail(id, &state) }
        case .character("r"):
            return read(&state)
        case .character("n") where state.badge.toSend > 0:
            return .send(.delegate(.sendNow))
        case .character("v") where state.badge.toReview > 0:
            return .send(.delegate(.review))
        default:
            break
        }
        return .none
    }

    private func focusedTask(_ state: State) -> TaskID? {
        state.focus.flatMap(TasksView.taskID(of:))
    }

    private func startOrFinish(_ id: TaskID, _ state: inout State) -> Effect<Action> {
        guard let entry = state.entry(id) else { return .none }
        switch entry.shown.status {
        case .open: return change(id, to: TaskStatusChange(status: .inProgress), &state)
        case .inProgress: return change(id, to: TaskStatusChange(status: .done), &state)
        default:
            state.notice = Notice(.info, L("tasks.reopen_in_detail", ["number": InertText.sanitize(entry.shown.unit.number)]))
            return .none
        }
    }

    private func askSkip(_ id: TaskID, _ state: inout State) -> Effect<Action> {
        guard let entry = state.entry(id) else { return .none }
        guard entry.shown.status.allowedNext.contains(.skipped) else {
            state.notice = Notice(.info, L("tasks.cannot_skip", ["number": InertText.sanitize(entry.shown.unit.number)]))
            return .none
        }
        state.skip = SkipPrompt(task: id)
        return .none
    }

    private func dismiss(_ change: HeldTaskChange, _ state: inout State) -> Effect<Action> {
        let environment = self.environment
        return .run { send in
            _ = await environment.discard(change.id)
            send(.discarded(change.id, await environment.pendingTasks()))
        }
    }

    // MARK: Skip question

    private func skipKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard let prompt = state.skip else { return .none }
        switch key {
        case .escape:
            state.skip = nil
        case .enter:
            if !prompt.onReason { return submitSkip(Self.doNotDisturb, &state) }
            let reason = prompt.reason.trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty, reason.count <= 200 else {
                state.notice = Notice(.info, L("tasks.skip_reason_needed"))
                return .none
            }
            return submitSkip(reason, &state)
        case .character("d") where !prompt.onReason:
            return submitSkip(Self.doNotDisturb, &state)
        case .character(let c):
            state.skip?.onReason = true
            if prompt.reason.count < 200 { state.skip?.reason.append(c) }
        case .backspace, .delete:
            if prompt.onReason, !prompt.reason.isEmpty { state.skip?.reason.removeLast() }
        case .down, .tab:
            state.skip?.onReason = true
        case .up, .backTab:
            state.skip?.onReason = false
        default:
            break
        }
        return .none
    }

    private func submitSkip(_ reason: String, _ state: inout State) -> Effect<Action> {
        guard let prompt = state.skip else { return .none }
        state.skip = nil
        return change(prompt.task, to: TaskStatusChange(status: .skipped, reason: reason), &state)
    }

    // MARK: Task detail

    private func openDetail(_ id: TaskID, _ state: inout State) -> Effect<Action> {
        state.detail = Detail(taskID: id, freshness: .updating(lastUpdated: state.lastUpdated))
        return readTask(id)
    }

    private func detailKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard let detail = state.detail else { return .none }
        if let draft = detail.draft { return draftKey(key, draft: draft, &state) }
        let lines = TasksView.detailLines(state)
        let last = max(0, lines.count - 1)
        switch key {
        case .escape, .backspace, .left:
            state.detail = nil
            return .cancel(id: Self.detailReadID)
        case .up: state.detail?.focus = max(0, detail.focus - 1)
        case .down, .character("j"): state.detail?.focus = min(last, detail.focus + 1)
        case .home: state.detail?.focus = 0
        case .end: state.detail?.focus = last
        case .character("s"): return startOrFinish(detail.taskID, &state)
        case .character("k"): return askSkip(detail.taskID, &state)
        case .character("u"): return undo(&state)
        case .character("e"): beginEditing(&state)
        case .character("r"): return .merge(read(&state), readTask(detail.taskID))
        case .character("n") where state.badge.toSend > 0: return .send(.delegate(.sendNow))
        case .character("v") where state.badge.toReview > 0: return .send(.delegate(.review))
        case .enter:
            guard lines.indices.contains(detail.focus) else { return .none }
            switch lines[detail.focus] {
            case .action(.skipped): return askSkip(detail.taskID, &state)
            case .action(let status): return change(detail.taskID, to: TaskStatusChange(status: status), &state)
            case .note: beginEditing(&state)
            case .reportFault: state.notice = Notice(.info, L("room.report_fault_unavailable"))
            }
        default:
            break
        }
        return .none
    }

    private func beginEditing(_ state: inout State) {
        guard let detail = state.detail, let entry = state.entry(detail.taskID) else { return }
        state.detail?.draft = entry.shown.note ?? ""
    }

    private func draftKey(_ key: Key, draft: String, _ state: inout State) -> Effect<Action> {
        switch key {
        case .escape:
            state.detail?.draft = nil
        case .enter:
            guard let detail = state.detail, let entry = state.entry(detail.taskID) else { return .none }
            state.detail?.draft = nil
            let note = draft.trimmingCharacters(in: .whitespaces)
            guard note != (entry.shown.note ?? "") else { return .none }
            guard note.count <= 2000 else {
                state.notice = Notice(.info, L("task.note_too_long"))
                return .none
            }
            return changeNote(detail.taskID, to: note.isEmpty ? nil : note, &state)
        case .backspace, .delete:
            if !draft.isEmpty { state.detail?.draft?.removeLast() }
        case .character(let c):
            if draft.count < 2000 { state.detail?.draft?.append(c) }
        default:
            break
        }
        return .none
    }

    // MARK: Changes

    /// Shows the change at once and hands it to the outbox with the task's version as this
    /// device knows it (each change waiting advances it by one), and offers Undo for 10 seconds.
    private func change(_ id: TaskID, to change: TaskStatusChange, offerUndo: Bool = true,
                        _ state: inout State) -> Effect<Action> {
        guard let entry = state.entry(id) else { return .none }
        let before = entry.shown
        guard before.status.allowedNext.contains(change.status) else { return .none }
        let version = before.version
        state.update(id) {
            $0.shown.status = change.status
            $0.shown.skipReason = change.status == .skipped ? change.reason : nil
            $0.shown.version += 1
            $0.mark = .sending
        }
        state.inFlight[id, default: 0] += 1
        state.notice = nil
        var effects: [Effect<Action>] = []
        let inverse = TaskStatusChange(status: before.status, reason: before.status == .skipped ? before.skipReason : nil)
        if offerUndo, change.status.allowedNext.contains(before.status) {
            state.undo = Undo(task: id, inverse: inverse, secondsLeft: Self.undoSeconds)
            effects.append(undoTimer())
        } else {
            state.undo = nil
            effects.append(.cancel(id: Self.undoID))
        }
        let environment = self.environment
        effects.append(.run { send in
            send(.changeFinished(id, await environment.setStatus(before, change, version)))
        })
        return .merge(effects)
    }

    private func changeNote(_ id: TaskID, to note: String?, _ state: inout State) -> Effect<Action> {
        guard let entry = state.entry(id) else { return .none }
        let before = entry.shown
        state.update(id) {
            $0.shown.note = note
            $0.shown.version += 1
            $0.mark = .sending
        }
        state.inFlight[id, default: 0] += 1
        state.notice = nil
        let environment = self.environment
        return .run { send in
            send(.changeFinished(id, await environment.setNote(before, note, before.version)))
        }
    }

    private func undo(_ state: inout State) -> Effect<Action> {
        guard let undo = state.undo else { return .none }
        state.undo = nil
        let effect = change(undo.task, to: undo.inverse, offerUndo: false, &state)
        return .merge(.cancel(id: Self.undoID), effect)
    }

    private func undoTimer() -> Effect<Action> {
        let clock = environment.clock
        return .run(id: Self.undoID, cancelInFlight: true) { send in
            for _ in 0..<Self.undoSeconds {
                try await clock.sleep(.seconds(1))
                send(.undoTick)
            }
        }
    }

    private func changeFinished(_ id: TaskID, _ outcome: ChangeOutcome<HousekeepingTask>,
                                _ state: inout State) -> Effect<Action> {
        let left = max(0, (state.inFlight[id] ?? 1) - 1)
        state.inFlight[id] = left == 0 ? nil : left
        guard let entry = state.entry(id) else { return .send(.delegate(.outboxChanged)) }
        let number = InertText.sanitize(entry.task.unit.number)
        var effects: [Effect<Action>] = [.send(.delegate(.outboxChanged))]
        switch outcome {
        case .sent(let task):
            state.update(id) {
                $0.task = task
                if left == 0 {
                    $0.shown = task
                    $0.mark = .none
                }
            }
        case .queued(let waitsForDecision):
            state.update(id) { if left == 0 { $0.mark = waitsForDecision ? .held : .queued } }
        case .held(let reason, let code):
            state.update(id) {
                $0.shown = $0.task
                $0.mark = .held
            }
            if state.undo?.task == id {
                state.undo = nil
                effects.append(.cancel(id: Self.undoID))
            }
            let notice = Notice(.warning, Self.heldSentence(number: number, reason: reason, code: code))
            state.notice = notice
            state.heldNotice = HeldNotice(subject: id, notice: notice)
            effects.append(read(&state))
        case .expired, .failed:
            state.update(id) {
                $0.shown = $0.task
                $0.mark = .none
            }
            if state.undo?.task == id {
                state.undo = nil
                effects.append(.cancel(id: Self.undoID))
            }
            state.notice = Notice(.error, outcome == .expired ? L("task.change_expired", ["number": number])
                                                              : L("task.change_not_saved", ["number": number]))
        }
        return .merge(effects)
    }

    static func heldSentence(number: String, reason: HoldReason, code: String?) -> String {
        switch (reason, code) {
        case (.conflict, "task.transition_invalid"): L("task.held.transition", ["number": number])
        case (.conflict, _): L("task.held.conflict", ["number": number])
        case (.refused, "auth.forbidden"): L("task.held.forbidden", ["number": number])
        case (.refused, _): L("task.held.refused", ["number": number])
        }
    }

    // MARK: Reads

    private var listRead: ListRead<TaskList, PendingTasks, Action> {
        ListRead(id: Self.readID, saved: environment.savedTasks, fetch: environment.fetchTasks,
                 pending: environment.pendingTasks, savedLoaded: Action.savedLoaded, read: Action.tasksRead)
    }

    private func read(_ state: inout State) -> Effect<Action> {
        listRead.fresh(&state.freshness, lastUpdated: state.lastUpdated)
    }

    private func readTask(_ id: TaskID) -> Effect<Action> {
        let environment = self.environment
        return .run(id: Self.detailReadID, cancelInFlight: true) { send in
            send(.detailRead(id, await environment.fetchTask(id)))
        }
    }

    /// The read's tasks, arriving guests first then by room, with the outbox's changes on top.
    private func apply(_ list: TaskList, _ state: inout State) {
        let previous = state.entries
        let inFlight = state.inFlight
        let sorted = list.tasks.enumerated().sorted { a, b in
            if a.element.guestArriving != b.element.guestArriving { return a.element.guestArriving }
            let ka = RoomNumberKey(a.element.unit.number)
            let kb = RoomNumberKey(b.element.unit.number)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
        state.entries = sorted.map { task in
            if (inFlight[task.id] ?? 0) > 0, let old = previous.first(where: { $0.task.id == task.id }) {
                return Entry(task: task, shown: old.shown, mark: .sending)
            }
            return Self.entry(task, pending: state.pending)
        }
        state.businessDate = list.businessDate
    }

    /// The outbox's changes as read again after one left it: marks, the held list, the focus, and
    /// the held sentence of a change no longer held.
    private func showPending(_ pending: PendingTasks, _ state: inout State) {
        state.pending = pending
        state.held = pending.held
        reapplyPending(&state)
        fixFocus(&state)
        if let held = state.heldNotice,
           !held.withdraw(from: &state.notice, stillHeld: { task in pending.held.contains { $0.task == task } }) {
            state.heldNotice = nil
        }
    }

    private func reapplyPending(_ state: inout State) {
        let pending = state.pending
        for index in state.entries.indices where (state.inFlight[state.entries[index].task.id] ?? 0) == 0 {
            state.entries[index] = Self.entry(state.entries[index].task, pending: pending)
        }
    }

    static func entry(_ task: HousekeepingTask, pending: PendingTasks) -> Entry {
        let held = pending.held.contains { $0.task == task.id }
        guard let overlay = pending.queued[task.id] else { return Entry(task: task, mark: held ? .held : .none) }
        var shown = task
        if let status = overlay.status {
            shown.status = status
            shown.skipReason = status == .skipped ? overlay.skipReason : nil
        }
        if let note = overlay.note { shown.note = note }
        shown.version = max(task.version, overlay.nextVersion)
        return Entry(task: task, shown: shown, mark: held ? .held : .queued)
    }

    private func fixFocus(_ state: inout State) {
        let rows = TasksView.focusableRows(state)
        if let focus = state.focus, rows.contains(focus) { return }
        state.focus = rows.first { TasksView.taskID(of: $0) != nil } ?? rows.first
    }
}
