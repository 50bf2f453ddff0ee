import Catalog
import Foundation
import GuestCraftAPI

/// The supervisor's board (#31) as a screen of the Housekeeping tab: opened with `b`, its keys,
/// its reads (the tab's own rooms, and every task of the business date) and its bulk changes.
extension HousekeepingFeature {
    static let boardTasksReadID: EffectID = "housekeeping.board.tasks"

    /// `b` on the room list: the board, for a role it is offered to.
    func openBoard(_ state: inout State) -> Effect<Action> {
        guard state.boardOffered else { return .none }
        let focus = state.focus.flatMap { state.list.entry($0)?.unit.floor } ?? state.list.floors.first
        state.board = SupervisorBoard(focus: focus, now: environment.board.now(), listsTasks: environment.board.listsTasks)
        return .merge(read(&state), readBoardTasks(loadSaved: true, &state))
    }

    /// The tasks of the business date: the saved copy first when the board opens, then fresh.
    func readBoardTasks(loadSaved: Bool, _ state: inout State) -> Effect<Action> {
        guard environment.board.listsTasks, var board = state.board else { return .none }
        if board.tasksFreshness != .loading { board.tasksFreshness = .updating(lastUpdated: board.tasksLastUpdated) }
        state.board = board
        let environment = environment.board
        return .run(id: Self.boardTasksReadID, cancelInFlight: true) { send in
            if loadSaved { send(.board(.tasksSavedLoaded(await environment.savedTasks()))) }
            send(.board(.tasksRead(await environment.fetchTasks())))
        }
    }

    /// The board follows the instance like the list (a live refresh): the rooms, conditionally
    /// and marking those someone else changed, and the tasks.
    func followBoard(_ state: inout State) -> Effect<Action> {
        state.board?.now = environment.board.now()
        state.touched = []
        state.following = true
        return .merge(listRead.follow(), readBoardTasks(loadSaved: false, &state))
    }

    func boardAction(_ action: SupervisorBoard.Action, _ state: inout State) -> Effect<Action> {
        guard var board = state.board else { return .none }
        switch action {
        case .tasksSavedLoaded(let copy):
            guard let copy, board.tasks == nil else { return .none }
            board.tasks = copy.value.tasks
            board.tasksLastUpdated = environment.formatTime(copy.savedAt)
            if board.tasksFreshness == .loading { board.tasksFreshness = .updating(lastUpdated: board.tasksLastUpdated) }
        case .tasksRead(let result):
            board.now = environment.board.now()
            switch result {
            case .fresh(let list, let at):
                board.tasks = list.tasks
                board.tasksForbidden = false
                board.tasksLastUpdated = environment.formatTime(at)
                board.tasksFreshness = .current
            case .forbidden:
                board.tasks = nil
                board.tasksForbidden = true
                board.tasksFreshness = .current
            case .sessionEnded:
                state.board = board
                return .send(.delegate(.sessionEnded))
            case .offline, .failed:
                board.tasksFreshness = .offline(lastUpdated: board.tasksLastUpdated)
            }
        }
        state.board = board
        return .none
    }

    // MARK: Keys

    func boardKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard var board = state.board else { return .none }
        if board.question != nil { return questionKey(key, &state) }
        if let delegate = WorkNotices.outboxKey(key, state.badge) { return .send(.delegate(delegate)) }
        let floors = SupervisorBoard.floors(state.list, filter: board.filter).map(\.floor)
        if let move = ListFocus.move(for: key) {
            // With no floor focused, any step goes to the first.
            board.focus = ListFocus.id(move, in: floors, current: board.focus, unfocused: .first)
            state.board = board
            return .none
        }
        switch key {
        case .enter:
            // The floor under the cursor becomes the filter (again: every floor).
            guard let focus = board.focus else { return .none }
            board.filter.floor = board.filter.floor == focus ? nil : focus
        case .character("f"):
            board.filter.floor = Self.next(after: board.filter.floor, in: state.list.floors)
            if let floor = board.filter.floor { board.focus = floor }
        case .character("s"):
            board.filter.status = Self.next(after: board.filter.status, in: RoomFilter.Status.allCases)
        case .character("a"):
            board.filter = RoomFilter()
        case .escape where !board.filter.isEmpty:
            board.filter = RoomFilter()
        case .escape, .backspace, .character("b"):
            state.board = nil
            return .none
        case .character("d"): return askBulk(.dirty, &state)
        case .character("c"): return askBulk(.clean, &state)
        case .character("i"): return askBulk(.inspected, &state)
        case .character("r"):
            state.board?.now = environment.board.now()
            return .merge(read(&state), readBoardTasks(loadSaved: false, &state))
        default:
            return .none
        }
        state.board = board
        return .none
    }

    /// `d`/`c`/`i` on the board: one question naming how many rooms would change.
    func askBulk(_ status: HousekeepingStatus, _ state: inout State) -> Effect<Action> {
        guard let board = state.board else { return .none }
        guard state.mayChangeStatus else {
            state.notice = Notice(.info, L("housekeeping.role_cannot_change"))
            return .none
        }
        guard let selection = SupervisorBoard.selection(state.list, filter: board.filter, focus: board.focus) else {
            state.notice = Notice(.info, L("board.choose_floor"))
            return .none
        }
        let changing = selection.rooms.filter { SupervisorBoard.changes($0, to: status) }
        guard !changing.isEmpty else {
            state.notice = Notice(.info, L("board.nothing_to_set", ["status": StatusLabels.word(status)]))
            return .none
        }
        state.notice = nil
        state.board?.question = SupervisorBoard.BulkQuestion(
            status: status, rooms: changing.map(\.unit.id), numbers: changing.map { InertText.sanitize($0.unit.number) },
            floor: selection.floor, among: board.filter.status)
        return .none
    }

    /// The question's keys: Enter sets the rooms, Esc (or Backspace) asks no more.
    func questionKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard let question = state.board?.question else { return .none }
        switch key {
        case .enter:
            state.board?.question = nil
            return setRooms(question, &state)
        case .escape, .backspace:
            state.board?.question = nil
        default:
            break
        }
        return .none
    }

    /// Each room of the question set as its own outbox change, the way `d`/`c`/`i` set one room
    /// on the list (`change(to:of:)`: shown at once, with the version the device read).
    func setRooms(_ question: SupervisorBoard.BulkQuestion, _ state: inout State) -> Effect<Action> {
        var effects: [Effect<Action>] = []
        var count = 0
        for id in question.rooms {
            guard let entry = state.list.entry(id), SupervisorBoard.changes(entry, to: question.status) else { continue }
            effects.append(change(to: question.status, of: id, asking: false, offersUndo: false, &state))
            count += 1
        }
        state.notice = Notice(.info, L("board.set_done", ["count": count, "status": StatusLabels.word(question.status)]))
        return .merge(effects)
    }
}
