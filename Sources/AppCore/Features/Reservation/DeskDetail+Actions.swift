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
            // The instance undoes only the business date's check-ins; one made on arrival is taken
            // as made on the stay's first day (the contract's Stay has no business date of its own).
            if stay.status == .checkedIn, let businessDate, stay.checkInDate != businessDate {
                return L("desk.reason.checked_in_earlier")
            }
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
        case .character("t") where page.retry != nil: return tryAgain(&state)
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
        case .checkedIn:
            // Only on the departure day (or after): Enter after a check-in must not start a check-out.
            guard let early = Self.nightsEarly(stay, businessDate: state.businessDate), early <= 0 else {
                state.notice = Notice(.info, L("desk.in_house_until", ["number": Self.number(stay),
                                                                         "date": stay.checkOutDate.description]))
                return .none
            }
            return act(.checkOut, &state)
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
            return readUnitCheck(stay)
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

    /// Reads what the check-in checks need of the stay's room: its status and who is still in it.
    func readUnitCheck(_ stay: Stay) -> Effect<Action> {
        guard let unit = stay.unit else { return .send(.unitChecked(stay.id, UnitCheck())) }
        let environment = self.environment
        return .run(id: Self.sideReadID, cancelInFlight: true) { send in
            send(.unitChecked(stay.id, await environment.unitCheck(unit.id, stay.id)))
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
            case .character("s"):
                guard let occupant = checks.occupant else { return .none }
                page.mode = nil
                state.reservationPage = page
                state.notice = nil
                state.stack.append(.reservation(ReservationPage(id: occupant.reservation.id, code: occupant.reservation.code)))
                return .merge(.cancel(id: Self.sideReadID), readTop(&state, loadSaved: true))
            case .enter, .character("c"):
                guard let stay = page.stay(checks.stay) else { return .none }
                if let occupant = checks.occupant {
                    state.notice = Notice(.warning, Self.occupiedSentence(stay, occupant) + " " + L("desk.nothing_sent"))
                    return .none
                }
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

    /// The nights a check-out on the business date gives up (0 on the departure day and after),
    /// nil when the business date is not known here.
    static func nightsEarly(_ stay: Stay, businessDate: BusinessDate?) -> Int? {
        businessDate.map { max(0, $0.days(until: stay.checkOutDate)) }
    }

    /// "Room 116 is still occupied: GC-2050 (Ben Costa) has not checked out."
    static func occupiedSentence(_ stay: Stay, _ occupant: UnitOccupant) -> String {
        L("desk.check.occupied", ["number": Self.number(stay), "code": InertText.sanitize(occupant.reservation.code),
                                   "name": InertText.sanitize(occupant.guestName)])
    }

    static func number(_ stay: Stay) -> String {
        InertText.sanitize(stay.unit?.number ?? stay.roomType.name)
    }
}
