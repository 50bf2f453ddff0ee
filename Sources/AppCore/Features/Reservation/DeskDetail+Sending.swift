import Catalog
import Foundation
import GuestCraftAPI

/// Sending a desk action and what its answer means: the attempt, its outcome on the page and
/// the sentences of done, not done and refused.
extension DeskDetail {
    /// Sends `request` on `stay` with the reservation's version. The attempt after a lost answer
    /// that the reservation did not show done reuses that attempt's key
    /// (docs/decisions/0040-a-lost-answer-is-read-not-guessed.md).
    func send(_ request: DeskRequest, stay: Stay, number: String? = nil, _ state: inout State) -> Effect<Action> {
        guard var page = state.reservationPage, let reservation = page.reservation else { return .none }
        let reuse = page.retry.flatMap { $0.stay == stay.id && $0.request == request ? $0.idempotencyKey : nil }
        let pending = DeskAttempt(stay: stay.id, number: number ?? stay.unit?.number, request: request)
        page.sending = pending
        page.mode = nil
        state.reservationPage = page
        state.notice = Notice(.info, L("desk.sending"))
        state.said = nil
        let environment = self.environment
        let (id, version) = (reservation.id, reservation.etag)
        return .merge(.cancel(id: Self.lostReadID), .run(id: Self.actionID) { send in
            var attempt = pending
            attempt.idempotencyKey = reuse ?? environment.newIdempotencyKey()
            let result = await environment.perform(id, stay.id, request, version, attempt.idempotencyKey)
            send(.actionFinished(id, attempt, result))
        })
    }

    /// `t`: the attempt whose answer was lost, sent again with its key (the instance does it once).
    func tryAgain(_ state: inout State) -> Effect<Action> {
        guard let page = state.reservationPage, let attempt = page.retry, page.sending == nil,
              let stay = page.stay(attempt.stay) else { return .none }
        return send(attempt.request, stay: stay, number: attempt.number, &state)
    }

    func reduceActions(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .availableRead(let stay, let result):
            guard var page = state.reservationPage, case .assign(var choice) = page.mode, choice.stay == stay
            else { return .none }
            switch result {
            case .fresh(let available, _):
                choice.units = Self.readyFirst(available.units)
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

        case .unitChecked(let stay, let check):
            guard var page = state.reservationPage, case .checkIn(var checks) = page.mode, checks.stay == stay
            else { return .none }
            checks.unitStatus = check.status
            checks.statusRead = true
            checks.occupied = check.occupied
            checks.occupant = check.occupant
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

        case .lostAnswerRead(let id, _, let result):
            // Lands like any read: one that shows the attempt done says so (`land`); one that
            // does not leaves "No answer yet" up — the instance may still do it.
            guard var page = state.reservationPage, page.id == id else { return .none }
            let effect = land(result, on: &page, &state)
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
            state.unknownOutcome = nil
            state.said = SaidDone(attempt: attempt, version: reservation.version)
            state.notice = Notice(.info, L("desk.done", ["what": Self.done(attempt)]))
            if page.freshness != .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            return .merge(online, readAgain)
        case .refused(let status, let code):
            page.retry = code == "idempotency.in_progress" ? attempt : nil
            if page.retry == nil { state.unknownOutcome = nil }
            if page.freshness != .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            if status == 412 {
                page.conflictSince = page.reservation
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
            case "check_in.unit_occupied":
                // The checks again, with who is in the room and the key to open their reservation.
                if let stay {
                    page.mode = .checkIn(CheckInChecks(stay: stay.id))
                    state.notice = Notice(.warning, L("desk.refused.occupied", ["number": Self.number(stay)]))
                    return .merge(online, readAgain, readUnitCheck(stay))
                }
                state.notice = Notice(.warning, Self.refusal(code, attempt))
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
            // Not known yet: never "not done" while the instance may still do it. Try again (`t`)
            // resends the same key; the reservation is read at once and again a few times.
            page.retry = attempt
            state.notice = nil
            state.unknownOutcome = Notice(.warning, L("desk.lost.pending", ["what": Self.ofAction(attempt)]))
            let environment = self.environment
            let balance = mayReadFolio
            // Under an id of its own: a refresh meanwhile (the connection back) must not cancel
            // the reads that say what became of the action; sending again does.
            return .run(id: Self.lostReadID, cancelInFlight: true) { send in
                for delay in [Duration.zero] + Self.lostAnswerRereads {
                    if delay > .zero { try await environment.sleep(delay) }
                    let result = await environment.fetchReservation(id)
                    send(.lostAnswerRead(id, attempt, result))
                    if let connection = result.connection { send(.delegate(.work(.connection(connection)))) }
                    guard case .fresh(let reservation, _) = result else { continue }
                    if balance { send(.balanceRead(id, await environment.fetchBalance(id))) }
                    if reservation.rooms.first(where: { $0.id == attempt.stay }).map({ Self.shows(attempt.request, done: $0) })
                        ?? true { return }
                }
            }
        case .notSent:
            state.notice = Notice(.warning, L("desk.not_sent"))
            page.freshness = .offline(lastUpdated: page.lastUpdated)
            return .merge(.send(.delegate(.work(.connection(.offline)))), readAgain)
        case .sessionEnded:
            return .send(.delegate(.work(.sessionEnded)))
        }
    }

    /// "Room 104 changed meanwhile (now checked in)…": the room of `after` whose status or unit
    /// differs from `before`'s, nil when none does (another member of the reservation changed).
    static func changedRoomSentence(before: Reservation, after: Reservation) -> String? {
        let old = Dictionary(before.rooms.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        guard let changed = after.rooms.first(where: { room in
            old[room.id].map { $0.status != room.status || $0.unit != room.unit } ?? true
        }) else { return nil }
        return L("desk.changed_room", ["number": number(changed), "status": DeskLabels.word(changed.status)])
    }

    /// The free rooms in the order a clerk picks them: ready (vacant, clean or inspected) first,
    /// then the ones still to clean, then the ones a guest is still in; by number within each.
    public static func readyFirst(_ units: [AvailableUnit]) -> [AvailableUnit] {
        func rank(_ unit: AvailableUnit) -> Int { unit.isReady ? 0 : (unit.isOccupied ? 2 : 1) }
        return units.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
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

    /// "the check-in of room 116", for the sentences of an outcome not known yet.
    static func ofAction(_ attempt: DeskAttempt) -> String {
        let number = InertText.sanitize(attempt.number ?? "—")
        return switch attempt.request {
        case .assign: L("desk.of.assign", ["number": number])
        case .unassign: L("desk.of.unassign", ["number": number])
        case .checkIn: L("desk.of.check_in", ["number": number])
        case .checkOut: L("desk.of.check_out", ["number": number])
        case .undoCheckIn: L("desk.of.undo_check_in", ["number": number])
        case .undoCheckOut: L("desk.of.undo_check_out", ["number": number])
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
