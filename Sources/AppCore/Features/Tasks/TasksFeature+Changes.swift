import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Status and note changes through the outbox, the 10-second Undo, and their answers.
extension TasksFeature {
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

    /// Shows the change at once and hands it to the outbox with the task's version as this
    /// device knows it (each change waiting advances it by one), and offers Undo for 10 seconds.
    func change(_ id: TaskID, to change: TaskStatusChange, offerUndo: Bool = true,
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
        if change.status == .done, let offer = offer(after: before) {
            state.roomOffer = offer
            state.notice = Notice(.info, L("tasks.room_offer", ["key": offer.key, "number": InertText.sanitize(offer.unit.number),
                                                               "status": StatusLabels.word(offer.status)]))
        } else if state.roomOffer?.task == id {
            state.roomOffer = nil
        }
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

    func changeNote(_ id: TaskID, to note: String?, _ state: inout State) -> Effect<Action> {
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

    func undo(_ state: inout State) -> Effect<Action> {
        guard let undo = state.undo else { return .none }
        state.undo = nil
        let effect = change(undo.task, to: undo.inverse, offerUndo: false, &state)
        return .merge(.cancel(id: Self.undoID), effect)
    }

    func undoTimer() -> Effect<Action> {
        let clock = environment.clock
        return .run(id: Self.undoID, cancelInFlight: true) { send in
            for _ in 0..<Self.undoSeconds {
                try await clock.sleep(.seconds(1))
                send(.undoTick)
            }
        }
    }

    func changeFinished(_ id: TaskID, _ outcome: ChangeOutcome<HousekeepingTask>,
                                _ state: inout State) -> Effect<Action> {
        let left = max(0, (state.inFlight[id] ?? 1) - 1)
        state.inFlight[id] = left == 0 ? nil : left
        guard let entry = state.entry(id) else { return .send(.delegate(.outboxChanged)) }
        let number = InertText.sanitize(entry.task.unit.number)
        var effects: [Effect<Action>] = [.send(.delegate(.outboxChanged))]
        switch outcome {
        case .sent(let task):
            state.touched.insert(id)
            state.update(id) {
                $0.task = task
                $0.changed = false
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
            if state.roomOffer?.task == id { state.roomOffer = nil }
            let notice = Notice(.warning, HeldSentences.sentence(.task, number: number, reason: reason, code: code,
                                                                 owner: environment.owner))
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
            if state.roomOffer?.task == id { state.roomOffer = nil }
            state.notice = Notice(.error, outcome == .expired ? L("task.change_expired", ["number": number])
                                                              : L("task.change_not_saved", ["number": number]))
        }
        return .merge(effects)
    }

}
