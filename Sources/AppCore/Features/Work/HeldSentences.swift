import Catalog
import ClientModel
import GuestCraftAPI

/// Why a change waits for the person's decision, written once and looked up by the kind of
/// change, the reason it was held and the instance's problem code: on the work screen that made
/// it (a room, a task) and in Account's Review.
enum HeldSentences {
    /// What the held change was of.
    enum Kind: Sendable, Equatable {
        case room
        case task
    }

    /// The sentence on the screen that made the change; `number` is the room's (inert). With
    /// several accounts on the device, `owner` names whose change it was.
    static func sentence(_ kind: Kind, number: String, reason: HoldReason, code: String?, owner: String? = nil) -> String {
        let sentence = held(kind, number: number, reason: reason, code: code)
        return owner.map { sentence + " " + L("held.owner", ["owner": $0]) } ?? sentence
    }

    private static func held(_ kind: Kind, number: String, reason: HoldReason, code: String?) -> String {
        switch (kind, reason, code) {
        case (.room, .conflict, _): return L("room.held.conflict", ["number": number])
        case (.room, .refused, "unit.status_invalid"): return L("room.held.status_invalid", ["number": number])
        case (.room, .refused, "auth.forbidden"): return L("room.held.forbidden", ["number": number])
        case (.room, .refused, _): return L("room.held.refused", ["number": number])
        case (.task, .conflict, "task.transition_invalid"): return L("task.held.transition", ["number": number])
        case (.task, .conflict, _): return L("task.held.conflict", ["number": number])
        case (.task, .refused, "auth.forbidden"): return L("task.held.forbidden", ["number": number])
        case (.task, .refused, _): return L("task.held.refused", ["number": number])
        }
    }

    /// The sentence under a held change in Review: the catalog's for its problem code, else by
    /// its reason.
    static func review(_ hold: PendingChange.Hold) -> String {
        if let code = hold.code, let sentence = ErrorText.problem(ProblemCode(rawValue: code)) { return sentence }
        switch hold.reason {
        case .conflict: return L("account.held_conflict")
        case .refused: return L("account.held_refused")
        }
    }
}
