import ClientModel
import Foundation
import GuestCraftAPI

/// The changes of rooms this device has in the outbox: the latest status waiting to be sent per
/// room, and the rooms with a change held for a decision.
public struct PendingRooms: Sendable, Equatable {
    public var queued: [UnitID: HousekeepingStatus]
    public var held: Set<UnitID>

    public init(queued: [UnitID: HousekeepingStatus] = [:], held: Set<UnitID> = []) {
        self.queued = queued
        self.held = held
    }

    public static let none = PendingRooms()
}

/// The head of the saved room list (#18): its first rooms in the order shown, how many rooms
/// the whole list has and the columns its widest number takes — what the start's first frame is
/// drawn from while the whole list is read.
public struct RoomsPreview: Sendable, Equatable {
    public var first: SavedCopy<UnitList>
    public var count: Int
    public var numberWidth: Int

    public init(first: SavedCopy<UnitList>, count: Int, numberWidth: Int) {
        self.first = first
        self.count = count
        self.numberWidth = numberWidth
    }
}

/// What the Housekeeping tab needs from outside, as closures the app builds over the instance
/// client, the offline store and the outbox (and tests build over fakes).
public struct HousekeepingEnvironment: Sendable {
    /// The saved copy of `units.list` for the property in use, if one is kept.
    public var savedUnits: @Sendable () async -> SavedCopy<UnitList>?
    /// The head of that copy while the start reads it whole (nil when there is none to show
    /// sooner): the first frame is drawn from it (#18).
    public var savedUnitsPreview: @Sendable () async -> RoomsPreview?
    /// A fresh `units.list` (saved inside the live generation by the live layer).
    public var fetchUnits: @Sendable () async -> ReadResult<UnitList>
    /// The saved copy of `units.get` for a room.
    public var savedUnit: @Sendable (UnitID) async -> SavedCopy<UnitDetail>?
    /// A fresh `units.get`.
    public var fetchUnit: @Sendable (UnitID) async -> ReadResult<UnitDetail>
    /// The room changes waiting or held in the outbox.
    public var pendingRooms: @Sendable () async -> PendingRooms
    /// Hands a status change to the outbox with the version the device read.
    public var setStatus: @Sendable (_ unit: UnitRef, _ status: HousekeepingStatus,
                                     _ expectedVersion: Int) async -> ChangeOutcome<RoomUnit>
    /// A time as the person reads it ("09:41", in the terminal's locale and time zone).
    public var formatTime: @Sendable (Date) -> String
    /// Whether the person's role may change room status (`housekeeping.write`); when not, the
    /// status keys are shown disabled with the reason and send nothing.
    public var mayChangeStatus: Bool
    /// The fault report form's clients (the room detail's "Report a fault").
    public var faultForm: FaultFormEnvironment
    /// Whose changes these are, named in the sentence of a held one (several accounts on the device).
    public var owner: String?
    /// The supervisor's board's clients and whether the role is offered it (Features/Board).
    public var board: BoardEnvironment = .unavailable
    /// Whether the person's role may mark a room inspected (`housekeeping.inspect`); when not,
    /// `i` is shown disabled with the reason and sends nothing.
    public var mayInspect: Bool = true
    /// The clock of the 10-second Undo (`u`); nil offers no Undo.
    public var undoClock: ClockClient?

    public init(savedUnits: @escaping @Sendable () async -> SavedCopy<UnitList>?,
                fetchUnits: @escaping @Sendable () async -> ReadResult<UnitList>,
                savedUnit: @escaping @Sendable (UnitID) async -> SavedCopy<UnitDetail>?,
                fetchUnit: @escaping @Sendable (UnitID) async -> ReadResult<UnitDetail>,
                pendingRooms: @escaping @Sendable () async -> PendingRooms,
                setStatus: @escaping @Sendable (UnitRef, HousekeepingStatus, Int) async -> ChangeOutcome<RoomUnit>,
                formatTime: @escaping @Sendable (Date) -> String, mayChangeStatus: Bool = true,
                faultForm: FaultFormEnvironment, owner: String? = nil,
                savedUnitsPreview: @escaping @Sendable () async -> RoomsPreview? = { nil }) {
        self.owner = owner
        self.savedUnitsPreview = savedUnitsPreview
        self.mayChangeStatus = mayChangeStatus
        self.faultForm = faultForm
        self.savedUnits = savedUnits
        self.fetchUnits = fetchUnits
        self.savedUnit = savedUnit
        self.fetchUnit = fetchUnit
        self.pendingRooms = pendingRooms
        self.setStatus = setStatus
        self.formatTime = formatTime
    }
}
