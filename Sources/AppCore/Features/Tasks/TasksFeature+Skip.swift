import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Skip: the question of `x` ("Do not disturb" in one key, Enter, on its own line; or a typed
/// reason). Every printable key is the reason's text, so a reason starting with `d` ("dog in
/// room") is never taken for a choice.
extension TasksFeature {
    /// The question of `x`: why skip? "Do not disturb" in one key, or a typed reason.
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

    func skipKey(_ key: Key, _ state: inout State) -> Effect<Action> {
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

    func submitSkip(_ reason: String, _ state: inout State) -> Effect<Action> {
        guard let prompt = state.skip else { return .none }
        state.skip = nil
        return change(prompt.task, to: TaskStatusChange(status: .skipped, reason: reason), &state)
    }
}
