import ClientModel
import Catalog
import Foundation
import GuestCraftAPI

/// Finishing a cleaning task offers the room's next status in one key (#31): the instance does
/// not change a room's status when its task is done, so every room took a second step on
/// Housekeeping. `c` (or `i` after an inspection) right after sets it, through the outbox.
extension TasksFeature {
    /// The room status offered after a task was finished.
    public struct RoomOffer: Sendable, Equatable {
        public var task: TaskID
        public var unit: UnitRef
        public var status: HousekeepingStatus

        public init(task: TaskID, unit: UnitRef, status: HousekeepingStatus) {
            self.task = task
            self.unit = unit
            self.status = status
        }

        /// The key that takes it: `c` for Clean, `i` for Inspected.
        public var key: String { status == .inspected ? "i" : "c" }
    }

    /// The room's next status once a task of this kind is done, for a role that may set it.
    func offer(after task: HousekeepingTask) -> RoomOffer? {
        guard environment.roomStatus.mayChange else { return nil }
        switch task.kind {
        case .cleanDeparture, .cleanStayover:
            return RoomOffer(task: task.id, unit: task.unit, status: .clean)
        case .inspect where environment.roomStatus.mayInspect:
            return RoomOffer(task: task.id, unit: task.unit, status: .inspected)
        default:
            return nil
        }
    }

    /// `c`/`i` while the offer stands: the room's status through the outbox.
    func takeOffer(_ key: Key, _ state: inout State) -> Effect<Action>? {
        guard let offer = state.roomOffer, key == .character(Character(offer.key)) else { return nil }
        state.roomOffer = nil
        state.notice = nil
        let set = environment.roomStatus.set
        return .run { send in
            send(.roomStatusSet(offer.unit, offer.status, await set(offer.unit, offer.status)))
        }
    }

    func roomStatusSet(_ unit: UnitRef, _ status: HousekeepingStatus, _ outcome: ChangeOutcome<RoomUnit>?,
                       _ state: inout State) -> Effect<Action> {
        let number = InertText.sanitize(unit.number)
        let word = StatusLabels.word(status)
        switch outcome {
        case nil:
            state.notice = Notice(.info, L("tasks.room_status_unknown", ["number": number, "status": word]))
            return .none
        case .sent?:
            state.notice = Notice(.info, L("tasks.room_status_sent", ["number": number, "status": word]))
        case .queued?:
            state.notice = Notice(.info, L("tasks.room_status_queued", ["number": number, "status": word]))
        case .held(let reason, let code)?:
            state.notice = Notice(.warning, HeldSentences.sentence(.room, number: number,
                                                                   reason: reason, code: code, owner: environment.owner))
        case .expired?:
            state.notice = Notice(.error, L("room.change_expired", ["number": number]))
        case .failed?:
            state.notice = Notice(.error, L("room.change_not_saved", ["number": number]))
        }
        return .send(.delegate(.outboxChanged))
    }
}

/// The room status clients of My tasks: whether the role may set it, and the change.
public struct TaskRoomStatus: Sendable {
    /// `housekeeping.write`.
    public var mayChange: Bool
    /// `housekeeping.inspect`.
    public var mayInspect: Bool
    /// Hands the room's change to the outbox with the version this device last read of it (a
    /// fresh read first when the instance answers); nil when no version of the room is known.
    public var set: @Sendable (UnitRef, HousekeepingStatus) async -> ChangeOutcome<RoomUnit>?

    public init(mayChange: Bool, mayInspect: Bool,
                set: @escaping @Sendable (UnitRef, HousekeepingStatus) async -> ChangeOutcome<RoomUnit>?) {
        self.mayChange = mayChange
        self.mayInspect = mayInspect
        self.set = set
    }

    /// No room status offered (a role or a test without it).
    public static let unavailable = TaskRoomStatus(mayChange: false, mayInspect: false, set: { _, _ in nil })
}
