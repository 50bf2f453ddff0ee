import Catalog
import Foundation
import GuestCraftAPI

/// The desk's actions on the focused room of a reservation: when each is allowed, their steps
/// (the free rooms, the check-in checks, the check-out quote, a reason), sending and outcomes.
extension DeskDetail {
    /// The action letters of the reservation screen (KeyMap's for Today and Search).
    public enum DeskKey: Character, CaseIterable, Sendable {
        case assign = "a", unassign = "u", checkIn = "c", checkOut = "o", undo = "z", guest = "g"

        var name: String {
            switch self {
            case .assign: L("desk.action.assign")
            case .unassign: L("desk.action.unassign")
            case .checkIn: L("desk.action.check_in")
            case .checkOut: L("desk.action.check_out")
            case .undo: L("desk.action.undo")
            case .guest: L("desk.action.guest")
            }
        }
    }

    /// Why `key` cannot be used on the focused room now (a short reason for the hint line), nil
    /// when it can. The instance checks again; this only spares a request that would be refused.
    public static func blocked(_ key: DeskKey, _ page: ReservationPage, businessDate: BusinessDate?,
                               grants environment: DeskGrants) -> String? {
        guard let reservation = page.reservation else { return L("desk.reason.not_read") }
        if key == .guest {
            return environment.allows(.guestsRead) ? nil : L("desk.reason.not_your_role")
        }
        guard let stay = page.focusedStay else { return L("desk.reason.no_rooms") }
        if !environment.has(.frontDesk) { return L("desk.reason.no_front_desk") }
        if !environment.allows(.reservationsModify) { return L("desk.reason.not_your_role") }
        if case .offline = page.freshness { return L("desk.reason.offline") }
        if page.sending != nil { return L("desk.reason.sending") }
        switch key {
        case .assign:
            if !environment.allows(.inventoryRead) { return L("desk.reason.cannot_list_rooms") }
            if stay.status != .reserved { return L("desk.reason.not_reserved") }
        case .unassign:
            if stay.status != .reserved { return L("desk.reason.not_reserved") }
            if stay.unit == nil { return L("desk.reason.no_room") }
        case .checkIn:
            if stay.status == .checkedIn { return L("desk.reason.already_in") }
            if stay.status != .reserved { return L("desk.reason.not_reserved") }
            if reservation.status != .confirmed, reservation.status != .checkedIn { return L("desk.reason.not_confirmed") }
            if let date = businessDate {
                if date < stay.checkInDate { return L("desk.reason.arrives", ["date": stay.checkInDate.description]) }
                if date >= stay.checkOutDate { return L("desk.reason.stay_over") }
            }
            if stay.unit == nil { return L("desk.reason.assign_first") }
        case .checkOut:
            if stay.status != .checkedIn { return L("desk.reason.not_in") }
        case .undo:
            if stay.status != .checkedIn, stay.status != .checkedOut { return L("desk.reason.nothing_to_undo") }
        case .guest:
            break
        }
        return nil
    }

    // MARK: Keys of the reservation screen

    func reservationKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard var page = state.reservationPage else { return .none }
        if let mode = page.mode { return modeKey(key, mode, &state) }
        if page.sending != nil {
            switch key {
            case .escape, .backspace, .left, .enter, .character("r"):
                state.notice = Notice(.info, L("desk.wait_for_answer"))
                return .none
            default:
                break
            }
        }
        let last = max(0, (page.reservation?.rooms.count ?? 0) - 1)
        switch key {
        case .up, .character("k"): page.focus = max(0, page.focus - 1)
        case .down, .character("j"): page.focus = min(last, page.focus + 1)
        case .home: page.focus = 0
        case .end: page.focus = last
        case .escape, .backspace, .left: return back(&state)
        case .character("r"): return readTop(&state, loadSaved: false)
        case .enter: return obvious(&state)
        case .character(let c):
            guard let deskKey = DeskKey(rawValue: c) else { return .none }
            return act(deskKey, &state)
        default: return .none
        }
        state.reservationPage = page
        return .none
    }

    /// Enter on a room: its next step — assign a room without one, check in a room that is
    /// waiting, check out a room in house. Each still shows its list or confirmation first.
    func obvious(_ state: inout State) -> Effect<Action> {
        guard let page = state.reservationPage, let stay = page.focusedStay else { return .none }
        switch stay.status {
        case .reserved: return act(stay.unit == nil ? .assign : .checkIn, &state)
        case .checkedIn: return act(.checkOut, &state)
        default:
            state.notice = Notice(.info, L("desk.nothing_to_do"))
            return .none
        }
    }

    func act(_ key: DeskKey, _ state: inout State) -> Effect<Action> {
        guard var page = state.reservationPage else { return .none }
        if let reason = Self.blocked(key, page, businessDate: state.businessDate, grants: environment.grants) {
            state.notice = Notice(.info, L("desk.disabled", ["action": key.name, "reason": reason]))
            return .none
        }
        guard let reservation = page.reservation else { return .none }
        if key == .guest {
            state.notice = nil
            state.stack.append(.guest(GuestPage(id: reservation.guest.id, name: reservation.guest.name)))
            return readTop(&state, loadSaved: true)
        }
        guard let stay = page.focusedStay else { return .none }
        let environment = self.environment
        state.notice = nil
        switch key {
        case .assign:
            page.mode = .assign(AssignChoice(stay: stay.id))
            state.reservationPage = page
            return .run(id: Self.sideReadID, cancelInFlight: true) { send in
                send(.availableRead(stay.id, await environment.availableUnits(stay.roomType.id, stay.checkInDate,
                                                                              stay.checkOutDate)))
            }
        case .unassign:
            page.mode = .confirm(Confirmation(stay: stay.id, request: .unassign))
            state.reservationPage = page
            return .none
        case .checkIn:
            page.mode = .checkIn(CheckInChecks(stay: stay.id))
            state.reservationPage = page
            guard let unit = stay.unit, environment.allows(.inventoryRead) else {
                page.mode = .checkIn(CheckInChecks(stay: stay.id, statusRead: true))
                state.reservationPage = page
                return .none
            }
            return .run(id: Self.sideReadID, cancelInFlight: true) { send in
                send(.unitStatusLoaded(stay.id, await environment.unitStatus(unit.id)))
            }
        case .checkOut:
            guard mayReadFolio else {
                page.mode = .checkOut(CheckOutQuote(stay: stay.id, freshness: .current,
                                                    unavailable: L("reservation.quote_not_your_role")))
                state.reservationPage = page
                return .none
            }
            page.mode = .checkOut(CheckOutQuote(stay: stay.id))
            state.reservationPage = page
            let id = reservation.id
            return .run(id: Self.sideReadID, cancelInFlight: true) { send in
                send(.quoteRead(stay.id, await environment.fetchQuote(id, stay.id)))
            }
        case .undo:
            page.mode = .confirm(Confirmation(stay: stay.id, request: stay.status == .checkedOut ? .undoCheckOut : .undoCheckIn))
            state.reservationPage = page
            return .none
        case .guest:
            return .none
        }
    }

    // MARK: The steps of an action

    func modeKey(_ key: Key, _ mode: Mode, _ state: inout State) -> Effect<Action> {
        guard var page = state.reservationPage else { return .none }
        switch mode {
        case .reason(var prompt):
            switch key {
            case .escape:
                page.mode = nil
                state.reservationPage = page
                state.notice = Notice(.info, L("desk.reason.cancelled"))
            case .enter:
                return submitReason(&state)
            default:
                _ = prompt.text.apply(key)
                page.mode = .reason(prompt)
                state.reservationPage = page
            }
            return .none

        case .confirm(let confirmation):
            switch key {
            case .enter:
                guard let stay = page.stay(confirmation.stay) else { return .none }
                return send(confirmation.request, stay: stay, &state)
            case .escape, .backspace, .left:
                page.mode = nil
                state.reservationPage = page
            default:
                break
            }
            return .none

        case .assign(var choice):
            let last = max(0, (choice.units?.count ?? 0) - 1)
            switch key {
            case .up, .character("k"): choice.focus = max(0, choice.focus - 1)
            case .down, .character("j"): choice.focus = min(last, choice.focus + 1)
            case .home: choice.focus = 0
            case .end: choice.focus = last
            case .escape, .backspace, .left:
                page.mode = nil
                state.reservationPage = page
                return .cancel(id: Self.sideReadID)
            case .character("r"):
                page.mode = .assign(AssignChoice(stay: choice.stay))
                state.reservationPage = page
                return act(.assign, &state)
            case .enter:
                guard let units = choice.units, units.indices.contains(choice.focus),
                      let stay = page.stay(choice.stay) else { return .none }
                let unit = units[choice.focus]
                return send(.assign(unit.id), stay: stay, number: unit.number, &state)
            default:
                return .none
            }
            page.mode = .assign(choice)
            state.reservationPage = page
            return .none

        case .checkIn(let checks):
            switch key {
            case .escape, .backspace, .left:
                page.mode = nil
                state.reservationPage = page
                return .cancel(id: Self.sideReadID)
            case .enter, .character("c"):
                guard let stay = page.stay(checks.stay) else { return .none }
                if let status = checks.unitStatus, !Self.isReady(status) {
                    return needsOverride(stay, &state)
                }
                return send(.checkIn(overrideReason: nil), stay: stay, &state)
            default:
                return .none
            }

        case .checkOut(let quote):
            switch key {
            case .escape, .backspace, .left:
                page.mode = nil
                state.reservationPage = page
                return .cancel(id: Self.sideReadID)
            case .enter, .character("o"):
                guard let stay = page.stay(quote.stay) else { return .none }
                if let owed = quote.quote, owed.needsApproval {
                    return needsApproval(stay, amount: DeskMoney.format(owed.remainingBalanceMinor, owed.currency), &state)
                }
                return send(.checkOut(approvalReason: nil), stay: stay, &state)
            default:
                return .none
            }
        }
    }

    static func isReady(_ status: HousekeepingStatus) -> Bool { status == .clean || status == .inspected }

    /// A room that is not ready: the reason field for a role with the override, else who can.
    func needsOverride(_ stay: Stay, _ state: inout State) -> Effect<Action> {
        let number = Self.number(stay)
        if environment.allows(.staysOverrideReadiness) {
            state.reservationPage?.mode = .reason(ReasonPrompt(stay: stay.id, purpose: .overrideReadiness))
            state.notice = Notice(.info, L("desk.override.why", ["number": number]))
        } else {
            state.reservationPage?.mode = nil
            state.notice = Notice(.warning, L("desk.override.who_can", ["number": number]))
        }
        return .none
    }

    /// The last room leaving with money owed: the reason field for a role with the approval,
    /// else who can.
    func needsApproval(_ stay: Stay, amount: String?, _ state: inout State) -> Effect<Action> {
        if environment.allows(.foliosApproveOpenBalance) {
            state.reservationPage?.mode = .reason(ReasonPrompt(stay: stay.id, purpose: .approveOpenBalance))
            state.notice = Notice(.info, amount.map { L("desk.approval.why", ["amount": $0]) } ?? L("desk.approval.why_unknown"))
        } else {
            state.reservationPage?.mode = nil
            state.notice = Notice(.warning, amount.map { L("desk.approval.who_can", ["amount": $0]) }
                                  ?? L("desk.approval.who_can_unknown"))
        }
        return .none
    }

    func submitReason(_ state: inout State) -> Effect<Action> {
        guard let page = state.reservationPage, case .reason(let prompt) = page.mode,
              let stay = page.stay(prompt.stay) else { return .none }
        let reason = prompt.text.trimmed
        guard !reason.isEmpty else {
            state.notice = Notice(.info, L("desk.reason.needed"))
            return .none
        }
        switch prompt.purpose {
        case .overrideReadiness: return send(.checkIn(overrideReason: reason), stay: stay, &state)
        case .approveOpenBalance: return send(.checkOut(approvalReason: reason), stay: stay, &state)
        }
    }

    static func number(_ stay: Stay) -> String {
        InertText.sanitize(stay.unit?.number ?? stay.roomType.name)
    }

    // MARK: Sending

    /// Sends `request` on `stay` with the reservation's version. The attempt after a lost answer
    /// that the reservation did not show done reuses that attempt's key (docs/decisions.md).
    func send(_ request: DeskRequest, stay: Stay, number: String? = nil, _ state: inout State) -> Effect<Action> {
        guard var page = state.reservationPage, let reservation = page.reservation else { return .none }
        let reuse = page.retry.flatMap { $0.stay == stay.id && $0.request == request ? $0.idempotencyKey : nil }
        let pending = DeskAttempt(stay: stay.id, number: number ?? stay.unit?.number, request: request)
        page.sending = pending
        page.mode = nil
        state.reservationPage = page
        state.notice = Notice(.info, L("desk.sending"))
        let environment = self.environment
        let (id, version) = (reservation.id, reservation.etag)
        return .run(id: Self.actionID) { send in
            var attempt = pending
            attempt.idempotencyKey = reuse ?? environment.newIdempotencyKey()
            let result = await environment.perform(id, stay.id, request, version, attempt.idempotencyKey)
            send(.actionFinished(id, attempt, result))
        }
    }

    func reduceActions(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .availableRead(let stay, let result):
            guard var page = state.reservationPage, case .assign(var choice) = page.mode, choice.stay == stay
            else { return .none }
            switch result {
            case .fresh(let available, _):
                choice.units = available.units
                choice.focus = 0
                choice.failure = nil
            case .offline: choice.failure = L("desk.assign.offline")
            case .forbidden: choice.failure = L("desk.reason.cannot_list_rooms")
            case .sessionEnded: return .send(.delegate(.work(.sessionEnded)))
            case .failed(let code): choice.failure = ErrorText.readFailure(problemCode: code)
            }
            page.mode = .assign(choice)
            state.reservationPage = page
            return result.connection.map { .send(.delegate(.work(.connection($0)))) } ?? .none

        case .unitStatusLoaded(let stay, let status):
            guard var page = state.reservationPage, case .checkIn(var checks) = page.mode, checks.stay == stay
            else { return .none }
            checks.unitStatus = status
            checks.statusRead = true
            page.mode = .checkIn(checks)
            state.reservationPage = page
            return .none

        case .quoteRead(let stay, let result):
            guard var page = state.reservationPage, case .checkOut(var quote) = page.mode, quote.stay == stay
            else { return .none }
            switch result {
            case .fresh(let value, let at):
                quote.quote = value
                quote.updated = environment.formatTime(at)
                quote.freshness = .current
            case .offline: quote.freshness = .offline(lastUpdated: nil)
            case .forbidden:
                quote.freshness = .current
                quote.unavailable = L("reservation.quote_not_your_role")
            case .sessionEnded: return .send(.delegate(.work(.sessionEnded)))
            case .failed(let code):
                quote.freshness = .current
                quote.unavailable = ErrorText.readFailure(problemCode: code)
            }
            page.mode = .checkOut(quote)
            state.reservationPage = page
            return .none

        case .actionFinished(let id, let attempt, let result):
            guard var page = state.reservationPage, page.id == id else { return .none }
            page.sending = nil
            let effect = finished(attempt, result, &page, &state)
            state.reservationPage = page
            return effect

        case .lostAnswerRead(let id, let attempt, let result):
            guard var page = state.reservationPage, page.id == id else { return .none }
            let effect = land(result, on: &page, &state)
            if case .fresh(let reservation, _) = result {
                let done = reservation.rooms.first { $0.id == attempt.stay }.map { Self.shows(attempt.request, done: $0) } ?? false
                if done {
                    state.notice = Notice(.info, L("desk.lost.done", ["what": Self.done(attempt)]))
                    page.retry = nil
                } else {
                    state.notice = Notice(.warning, L("desk.lost.not_done", ["what": Self.notDone(attempt)]))
                    page.retry = attempt
                }
                state.unknownOutcome = nil
                state.unknownOutcomeSeen = false
                state.reservationPage = page
                return effect
            }
            if case .sessionEnded = result {
                state.reservationPage = page
                return effect
            }
            state.notice = nil
            state.unknownOutcome = Notice(.error, L("desk.lost.unknown"))
            state.unknownOutcomeSeen = false
            page.retry = attempt
            state.reservationPage = page
            return effect

        default:
            return .none
        }
    }

    /// What an action's answer does: the new reservation, a sentence, the reservation read again.
    func finished(_ attempt: DeskAttempt, _ result: DeskActionResult, _ page: inout ReservationPage,
                  _ state: inout State) -> Effect<Action> {
        let id = page.id
        let readAgain = readReservation(id, loadSaved: false)
        let online = Effect<Action>.send(.delegate(.work(.connection(.online))))
        switch result {
        case .done(let reservation):
            show(reservation, on: &page)
            page.retry = nil
            state.notice = Notice(.info, L("desk.done", ["what": Self.done(attempt)]))
            if page.freshness != .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            return .merge(online, readAgain)
        case .refused(let status, let code):
            page.retry = code == "idempotency.in_progress" ? attempt : nil
            if page.freshness != .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            if status == 412 {
                state.notice = Notice(.warning, L("desk.changed_meanwhile"))
                return .merge(online, readAgain)
            }
            let stay = page.stay(attempt.stay)
            switch code {
            case "check_in.unit_not_ready":
                if let stay {
                    state.reservationPage = page
                    _ = needsOverride(stay, &state)
                    page.mode = state.reservationPage?.mode
                }
            case "folio.open_balance":
                if let stay {
                    state.reservationPage = page
                    _ = needsApproval(stay, amount: nil, &state)
                    page.mode = state.reservationPage?.mode
                }
            default:
                state.notice = Notice(.warning, Self.refusal(code, attempt))
            }
            return .merge(online, readAgain)
        case .noAnswer:
            state.notice = Notice(.info, L("desk.lost.checking"))
            let environment = self.environment
            let balance = mayReadFolio
            // Under the action's id: a refresh meanwhile (the connection back) must not cancel the
            // read that says what became of the action.
            return .run(id: Self.actionID) { send in
                let result = await environment.fetchReservation(id)
                send(.lostAnswerRead(id, attempt, result))
                if let connection = result.connection { send(.delegate(.work(.connection(connection)))) }
                if balance, case .fresh = result { send(.balanceRead(id, await environment.fetchBalance(id))) }
            }
        case .notSent:
            state.notice = Notice(.warning, L("desk.not_sent"))
            page.freshness = .offline(lastUpdated: page.lastUpdated)
            return .merge(.send(.delegate(.work(.connection(.offline)))), readAgain)
        case .sessionEnded:
            return .send(.delegate(.work(.sessionEnded)))
        }
    }

    /// Whether the stay shows `request` done.
    static func shows(_ request: DeskRequest, done stay: Stay) -> Bool {
        switch request {
        case .assign(let unit): stay.unit?.id == unit
        case .unassign: stay.unit == nil
        case .checkIn: stay.status == .checkedIn
        case .checkOut: stay.status == .checkedOut
        case .undoCheckIn: stay.status == .reserved
        case .undoCheckOut: stay.status == .checkedIn
        }
    }

    static func done(_ attempt: DeskAttempt) -> String {
        let number = InertText.sanitize(attempt.number ?? "—")
        return switch attempt.request {
        case .assign: L("desk.what.assign", ["number": number])
        case .unassign: L("desk.what.unassign", ["number": number])
        case .checkIn: L("desk.what.check_in", ["number": number])
        case .checkOut: L("desk.what.check_out", ["number": number])
        case .undoCheckIn: L("desk.what.undo_check_in", ["number": number])
        case .undoCheckOut: L("desk.what.undo_check_out", ["number": number])
        }
    }

    static func notDone(_ attempt: DeskAttempt) -> String {
        let number = InertText.sanitize(attempt.number ?? "—")
        return switch attempt.request {
        case .assign: L("desk.not.assign", ["number": number])
        case .unassign: L("desk.not.unassign", ["number": number])
        case .checkIn: L("desk.not.check_in", ["number": number])
        case .checkOut: L("desk.not.check_out", ["number": number])
        case .undoCheckIn: L("desk.not.undo_check_in", ["number": number])
        case .undoCheckOut: L("desk.not.undo_check_out", ["number": number])
        }
    }

    /// The sentence of a refusal, by its problem code.
    static func refusal(_ code: String?, _ attempt: DeskAttempt) -> String {
        let number = InertText.sanitize(attempt.number ?? "—")
        switch code {
        case "assignment.unit_unavailable": return L("desk.refused.unit_unavailable", ["number": number])
        case "assignment.stay_not_reserved": return L("desk.refused.stay_not_reserved")
        case "check_in.not_confirmed": return L("desk.refused.not_confirmed")
        case "check_in.outside_stay": return L("desk.refused.outside_stay")
        case "check_in.no_unit": return L("desk.refused.no_unit")
        case "check_out.not_checked_in": return L("desk.refused.not_checked_in")
        case "undo.not_business_date": return L("desk.refused.not_business_date")
        case "undo.not_applicable": return L("desk.refused.not_applicable")
        case "auth.forbidden": return L("desk.refused.forbidden")
        case "idempotency.in_progress": return L("desk.refused.in_progress")
        case "reservation.not_found", "stay.not_found": return L("reservation.gone")
        default:
            return code.flatMap { ErrorText.problem(ProblemCode(rawValue: $0)) } ?? L("desk.refused.other")
        }
    }
}

/// Money as people read it: the currency and the amount in its minor units ("EUR 121.50").
enum DeskMoney {
    /// The digits after the decimal point of ISO 4217 currencies that do not have two.
    static let minorDigits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
        "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]

    static func format(_ minor: Int, _ currency: String) -> String {
        let code = InertText.sanitize(currency)
        let digits = minorDigits[code.uppercased()] ?? 2
        let magnitude = minor.magnitude
        var scale: UInt = 1
        for _ in 0..<digits { scale *= 10 }
        let whole = magnitude / scale
        let fraction = magnitude % scale
        var amount = String(whole)
        if digits > 0 {
            let text = String(fraction)
            amount += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return code + " " + (minor < 0 ? "-" : "") + amount
    }
}
