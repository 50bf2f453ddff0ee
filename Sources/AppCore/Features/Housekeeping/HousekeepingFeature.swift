import ClientModel
import Catalog
import Foundation
import GuestCraftAPI

/// The Housekeeping tab: every room of the property with its status, filtered and jumped to by
/// number or a scanned tag; `d`/`c`/`i` change the focused room at once through the outbox;
/// Enter opens the room's detail. Tells the app what it needs through `delegate`.
public struct HousekeepingFeature: Reducer {
    public struct State: Sendable, Equatable {
        public var list: RoomList
        public var businessDate: BusinessDate?
        public var focus: UnitID?
        /// What was typed or scanned to jump to a room; nil when not jumping.
        public var jump: String?
        public var freshness: Freshness
        /// The saved read of the first opening has answered (a copy or none): from the frame drawn
        /// after it, the start is over and the network may load (#18, `AppView.isStartedScreen`).
        public var savedAnswered: Bool = false
        /// While the list shown is the saved list's head (the start, #18): how many rooms the
        /// whole list has. Keys wait for the whole list (`AppView.acceptsInput`).
        public var previewCount: Int?
        public var lastUpdated: String?
        /// The last sentence for the person (a held change, a failed read).
        public var notice: Notice?
        public var badge: OutboxBadge
        public var detail: RoomDetail?
        public var hasLoaded: Bool
        /// Rooms whose change is with the outbox now: a further change waits for its answer.
        public var inFlight: Set<UnitID>
        /// The status asked for while a change of that room was in flight (sent after it).
        public var waiting: [UnitID: HousekeepingStatus]
        /// The outbox's room changes as last read.
        public var pending: PendingRooms
        /// A room tag scanned (or a `guestcraft open room/…` link) before the rooms were read.
        public var pendingJump: String?
        /// The notice a held room change put up (taken down when that change is discarded).
        public var heldNotice: HeldNotice<UnitID>?
        /// The focus when the typed jump began: the focus goes back to it while what is typed
        /// names no room, so it never rests on a room that only shares a prefix.
        public var jumpFrom: UnitID?
        /// A jump found no room: the action keys wait for a new choice (a move, a click, a jump).
        public var awaitingRoom: Bool = false
        /// Whether the role may change room status (read from the environment when the tab opens).
        public var mayChangeStatus: Bool = true
        /// Rooms this device's own changes were sent for since the list last followed the
        /// instance: the next live refresh reads just these (`units.get`), not the whole list.
        public var touched: Set<UnitID> = []
        /// The list read under way follows the instance on its own: rows it finds changed are
        /// marked (`RoomEntry.changed`).
        public var following: Bool = false
        /// The detail's read under way follows the instance (a change says so).
        public var followingDetail: Bool = false
        /// Why "Report a fault" cannot be chosen (nil: it can), from the environment when the tab opens.
        public var reportBlocked: String?
        /// The supervisor's board over the list, while open (Features/Board, #31).
        public var board: SupervisorBoard?
        /// Whether the role is offered the board (read from the environment when the tab opens).
        public var boardOffered: Bool = false
        /// Whether the role may mark a room inspected (`housekeeping.inspect`, from the environment).
        public var mayInspect: Bool = true
        /// A change asked about before it is made (a blocked room, an inspection lost).
        public var question: StatusQuestion?
        /// The last change, set back by `u` for 10 seconds.
        public var undo: RoomUndo?

        public init(list: RoomList = RoomList(), businessDate: BusinessDate? = nil, focus: UnitID? = nil,
                    jump: String? = nil, freshness: Freshness = .loading, lastUpdated: String? = nil,
                    notice: Notice? = nil, badge: OutboxBadge = OutboxBadge(), detail: RoomDetail? = nil,
                    hasLoaded: Bool = false, inFlight: Set<UnitID> = [], waiting: [UnitID: HousekeepingStatus] = [:],
                    pending: PendingRooms = .none, pendingJump: String? = nil,
                    heldNotice: HeldNotice<UnitID>? = nil) {
            self.list = list
            self.businessDate = businessDate
            self.focus = focus
            self.jump = jump
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.notice = notice
            self.badge = badge
            self.detail = detail
            self.hasLoaded = hasLoaded
            self.inFlight = inFlight
            self.waiting = waiting
            self.pending = pending
            self.pendingJump = pendingJump
            self.heldNotice = heldNotice
        }
    }

    public enum Action: Sendable, Equatable {
        /// The tab was opened (or came back): show the saved copy, then read again.
        case appeared
        /// `r`, the connection returned, or an outbox round changed something: read again;
        /// `readOffline` (the instance answered): the list or the detail, if it says Offline.
        case refresh, readOffline
        case keyPressed(Key)
        case rowClicked(RowID)
        /// A paste that arrived as one event.
        case pasted(String)
        /// A scanned room tag: its detail opens, replacing the one open (a fault report being
        /// written keeps the scan as typed text).
        case scanned(String)
        /// The outbox's counts changed (set by the app).
        case badgeChanged(OutboxBadge)
        /// A change left the outbox outside this tab (discarded in Review): read the marks again.
        case outboxEdited
        case pendingLoaded(PendingRooms)
        /// An outbox round sent or held something: read the marks (`roundMarksLoaded`).
        case outboxRoundFinished
        case roundMarksLoaded(PendingRooms)
        /// The saved list's head, shown while the start reads the whole of it (#18).
        case savedPreviewLoaded(RoomsPreview, PendingRooms)
        case savedLoaded(SavedCopy<UnitList>?, PendingRooms)
        case unitsRead(ReadResult<UnitList>, PendingRooms)
        case statusChangeFinished(UnitID, HousekeepingStatus, ChangeOutcome<RoomUnit>)
        case detailSavedLoaded(UnitID, SavedCopy<UnitDetail>?)
        case detailRead(UnitID, ReadResult<UnitDetail>)
        /// The tab is on screen and it is time to follow the instance (AppReducer+Live).
        case liveRefresh
        /// A room this device changed, read again after its change was sent.
        case roomFollowed(UnitID, ReadResult<UnitDetail>)
        /// The fault report form over the room detail.
        case fault(FaultForm.Action)
        /// The supervisor's board's reads (Features/Board).
        case board(SupervisorBoard.Action)
        /// A second of Undo's 10 went by.
        case undoTick
        case delegate(WorkTabDelegate)
    }


    let environment: HousekeepingEnvironment

    public init(environment: HousekeepingEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            state.mayChangeStatus = environment.mayChangeStatus
            state.reportBlocked = environment.faultForm.grants.reportBlocked
            state.boardOffered = environment.board.offered
            state.mayInspect = environment.mayInspect
            return .merge(listRead.appeared(hasLoaded: &state.hasLoaded, freshness: &state.freshness,
                                            lastUpdated: state.lastUpdated), readOpenDetail(state),
                          readBoardTasks(loadSaved: false, &state))
        case .refresh:
            return .merge(read(&state), readOpenDetail(state), readBoardTasks(loadSaved: false, &state))
        case .readOffline:
            let board = state.board?.tasksFreshness.isOffline == true ? readBoardTasks(loadSaved: false, &state) : .none
            return .merge(readWhatSaysOffline(&state), board)

        case .liveRefresh:
            if state.detail == nil, state.board != nil { return followBoard(&state) }
            return follow(&state)

        case .roomFollowed(_, let result):
            if case .fresh(let detail, _) = result { refreshRoom(from: detail.unit, &state) }
            return .none

        case .keyPressed(let key):
            if state.question != nil { return statusQuestionKey(key, &state) }
            if key == .character("u"), state.detail?.fault == nil, state.jump == nil,
               state.board?.question == nil { return undo(&state) }
            if state.detail != nil { return detailKey(key, &state) }
            if state.board != nil { return boardKey(key, &state) }
            return listKey(key, &state)

        case .rowClicked(let id):
            if state.detail?.fault != nil { return faultHost.reduce(.rowClicked(id), into: &state) }
            if state.detail != nil {
                if let detail = state.detail, let index = RoomDetailView.line(of: id, in: detail) { state.detail?.focus = index }
                return .none
            }
            if state.board != nil {
                if let floor = BoardView.floor(of: id) { state.board?.focus = floor }
                return .none
            }
            if let unit = RoomList.unitID(of: id) {
                state.focus = unit
                state.jump = nil
                state.awaitingRoom = false
            }
            return .none

        case .scanned(let text):
            if state.detail?.fault != nil { return faultHost.reduce(.pasted(text), into: &state) }
            state.jump = nil
            if state.list.isEmpty && state.freshness == .loading {
                state.pendingJump = text
                return .none
            }
            return openRoom(tagged: text, &state)

        case .pasted(let text):
            if state.detail?.fault != nil { return faultHost.reduce(.pasted(text), into: &state) }
            guard state.detail == nil else { return .none }
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            state.jump = nil
            if state.list.isEmpty && state.freshness == .loading {
                state.pendingJump = line
                return .none
            }
            return openRoom(tagged: line, &state)

        case .badgeChanged(let badge):
            state.badge = badge
            return .none

        case .outboxEdited:
            let pendingRooms = environment.pendingRooms
            return .run { send in send(.pendingLoaded(await pendingRooms())) }

        case .outboxRoundFinished:
            let pendingRooms = environment.pendingRooms
            return .run { send in send(.roundMarksLoaded(await pendingRooms())) }

        case .roundMarksLoaded(let pending):
            // A room shown as waiting whose change left the outbox (sent, or held) in the
            // background: its state is the instance's now, read it again (conditionally).
            let settled = state.list.rooms.contains { entry in
                entry.mark == .queued && (pending.queued[entry.unit.id] == nil || pending.held.contains(entry.unit.id))
            }
            let effect = reduce(into: &state, action: .pendingLoaded(pending))
            return settled ? .merge(effect, read(&state), readOpenDetail(state)) : effect

        case .pendingLoaded(let pending):
            state.pending = pending
            apply(pendingOnly: pending, &state)
            if let held = state.heldNotice,
               !held.withdraw(from: &state.notice, stillHeld: { pending.held.contains($0) }) {
                state.heldNotice = nil
            }
            return .none

        case .savedPreviewLoaded(let preview, let pending):
            // Only over an empty list with nothing filtered: the head is the top of the whole
            // list as it will be shown, and the count in the title is the whole list's.
            guard !state.savedAnswered, state.list.isEmpty, state.list.filter.isEmpty else { return .none }
            state.pending = pending
            apply(preview.first.value, &state)
            state.list.widenNumbers(to: preview.numberWidth)
            state.previewCount = preview.count
            state.lastUpdated = environment.formatTime(preview.first.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            return .none

        case .savedLoaded(let copy, let pending):
            state.savedAnswered = true
            state.previewCount = nil
            state.pending = pending
            guard let copy else { return .none }
            apply(copy.value, &state)
            state.lastUpdated = environment.formatTime(copy.savedAt)
            if state.freshness == .loading { state.freshness = .updating(lastUpdated: state.lastUpdated) }
            if let pending = state.pendingJump, state.list.exact(number: Self.roomNumber(inTag: pending)) != nil {
                state.pendingJump = nil
                return openRoom(tagged: pending, &state)
            }
            return .none

        case .unitsRead(let result, let pending):
            state.pending = pending
            state.previewCount = nil
            let ended = result.land(freshness: &state.freshness, lastUpdated: &state.lastUpdated, notice: &state.notice,
                                    hasContent: !state.list.isEmpty, forbidden: L("housekeeping.forbidden"),
                                    formatTime: environment.formatTime)
            let following = state.following
            state.following = false
            switch ended {
            case .show(let units): apply(units, marksChanges: following, &state)
            case .empty: state.list = RoomList(); state.focus = nil
            case .sessionEnded: return .send(.delegate(.sessionEnded))
            case .keep: if result == .offline { apply(pendingOnly: pending, &state) }
            }
            guard let tag = state.pendingJump else { return .none }
            state.pendingJump = nil
            return openRoom(tagged: tag, &state)

        case .statusChangeFinished(let id, let status, let outcome):
            return statusChangeFinished(id, status, outcome, &state)

        case .detailSavedLoaded(let id, let copy):
            guard var detail = state.detail, detail.unitID == id, let copy else { return .none }
            detail.detail = copy.value
            detail.lastUpdated = environment.formatTime(copy.savedAt)
            if detail.freshness == .loading { detail.freshness = .updating(lastUpdated: detail.lastUpdated) }
            state.detail = detail
            return .none

        case .detailRead(let id, let result):
            guard var detail = state.detail, detail.unitID == id else { return .none }
            let following = state.followingDetail
            state.followingDetail = false
            let ended = result.land(freshness: &detail.freshness, lastUpdated: &detail.lastUpdated, notice: &state.notice,
                                    hasContent: detail.detail != nil, forbidden: L("housekeeping.forbidden"),
                                    formatTime: environment.formatTime, clearsError: false)
            switch ended {
            case .show(let value):
                if following, let before = detail.detail?.unit, Self.changedUnderEyes(before, value.unit, state) {
                    state.notice = Notice(.info, L("room.changed_at_instance",
                                                   ["number": InertText.sanitize(value.unit.number),
                                                    "status": StatusLabels.word(value.unit.housekeepingStatus)]))
                }
                detail.detail = value
                refreshRoom(from: value.unit, &state)
            case .empty: detail.detail = nil
            case .sessionEnded:
                state.detail = detail
                return .send(.delegate(.sessionEnded))
            case .keep: break
            }
            state.detail = detail
            return .none

        case .fault(let action):
            return faultHost.reduce(action, into: &state)

        case .board(let action):
            return boardAction(action, &state)

        case .undoTick:
            guard var undo = state.undo else { return .none }
            undo.secondsLeft -= 1
            state.undo = undo.secondsLeft > 0 ? undo : nil
            return .none

        case .delegate:
            return .none
        }
    }

    // MARK: Keys of the list

    func listKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        if state.jump != nil, let effect = jumpKey(key, &state) { return effect }
        if let delegate = WorkNotices.outboxKey(key, state.badge) { return .send(.delegate(delegate)) }
        if state.awaitingRoom {
            switch key {
            case .character("d"), .character("c"), .character("i"), .enter:
                state.notice = Notice(.info, L("housekeeping.choose_room_first"))
                return .none
            default:
                state.awaitingRoom = false
            }
        }
        if let move = ListFocus.move(for: key) {
            let current = state.focus.flatMap { state.list.position(of: $0) }
            if let index = ListFocus.index(move, count: state.list.visible.count, current: current) {
                state.focus = state.list.visibleID(at: index)
            }
            return .none
        }
        switch key {
        case .character(let c) where c.isASCII && c.isNumber:
            state.jumpFrom = state.focus
            state.jump = String(c)
            jumpLive(&state)
        case .character("/"):
            state.jumpFrom = state.focus
            state.jump = ""
        case .enter:
            guard let focus = state.focus, state.list.entry(focus) != nil else { return .none }
            state.detail = RoomDetail(unitID: focus)
            return readDetail(focus, loadSaved: true)
        case .character("d"): return change(to: .dirty, &state)
        case .character("c"): return change(to: .clean, &state)
        case .character("i"): return change(to: .inspected, &state)
        case .character("s"):
            var filter = state.list.filter
            filter.status = Self.next(after: filter.status, in: RoomFilter.Status.allCases)
            setFilter(filter, &state)
        case .character("f"):
            var filter = state.list.filter
            filter.floor = Self.next(after: filter.floor, in: state.list.floors)
            setFilter(filter, &state)
        case .character("a"):
            setFilter(RoomFilter(), &state)
        case .escape where !state.list.filter.isEmpty:
            setFilter(RoomFilter(), &state)
        case .character("r"):
            return read(&state)
        case .character("b"):
            return openBoard(&state)
        default:
            break
        }
        return .none
    }

    /// Focuses a room, clearing a filter that hides it.
    func focusShowing(_ id: UnitID, _ state: inout State) {
        if state.list.position(of: id) == nil { setFilter(RoomFilter(), &state) }
        state.focus = id
    }

    func setFilter(_ filter: RoomFilter, _ state: inout State) {
        state.list.setFilter(filter)
        if let focus = state.focus, state.list.position(of: focus) != nil { return }
        state.focus = state.list.visibleID(at: 0)
    }

    static func next<T: Equatable>(after current: T?, in values: [T]) -> T? {
        guard let current, let index = values.firstIndex(of: current) else { return values.first }
        return index + 1 < values.count ? values[index + 1] : nil
    }

    // MARK: Reads

    var listRead: ListRead<UnitList, PendingRooms, Action> {
        let (preview, pending) = (environment.savedUnitsPreview, environment.pendingRooms)
        return ListRead(id: Self.readID, saved: environment.savedUnits, fetch: environment.fetchUnits,
                        pending: pending, savedLoaded: Action.savedLoaded, read: Action.unitsRead,
                        preview: {
                            guard let head = await preview() else { return nil }
                            return .savedPreviewLoaded(head, await pending())
                        })
    }

    func read(_ state: inout State) -> Effect<Action> {
        state.following = false
        return listRead.fresh(&state)
    }

    /// The room detail on screen read again (nothing when none is open).
    func readOpenDetail(_ state: State) -> Effect<Action> {
        state.detail.map { readDetail($0.unitID, loadSaved: false) } ?? .none
    }

    func readDetail(_ id: UnitID, loadSaved: Bool) -> Effect<Action> {
        let environment = self.environment
        return .run(id: Self.detailReadID, cancelInFlight: true) { send in
            if loadSaved { send(.detailSavedLoaded(id, await environment.savedUnit(id))) }
            send(.detailRead(id, await environment.fetchUnit(id)))
        }
    }

    /// Shows a read: the instance's rooms with this device's changes still in the outbox on top.
    /// With `marksChanges` (a read that followed the instance on its own), a room whose status
    /// on screen changed is marked until the next such read. The focus stays on its room; when
    /// the filter no longer shows that room, on the room now in its place.
    func apply(_ units: UnitList, marksChanges: Bool = false, _ state: inout State) {
        let pending = state.pending
        let sending = state.inFlight
        let waiting = state.waiting
        let previous = state.list
        let focusPosition = state.focus.flatMap { previous.position(of: $0) }
        let changed: ((RoomEntry) -> Bool)? = marksChanges ? { entry in
            guard entry.mark == .none, let before = previous.entry(entry.unit.id) else { return false }
            return before.shown != entry.shown
        } : nil
        state.list = RoomList(units: units.units, filter: state.list.filter, marks: { unit in
            if sending.contains(unit.id) || waiting[unit.id] != nil {
                return (waiting[unit.id] ?? previous.entry(unit.id)?.shown, .sending)
            }
            if let status = pending.queued[unit.id] {
                return (status, pending.held.contains(unit.id) ? .held : .queued)
            }
            return (nil, pending.held.contains(unit.id) ? .held : .none)
        }, changed: changed)
        state.businessDate = units.businessDate
        if let focus = state.focus, state.list.position(of: focus) != nil { return }
        let count = state.list.visible.count
        state.focus = count == 0 ? nil : state.list.visibleID(at: min(focusPosition ?? 0, count - 1))
    }

    /// The outbox's marks over the rooms already shown (an offline refresh).
    func apply(pendingOnly pending: PendingRooms, _ state: inout State) {
        for entry in state.list.rooms where !state.inFlight.contains(entry.unit.id) {
            let id = entry.unit.id
            let queued = pending.queued[id]
            let mark: RoomMark = pending.held.contains(id) ? .held : (queued != nil ? .queued : .none)
            let shown = queued ?? entry.unit.housekeepingStatus
            if entry.mark != mark || entry.shown != shown {
                state.list.update(id) {
                    $0.mark = mark
                    $0.shown = shown
                }
            }
        }
    }

    /// A fresher copy of one room (from its detail) replaces the list's when it is newer.
    func refreshRoom(from unit: RoomUnit, _ state: inout State) {
        guard let entry = state.list.entry(unit.id), unit.housekeepingVersion >= entry.unit.housekeepingVersion
        else { return }
        state.list.update(unit.id) {
            $0.unit = unit
            if $0.mark == .none || $0.mark == .held { $0.shown = unit.housekeepingStatus }
        }
    }
}
