import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Status changes: shown at once, handed to the outbox, and their answers.
extension HousekeepingFeature {
    func change(to status: HousekeepingStatus, _ state: inout State) -> Effect<Action> {
        guard let focus = state.focus else { return .none }
        return change(to: status, of: focus, &state)
    }

    /// Shows the new status at once and hands it to the outbox with the version the device read.
    /// While a change of the same room is with the outbox, the new one waits for its answer, so
    /// it goes with the version that change created.
    /// With `asking`, a change that would undo the plan (a blocked room, an inspection this role
    /// cannot give back) asks first (`StatusQuestion`); with `offersUndo`, `u` sets it back.
    func change(to status: HousekeepingStatus, of id: UnitID, asking: Bool = true, offersUndo: Bool = true,
                _ state: inout State) -> Effect<Action> {
        guard let entry = state.list.entry(id) else { return .none }
        guard state.mayChangeStatus else {
            // SPEC §5: an action the role cannot take is refused here with its reason; nothing
            // goes to the outbox (the instance would refuse it and it would wait under Review).
            state.notice = Notice(.info, L("housekeeping.role_cannot_change"))
            return .none
        }
        guard status != .inspected || state.mayInspect else {
            state.notice = Notice(.info, L("housekeeping.cannot_inspect"))
            return .none
        }
        let number = InertText.sanitize(entry.unit.number)
        if entry.shown == status && !state.inFlight.contains(id) {
            state.notice = Notice(.info, L("room.already", ["number": number, "status": StatusLabels.word(status)]))
            return .none
        }
        if asking, let question = Self.question(entry, to: status, mayInspect: state.mayInspect) {
            state.notice = nil
            state.question = question
            return .none
        }
        let undo = offersUndo ? offerUndo(entry, &state) : Effect<Action>.none
        state.list.update(id) {
            $0.shown = status
            $0.mark = .sending
        }
        state.notice = nil
        if state.inFlight.contains(id) {
            state.waiting[id] = status
            return undo
        }
        return .merge(undo, submit(status, entry.unit, &state))
    }

    func submit(_ status: HousekeepingStatus, _ unit: RoomUnit, _ state: inout State) -> Effect<Action> {
        state.inFlight.insert(unit.id)
        let environment = self.environment
        let ref = unit.ref
        let version = unit.housekeepingVersion
        return .run { send in
            let outcome = await environment.setStatus(ref, status, version)
            send(.statusChangeFinished(ref.id, status, outcome))
        }
    }

    func statusChangeFinished(_ id: UnitID, _ status: HousekeepingStatus, _ outcome: ChangeOutcome<RoomUnit>,
                                      _ state: inout State) -> Effect<Action> {
        state.inFlight.remove(id)
        guard let entry = state.list.entry(id) else { return .send(.delegate(.outboxChanged)) }
        let number = InertText.sanitize(entry.unit.number)
        let next = state.waiting.removeValue(forKey: id)
        var effects: [Effect<Action>] = [.send(.delegate(.outboxChanged))]
        switch outcome {
        case .sent(let unit):
            state.touched.insert(id)
            state.list.update(id) {
                $0.unit = unit
                $0.changed = false
                if next == nil {
                    $0.shown = unit.housekeepingStatus
                    $0.mark = .none
                }
            }
        case .queued(let waitsForDecision):
            state.pending.queued[id] = status
            state.list.update(id) { $0.mark = waitsForDecision ? .held : .queued }
        case .held(let reason, let code):
            if state.undo?.unit == id { effects.append(dropUndo(&state)) }
            // Back to the instance's status; a later change of this room would wait behind the held one.
            state.pending.held.insert(id)
            state.list.update(id) {
                $0.shown = $0.unit.housekeepingStatus
                $0.mark = .held
            }
            let notice = Notice(.warning, HeldSentences.sentence(.room, number: number, reason: reason, code: code,
                                                                 owner: environment.owner))
            state.notice = notice
            state.heldNotice = HeldNotice(subject: id, notice: notice)
            effects.append(read(&state))
            if next != nil { return .merge(effects) }
        case .expired:
            if state.undo?.unit == id { effects.append(dropUndo(&state)) }
            state.list.update(id) {
                $0.shown = $0.unit.housekeepingStatus
                $0.mark = .none
            }
            state.notice = Notice(.error, L("room.change_expired", ["number": number]))
            return .merge(effects)
        case .failed:
            if state.undo?.unit == id { effects.append(dropUndo(&state)) }
            let mark: RoomMark = state.pending.held.contains(id) ? .held : .none
            state.list.update(id) {
                $0.shown = $0.unit.housekeepingStatus
                $0.mark = mark
            }
            state.notice = Notice(.error, L("room.change_not_saved", ["number": number]))
            return .merge(effects)
        }
        if let next, let current = state.list.entry(id) {
            effects.append(submit(next, current.unit, &state))
        }
        return .merge(effects)
    }
}
