import Catalog
import Foundation
import GuestCraftAPI

/// Sending a report: the checks this device makes first, the draft, each outcome and its
/// sentence, and where an instance's refusal is shown.
extension FaultForm {
    /// Checks the form, then hands the report and its re-encoded photos to the live layer.
    func submit(_ state: inout State) -> Effect<Action> {
        guard !state.sending else { return .none }
        state.problems = Self.checks(state)
        state.notice = nil
        if let first = state.lines.first(where: { state.problems[$0] != nil }) {
            state.focus = first
            state.notice = Notice(.warning, L("fault.not_sent.see_lines"), isBrief: true)
            return .none
        }
        if state.photos.contains(where: { $0.status == .preparing }) {
            state.notice = Notice(.info, L("fault.not_sent.photo_preparing"))
            return .none
        }
        guard let draft = Self.draft(state) else { return .none }
        state.sending = true
        let environment = self.environment
        return .run(id: Self.effectID) { send in send(.submitted(await environment.submit(draft))) }
    }

    /// What this device can tell before sending: a category, a description, and a block's dates
    /// (as `YYYY-MM-DD`, not before the business date, back after the first day) and reason.
    static func checks(_ state: State) -> [Line: Problem] {
        var problems: [Line: Problem] = [:]
        if state.category == nil { problems[.category] = Problem(L("fault.check.category")) }
        if state.description.trimmed.isEmpty { problems[.description] = Problem(L("fault.check.description")) }
        guard state.block != nil else { return problems }
        let from = BusinessDate(state.from.trimmed)
        let to = BusinessDate(state.to.trimmed)
        if from == nil {
            problems[.from] = Problem(L("fault.check.date"))
        } else if let from, let date = state.businessDate, from < date {
            problems[.from] = Problem(L("fault.check.in_past", ["date": date.description]))
        }
        if to == nil {
            problems[.to] = Problem(L("fault.check.date"))
        } else if let from, let to, to <= from {
            problems[.to] = Problem(L("fault.check.back_after"))
        }
        if state.reason.trimmed.isEmpty { problems[.reason] = Problem(L("fault.check.reason")) }
        return problems
    }

    /// The report as the live layer saves it (nil while a check fails): the ready photos only.
    static func draft(_ state: State) -> FaultDraft? {
        guard let category = state.category else { return nil }
        var block: BlockRequest?
        if let kind = state.block {
            guard let from = BusinessDate(state.from.trimmed), let to = BusinessDate(state.to.trimmed) else { return nil }
            block = BlockRequest(kind: kind, from: from, to: to, reason: state.reason.trimmed)
        }
        let ticket = MaintenanceTicketRequest(unitID: state.unit.id, taskID: state.taskID, category: category,
                                              description: state.description.trimmed, priority: state.priority,
                                              block: block)
        let photos = state.grants.takesPhotos ? state.photos.compactMap(\.info) : []
        return FaultDraft(ticket: ticket, number: state.unit.number, photos: photos)
    }

    func submitted(_ result: FaultSubmitResult, _ state: inout State) -> Effect<Action> {
        let number = InertText.sanitize(state.unit.number)
        switch result {
        case .sent(let ticket, let refusedPhotos):
            let notice = Notice(.info, Self.sentSentence(ticket, number: number))
            let overbooked = ticket.block?.overbookedNights ?? []
            let refused = refusedPhotos.map { refusal in
                RefusedPhoto(token: refusal.token,
                             name: state.photos.first { $0.info?.token == refusal.token }?.name ?? "",
                             problem: Problem(Self.photoRefusalSentence(refusal.code), instanceSays: refusal.detail))
            }
            guard overbooked.isEmpty && refused.isEmpty else {
                state.receipt = Receipt(notice: notice, overbooked: overbooked, refused: refused)
                state.notice = nil
                return .send(.delegate(.work(.outboxChanged)))
            }
            return .merge(.send(.delegate(.work(.outboxChanged))), .send(.delegate(.reported(notice))))
        case .saved:
            let notice = Notice(.info, L("fault.saved", ["number": number]))
            return .merge(.send(.delegate(.work(.outboxChanged))), .send(.delegate(.reported(notice))))
        case .refused(let refusal):
            let (line, problem) = Self.place(refusal, in: state)
            state.problems = [line: problem]
            state.focus = line
            state.notice = Notice(.warning, L("fault.not_sent.refused"), isBrief: true)
            return .none
        case .notSaved(let why):
            state.notice = Notice(.error, Self.notSavedSentence(why))
            return .none
        case .sessionEnded:
            return .send(.delegate(.work(.sessionEnded)))
        }
    }

    // MARK: Sentences

    /// "Report sent for room 203." or, with a block, "Room 203 is out of order from … to …".
    static func sentSentence(_ ticket: MaintenanceTicket, number: String) -> String {
        guard let block = ticket.block else { return L("fault.sent", ["number": number]) }
        let from = block.from.description
        let to = block.to.description
        return switch block.kind {
        case .outOfOrder: L("fault.sent.out_of_order", ["number": number, "from": from, "to": to])
        case .outOfService: L("fault.sent.out_of_service", ["number": number, "from": from, "to": to])
        case .unknown: L("fault.sent.blocked", ["number": number, "from": from, "to": to])
        }
    }

    static func notSavedSentence(_ why: FaultNotSaved) -> String {
        switch why {
        case .deviceFull: L("fault.not_saved.device_full")
        case .storage: L("fault.not_saved.storage")
        case .expired: L("fault.not_saved.expired")
        case .unavailable: L("fault.not_saved.unavailable")
        }
    }

    static func photoRefusalSentence(_ code: String?) -> String {
        switch code {
        case "photo.too_large", "request.too_large": L("fault.photo_refused.too_large")
        case "photo.invalid", "request.unsupported_media_type": L("fault.photo_refused.invalid")
        default: L("fault.photo_refused.other")
        }
    }

    /// The line a refusal concerns (the problem's `field`, else what its code is about; the
    /// "Send report" line when it names none the form shows) and its sentence.
    static func place(_ refusal: FaultRefusal, in state: State) -> (Line, Problem) {
        var line: Line = switch refusal.field {
        case "category": .category
        case "description": .description
        case "priority": .priority
        case "block", "block.kind": .block
        case "block.from": .from
        case "block.to": .to
        case "block.reason": .reason
        default:
            switch refusal.code {
            case "block.in_past", "block.overlap": .from
            case "block.assigned_stay": .to
            default: .send
            }
        }
        if !state.lines.contains(line) { line = .send }
        let sentence: String = switch refusal.code {
        case "block.in_past": L("fault.refused.in_past")
        case "block.overlap": L("fault.refused.overlap")
        case "block.assigned_stay": L("fault.refused.assigned_stay")
        case "auth.forbidden" where line == .block: L("fault.refused.block_forbidden")
        case "unit.not_found": L("fault.refused.unit_not_found")
        case "task.not_found": L("fault.refused.task_not_found")
        case "ticket.invalid", "request.invalid", "request.malformed": L("fault.refused.invalid")
        default: refusal.code.flatMap { ErrorText.problem(ProblemCode(rawValue: $0)) } ?? L("fault.refused.other")
        }
        let says = refusal.detail.map { InertText.sanitize($0) }.flatMap { $0.isEmpty ? nil : $0 }
        return (line, Problem(sentence, instanceSays: says))
    }
}
