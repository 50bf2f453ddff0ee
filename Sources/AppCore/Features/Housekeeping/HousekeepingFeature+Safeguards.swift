import Catalog
import Foundation
import GuestCraftAPI

/// What keeps one key from undoing the plan (#31): a change of a blocked room, or one that takes
/// away an inspection the person cannot give back, asks first; the last change is undone by `u`
/// for 10 seconds, as on My tasks.
extension HousekeepingFeature {
    /// A status change asked about before it goes to the outbox.
    public struct StatusQuestion: Sendable, Equatable {
        public enum Why: Sendable, Equatable {
            /// The room is out of order or out of service (with its block when the instance says).
            case blocked(HousekeepingStatus, UnitBlock?)
            /// The room is inspected and this role cannot mark it inspected again.
            case losesInspection
        }

        public var unit: UnitID
        public var number: String
        public var status: HousekeepingStatus
        public var why: Why

        public init(unit: UnitID, number: String, status: HousekeepingStatus, why: Why) {
            self.unit = unit
            self.number = number
            self.status = status
            self.why = why
        }
    }

    /// The last status change, set back by `u` while `secondsLeft` > 0.
    public struct RoomUndo: Sendable, Equatable {
        public var unit: UnitID
        public var number: String
        public var back: HousekeepingStatus
        public var secondsLeft: Int

        public init(unit: UnitID, number: String, back: HousekeepingStatus, secondsLeft: Int) {
            self.unit = unit
            self.number = number
            self.back = back
            self.secondsLeft = secondsLeft
        }
    }

    /// How long `u` sets the last change back.
    public static let undoSeconds = 10

    /// Why changing this room to `status` asks first (nil: it does not).
    static func question(_ entry: RoomEntry, to status: HousekeepingStatus, mayInspect: Bool) -> StatusQuestion? {
        let number = InertText.sanitize(entry.unit.number)
        let blockedStatus = [HousekeepingStatus.outOfOrder, .outOfService].contains(entry.shown) ? entry.shown : nil
        if entry.unit.block != nil || blockedStatus != nil {
            let shown = blockedStatus ?? (entry.unit.block?.kind == .outOfService ? .outOfService : .outOfOrder)
            return StatusQuestion(unit: entry.unit.id, number: number, status: status, why: .blocked(shown, entry.unit.block))
        }
        if entry.shown == .inspected, !mayInspect {
            return StatusQuestion(unit: entry.unit.id, number: number, status: status, why: .losesInspection)
        }
        return nil
    }

    /// The question's keys: Enter makes the change, Esc (or Backspace) leaves the room as it is.
    func statusQuestionKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard let question = state.question else { return .none }
        switch key {
        case .enter:
            state.question = nil
            return change(to: question.status, of: question.unit, asking: false, &state)
        case .escape, .backspace:
            state.question = nil
            state.notice = Notice(.info, L("room.question.left", ["number": question.number]))
        default:
            break
        }
        return .none
    }

    /// Offers `u` for the change just made (when the status it leaves is one this role can set again).
    func offerUndo(_ entry: RoomEntry, _ state: inout State) -> Effect<Action> {
        let back = entry.shown
        guard let clock = environment.undoClock, HousekeepingStatus.settable.contains(back),
              back != .inspected || state.mayInspect else {
            return dropUndo(&state)
        }
        state.undo = RoomUndo(unit: entry.unit.id, number: InertText.sanitize(entry.unit.number), back: back,
                              secondsLeft: Self.undoSeconds)
        return .run(id: Self.undoID, cancelInFlight: true) { send in
            for _ in 0..<Self.undoSeconds {
                try await clock.sleep(.seconds(1))
                send(.undoTick)
            }
        }
    }

    func dropUndo(_ state: inout State) -> Effect<Action> {
        guard state.undo != nil else { return .none }
        state.undo = nil
        return .cancel(id: Self.undoID)
    }

    /// `u`: the room goes back to the status it had before the last change.
    func undo(_ state: inout State) -> Effect<Action> {
        guard let undo = state.undo else {
            state.notice = Notice(.info, L("housekeeping.nothing_to_undo"))
            return .none
        }
        state.undo = nil
        let effect = change(to: undo.back, of: undo.unit, asking: false, offersUndo: false, &state)
        if state.notice == nil {
            state.notice = Notice(.info, L("housekeeping.undone", ["number": undo.number,
                                                                   "status": StatusLabels.word(undo.back)]))
        }
        return .merge(.cancel(id: Self.undoID), effect)
    }
}
