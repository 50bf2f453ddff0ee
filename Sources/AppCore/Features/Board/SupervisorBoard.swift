import Catalog
import Foundation
import GuestCraftAPI

/// The supervisor's board (#31), a screen of the Housekeeping tab (`b`): the floors by status at
/// a glance (counts and the rooms as symbols), the rooms changed in the last hour, every task of
/// the business date with its assignee and status, filtered by floor and status; `d`/`c`/`i` set
/// the rooms it selects to one status after one question, each room its own outbox change.
/// The rooms are the Housekeeping tab's own list (`HousekeepingFeature.State.list`: its reads,
/// marks and live follow); the board keeps its filter, focus, tasks and question.
public struct SupervisorBoard: Sendable, Equatable {
    /// Which rooms the board shows (and selects): a floor, a status.
    public var filter: RoomFilter
    /// The floor row under the cursor.
    public var focus: Int?
    /// Every task of the business date, as last read; nil before the first answer.
    public var tasks: [HousekeepingTask]?
    public var tasksFreshness: Freshness
    public var tasksLastUpdated: String?
    /// The role cannot read the tasks (403): the section says so.
    public var tasksForbidden: Bool
    /// The time "the last hour" ends at: the clock when the board opened, followed or read.
    public var now: Date
    /// The question before a bulk change, while it is asked.
    public var question: BulkQuestion?
    /// Whether the instance lists tasks (`housekeeping_tasks`), from the environment when it opened.
    public var listsTasks: Bool

    public init(filter: RoomFilter = RoomFilter(), focus: Int? = nil, tasks: [HousekeepingTask]? = nil,
                tasksFreshness: Freshness = .loading, tasksLastUpdated: String? = nil, tasksForbidden: Bool = false,
                now: Date, question: BulkQuestion? = nil, listsTasks: Bool = true) {
        self.listsTasks = listsTasks
        self.filter = filter
        self.focus = focus
        self.tasks = tasks
        self.tasksFreshness = tasksFreshness
        self.tasksLastUpdated = tasksLastUpdated
        self.tasksForbidden = tasksForbidden
        self.now = now
        self.question = question
    }

    /// "Set 6 rooms on floor 2 to Clean?": the rooms a bulk change would set, and to what.
    public struct BulkQuestion: Sendable, Equatable {
        public var status: HousekeepingStatus
        /// The rooms that change, in the board's order (those already in the status and blocked
        /// rooms are left out).
        public var rooms: [UnitID]
        /// Their numbers, for the question.
        public var numbers: [String]
        /// The floor selected, when the selection is one floor.
        public var floor: Int?
        /// The status filter the selection came through, if any.
        public var among: RoomFilter.Status?

        public init(status: HousekeepingStatus, rooms: [UnitID], numbers: [String], floor: Int?,
                    among: RoomFilter.Status?) {
            self.status = status
            self.rooms = rooms
            self.numbers = numbers
            self.floor = floor
            self.among = among
        }
    }

    public enum Action: Sendable, Equatable {
        case tasksSavedLoaded(SavedCopy<TaskList>?)
        case tasksRead(ReadResult<TaskList>)
    }

    /// How long "changed in the last hour" looks back.
    public static let recentWindow: TimeInterval = 3600
}

/// What the board needs from outside, beside the Housekeeping tab's own clients.
public struct BoardEnvironment: Sendable {
    /// Whether the role is offered the board (`BoardEnvironment.offers`).
    public var offered: Bool
    /// Whether the instance lists tasks (`housekeeping_tasks`).
    public var listsTasks: Bool
    /// The saved copy of every task of the business date (`tasks.list` without `assignee`).
    public var savedTasks: @Sendable () async -> SavedCopy<TaskList>?
    /// A fresh read of it (saved inside the live generation by the live layer).
    public var fetchTasks: @Sendable () async -> ReadResult<TaskList>
    /// The time now, for "changed in the last hour".
    public var now: @Sendable () -> Date

    public init(offered: Bool, listsTasks: Bool, savedTasks: @escaping @Sendable () async -> SavedCopy<TaskList>?,
                fetchTasks: @escaping @Sendable () async -> ReadResult<TaskList>, now: @escaping @Sendable () -> Date) {
        self.offered = offered
        self.listsTasks = listsTasks
        self.savedTasks = savedTasks
        self.fetchTasks = fetchTasks
        self.now = now
    }

    /// No board (a role that is not offered it; tests of the rest of the tab). Its `now` is never
    /// read (a board not offered is never opened) and reads no clock: AppCore does no I/O.
    public static let unavailable = BoardEnvironment(offered: false, listsTasks: false, savedTasks: { nil },
                                                     fetchTasks: { .offline }, now: { .distantPast })

    /// The board is offered to a role that sets room status (`housekeeping.write`), reads the
    /// rooms and every task (`inventory.read`) and places blocks (`blocks.manage_ooo` or
    /// `blocks.manage_oos`): the grants of someone who runs the floor. The contract has no
    /// supervisor's permission of its own, and a housekeeper holds the first two only.
    public static func offers(_ permissions: [Permission]) -> Bool {
        let grants = Set(permissions)
        return grants.contains(.housekeepingWrite) && grants.contains(.inventoryRead)
            && (grants.contains(.blocksManageOOO) || grants.contains(.blocksManageOOS))
    }
}

/// One floor of the board: how many of its rooms are in each status (all of them, whatever the
/// status filter), and the rooms the filter shows.
public struct BoardFloor: Sendable, Equatable {
    public var floor: Int
    public var dirty = 0, clean = 0, inspected = 0, outOfOrder = 0, outOfService = 0
    /// Every room of the floor.
    public var total = 0
    /// The rooms of the floor the status filter shows, by number.
    public var shown: [RoomEntry] = []

    public init(floor: Int) { self.floor = floor }

    public func count(_ status: HousekeepingStatus) -> Int {
        switch status {
        case .dirty: dirty
        case .clean: clean
        case .inspected: inspected
        case .outOfOrder: outOfOrder
        case .outOfService: outOfService
        case .unknown: total - dirty - clean - inspected - outOfOrder - outOfService
        }
    }

    mutating func add(_ entry: RoomEntry) {
        total += 1
        switch entry.shown {
        case .dirty: dirty += 1
        case .clean: clean += 1
        case .inspected: inspected += 1
        case .outOfOrder: outOfOrder += 1
        case .outOfService: outOfService += 1
        case .unknown: break
        }
    }
}

/// The board's contents, worked out from the rooms and tasks (pure: the reducer and the view both
/// use it).
extension SupervisorBoard {
    /// The statuses a floor's counts show, in order.
    public static let countedStatuses: [HousekeepingStatus] = [.dirty, .clean, .inspected, .outOfOrder, .outOfService]

    /// The floors the floor filter shows, each with its counts and the rooms the status filter shows.
    public static func floors(_ rooms: RoomList, filter: RoomFilter) -> [BoardFloor] {
        var floors: [Int: BoardFloor] = [:]
        for entry in rooms.rooms {
            let floor = entry.unit.floor
            if let only = filter.floor, floor != only { continue }
            floors[floor, default: BoardFloor(floor: floor)].add(entry)
            if filter.status.map({ $0.matches(entry.shown) }) ?? true { floors[floor]?.shown.append(entry) }
        }
        return floors.keys.sorted().compactMap { floors[$0] }
    }

    /// The rooms the filter shows whose status changed in the hour before `now`, latest first.
    public static func recent(_ rooms: RoomList, filter: RoomFilter, now: Date) -> [RoomEntry] {
        let since = Instant(now.addingTimeInterval(-recentWindow))
        let until = Instant(now)
        return rooms.rooms
            .filter { $0.unit.housekeepingUpdatedAt >= since && $0.unit.housekeepingUpdatedAt <= until && filter.matches($0) }
            .sorted { $0.unit.housekeepingUpdatedAt > $1.unit.housekeepingUpdatedAt }
    }

    /// The tasks of the rooms the filter shows (every task without a filter), in the instance's order.
    public static func tasks(_ tasks: [HousekeepingTask], rooms: RoomList, filter: RoomFilter) -> [HousekeepingTask] {
        guard !filter.isEmpty else { return tasks }
        return tasks.filter { task in rooms.entry(task.unit.id).map(filter.matches) ?? false }
    }

    /// The rooms `d`/`c`/`i` would set: with a filter, the rooms it shows; without one, the
    /// floor under the cursor. Nil when there is nothing to select from.
    public static func selection(_ rooms: RoomList, filter: RoomFilter, focus: Int?) -> (rooms: [RoomEntry], floor: Int?)? {
        let floor = filter.floor ?? (filter.status == nil ? focus : nil)
        if filter.isEmpty && floor == nil { return nil }
        let selected = rooms.rooms.filter { entry in
            (floor.map { entry.unit.floor == $0 } ?? true) && (filter.status.map { $0.matches(entry.shown) } ?? true)
        }
        return (selected, floor)
    }

    /// Whether a bulk change sets this room: not already in the status, not blocked (out of order
    /// and out of service come from blocks only).
    public static func changes(_ entry: RoomEntry, to status: HousekeepingStatus) -> Bool {
        // A blocked room is left as it is: its block still runs (#31).
        entry.shown != status && entry.shown != .outOfOrder && entry.shown != .outOfService && entry.unit.block == nil
    }
}
