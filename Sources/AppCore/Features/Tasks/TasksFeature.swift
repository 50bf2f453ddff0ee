import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The My tasks tab: the signed-in member's tasks of the business date, rooms with a guest
/// arriving first. `s` starts or finishes, `x` skips (asking why), `u` undoes within 10 seconds;
/// Enter opens the task detail. Changes go through the outbox with the task's version; a held
/// one becomes a card with "Show the current task" and "Dismiss".
public struct TasksFeature: Reducer {
    /// One task: the instance's copy and the one on screen (with this device's changes).
    public struct Entry: Sendable, Equatable {
        public var task: HousekeepingTask
        public var shown: HousekeepingTask
        public var mark: RoomMark
        /// Its status on screen changed when the list last followed the instance (someone
        /// else's change): marked until the next such read.
        public var changed: Bool

        public init(task: HousekeepingTask, shown: HousekeepingTask? = nil, mark: RoomMark = .none, changed: Bool = false) {
            self.task = task
            self.shown = shown ?? task
            self.mark = mark
            self.changed = changed
        }
    }

    public struct State: Sendable, Equatable {
        public var entries: [Entry]
        public var businessDate: BusinessDate?
        /// The focused row (a task or a card's action).
        public var focus: RowID?
        public var held: [HeldTaskChange]
        public var freshness: Freshness
        /// The saved read of the first opening has answered (a copy or none): from the frame drawn
        /// after it, the start is over and the network may load (#18, `AppView.isStartedScreen`).
        public var savedAnswered: Bool = false
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
        /// Tasks this device's own changes were sent for since the list last followed the
        /// instance: the next live refresh reads just these (`tasks.get`).
        public var touched: Set<TaskID> = []
        /// The list read under way follows the instance on its own (changed rows are marked).
        public var following: Bool = false
        /// The detail's read under way follows the instance (a change says so).
        public var followingDetail: Bool = false
        /// Why "Report a fault" cannot be chosen (nil: it can), from the environment when the tab opens.
        public var reportBlocked: String?
        /// The room status offered after a task was finished (`c`/`i` takes it).
        public var roomOffer: RoomOffer?

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
        // The cases every work tab has (`WorkTabFeatureAction`), then the tab's own.
        case keyPressed(Key), rowClicked(RowID), pasted(String)
        /// `readOffline` (the instance answered): the list or the detail, if it says Offline.
        case appeared, refresh, readOffline, badgeChanged(OutboxBadge)
        case savedLoaded(SavedCopy<TaskList>?, PendingTasks)
        case tasksRead(ReadResult<TaskList>, PendingTasks)
        case changeFinished(TaskID, ChangeOutcome<HousekeepingTask>)
        case undoTick
        case detailRead(TaskID, ReadResult<HousekeepingTask>)
        case discarded(Int64, PendingTasks)
        /// A change left the outbox outside this tab (discarded in Review): read the marks again.
        case outboxEdited
        case pendingLoaded(PendingTasks)
        /// A task chosen on a room's detail: its detail opens here.
        case openTaskDetail(TaskID)
        /// An outbox round sent or held something: read the marks (`roundMarksLoaded`).
        case outboxRoundFinished
        case roundMarksLoaded(PendingTasks)
        /// The tab is on screen and it is time to follow the instance (AppReducer+Live).
        case liveRefresh
        /// A task this device changed, read again after its change was sent.
        case taskFollowed(TaskID, ReadResult<HousekeepingTask>)
        /// The fault report form over the task detail.
        case fault(FaultForm.Action)
        /// The room's status change offered after a task was done, handed to the outbox
        /// (nil: no version of the room is known on this device).
        case roomStatusSet(UnitRef, HousekeepingStatus, ChangeOutcome<RoomUnit>?)
        case delegate(WorkTabDelegate)
    }

    /// How long `u` undoes the last change.
    public static let undoSeconds = 10
    /// The reason `d` gives in the skip question: the sentence the question shows.
    public static var doNotDisturb: String { L("tasks.skip.dnd") }

    let environment: TasksEnvironment

    public init(environment: TasksEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .keyPressed(let key):
            if state.skip != nil { return skipKey(key, &state) }
            if state.detail != nil { return detailKey(key, &state) }
            return listKey(key, &state)

        case .appeared:
            state.reportBlocked = environment.faultForm.grants.reportBlocked
            let list = listRead.appeared(hasLoaded: &state.hasLoaded, freshness: &state.freshness,
                                         lastUpdated: state.lastUpdated)
            return .merge(list, state.detail.map { readTask($0.taskID) } ?? .none)
        case .refresh:
            return .merge(read(&state), state.detail.map { readTask($0.taskID) } ?? .none)
        case .readOffline: return readWhatSaysOffline(&state)

        case .liveRefresh:
            return follow(&state)

        case .taskFollowed(_, let result):
            if case .fresh(let task, _) = result, state.entry(task.id) != nil { showDetail(task, &state) }
            return .none

        case .rowClicked(let id):
            if state.detail?.fault != nil { return faultHost.reduce(.rowClicked(id), into: &state) }
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
            if state.detail?.fault != nil { return faultHost.reduce(.pasted(text), into: &state) }
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
            state.savedAnswered = true
            state.pending = pending
            state.held = pending.held
            guard let copy else { return .none }
            apply(copy.value, &state)
            // Focused at once: a key typed before the fresh read answers acts on the row shown.
            fixFocus(&state)
            state.lastUpdated = environment.formatTime(copy.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            return .none

        case .tasksRead(let result, let pending):
            state.pending = pending
            state.held = pending.held
            let ended = result.land(freshness: &state.freshness, lastUpdated: &state.lastUpdated, notice: &state.notice,
                                    hasContent: !state.entries.isEmpty, forbidden: L("tasks.forbidden"),
                                    formatTime: environment.formatTime)
            let following = state.following
            state.following = false
            let focusPosition = state.focus.flatMap { TasksView.focusableRows(state).firstIndex(of: $0) }
            switch ended {
            case .show(let list): apply(list, marksChanges: following, &state)
            case .empty: state.entries = []
            case .sessionEnded: return .send(.delegate(.sessionEnded))
            case .keep: if result == .offline { reapplyPending(&state) }
            }
            fixFocus(&state, near: focusPosition)
            return .none

        case .changeFinished(let id, let outcome):
            return changeFinished(id, outcome, &state)

        case .undoTick:
            guard var undo = state.undo else { return .none }
            undo.secondsLeft -= 1
            state.undo = undo.secondsLeft > 0 ? undo : nil
            return .none

        case .detailRead(let id, let result):
            guard var detail = state.detail, detail.taskID == id else { return .none }
            let following = state.followingDetail
            state.followingDetail = false
            var lastUpdated = state.lastUpdated
            let ended = result.land(freshness: &detail.freshness, lastUpdated: &lastUpdated, notice: &state.notice,
                                    hasContent: false, forbidden: L("tasks.forbidden"),
                                    formatTime: environment.formatTime, clearsError: false,
                                    failure: { $0 == "task.not_found" ? L("task.not_found") : ErrorText.readFailure(problemCode: $0) })
            state.detail = detail
            switch ended {
            case .show(let task):
                if following, let before = state.entry(id), Self.changedUnderEyes(before, task, state) {
                    state.notice = Notice(.info, L("task.changed_at_instance",
                                                   ["number": InertText.sanitize(task.unit.number),
                                                    "status": TaskLabels.word(task.status)]))
                }
                showDetail(task, &state)
            case .sessionEnded: return .send(.delegate(.sessionEnded))
            case .empty, .keep: break
            }
            return .none

        case .discarded(_, let pending):
            showPending(pending, &state)
            return .merge(.send(.delegate(.outboxChanged)), read(&state))

        case .outboxEdited:
            let pendingTasks = environment.pendingTasks
            return .run { send in send(.pendingLoaded(await pendingTasks())) }

        case .outboxRoundFinished:
            let pendingTasks = environment.pendingTasks
            return .run { send in send(.roundMarksLoaded(await pendingTasks())) }

        case .roundMarksLoaded(let pending):
            // A task shown as waiting whose change left the outbox (sent, or held) in the
            // background: its state is the instance's now, read it again (conditionally).
            let settled = state.entries.contains { entry in
                entry.mark == .queued
                    && (pending.queued[entry.task.id] == nil || pending.held.contains { $0.task == entry.task.id })
            }
            showPending(pending, &state)
            guard settled else { return .none }
            return .merge(read(&state), state.detail.map { readTask($0.taskID) } ?? .none)

        case .openTaskDetail(let id):
            // A fault report being written over another task stays: it is saved nowhere yet.
            if let detail = state.detail, detail.taskID != id, detail.fault?.hasContent == true {
                state.notice = Notice(.info, L("tasks.fault_report_open"))
                return .none
            }
            state.skip = nil
            return openDetail(id, &state)

        case .pendingLoaded(let pending):
            showPending(pending, &state)
            return .none

        case .fault(let action):
            return faultHost.reduce(action, into: &state)

        case .roomStatusSet(let unit, let status, let outcome):
            return roomStatusSet(unit, status, outcome, &state)

        case .delegate:
            return .none
        }
    }

    // MARK: Keys of the list

    func listKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        if let delegate = WorkNotices.outboxKey(key, state.badge) { return .send(.delegate(delegate)) }
        if let move = ListFocus.move(for: key) {
            // With no rows the focus goes (nothing is left to act on).
            state.focus = ListFocus.id(move, in: TasksView.focusableRows(state), current: state.focus)
            return .none
        }
        switch key {
        case .character("s"):
            guard let id = focusedTask(state) else { return .none }
            return startOrFinish(id, &state)
        case .character("c"), .character("i"):
            return takeOffer(key, &state) ?? .none
        case .character("x"):
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
        default:
            break
        }
        return .none
    }

    func focusedTask(_ state: State) -> TaskID? {
        state.focus.flatMap(TasksView.taskID(of:))
    }

    func startOrFinish(_ id: TaskID, _ state: inout State) -> Effect<Action> {
        guard let entry = state.entry(id) else { return .none }
        switch entry.shown.status {
        case .open: return change(id, to: TaskStatusChange(status: .inProgress), &state)
        case .inProgress: return change(id, to: TaskStatusChange(status: .done), &state)
        default:
            state.notice = Notice(.info, L("tasks.reopen_in_detail", ["number": InertText.sanitize(entry.shown.unit.number)]))
            return .none
        }
    }

    func askSkip(_ id: TaskID, _ state: inout State) -> Effect<Action> {
        guard let entry = state.entry(id) else { return .none }
        guard entry.shown.status.allowedNext.contains(.skipped) else {
            state.notice = Notice(.info, L("tasks.cannot_skip", ["number": InertText.sanitize(entry.shown.unit.number)]))
            return .none
        }
        state.skip = SkipPrompt(task: id)
        return .none
    }

    func dismiss(_ change: HeldTaskChange, _ state: inout State) -> Effect<Action> {
        let environment = self.environment
        return .run { send in
            _ = await environment.discard(change.id)
            send(.discarded(change.id, await environment.pendingTasks()))
        }
    }

    // MARK: Reads

    /// A fresh copy of the task the detail shows, over the list's (never an older one).
    func showDetail(_ task: HousekeepingTask, _ state: inout State) {
        let id = task.id
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
    }

    var listRead: ListRead<TaskList, PendingTasks, Action> {
        ListRead(id: Self.readID, saved: environment.savedTasks, fetch: environment.fetchTasks,
                 pending: environment.pendingTasks, savedLoaded: Action.savedLoaded, read: Action.tasksRead)
    }

    func read(_ state: inout State) -> Effect<Action> {
        state.following = false
        return listRead.fresh(&state)
    }

    func readTask(_ id: TaskID) -> Effect<Action> {
        let environment = self.environment
        return .run(id: Self.detailReadID, cancelInFlight: true) { send in
            send(.detailRead(id, await environment.fetchTask(id)))
        }
    }

    /// The read's tasks, arriving guests first then by room, with the outbox's changes on top;
    /// with `marksChanges` (a read that followed the instance), a task whose status on screen
    /// changed is marked until the next such read.
    func apply(_ list: TaskList, marksChanges: Bool = false, _ state: inout State) {
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
            var entry = Self.entry(task, pending: state.pending)
            if marksChanges, entry.mark == .none, let old = previous.first(where: { $0.task.id == task.id }) {
                entry.changed = old.shown.status != entry.shown.status
            }
            return entry
        }
        state.businessDate = list.businessDate
    }

    /// The outbox's changes as read again after one left it: marks, the held list, the focus, and
    /// the held sentence of a change no longer held.
    func showPending(_ pending: PendingTasks, _ state: inout State) {
        state.pending = pending
        state.held = pending.held
        reapplyPending(&state)
        fixFocus(&state)
        if let held = state.heldNotice,
           !held.withdraw(from: &state.notice, stillHeld: { task in pending.held.contains { $0.task == task } }) {
            state.heldNotice = nil
        }
    }

    func reapplyPending(_ state: inout State) {
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
}
