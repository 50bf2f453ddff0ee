import Catalog
import GuestCraftAPI

extension DeskDetail {
    /// What the top screen shows; the host adds the header and the tab bar.
    public static func content(_ state: State, badge: OutboxBadge) -> ScreenBody {
        DeskDetailView.content(state, badge: badge)
    }
}

/// The reservation, guest and lookup screens of a desk detail, and the steps of an action.
enum DeskDetailView {
    static func roomRowID(_ id: StayID) -> RowID { RowID("desk.room." + id.rawValue) }
    static func unitRowID(_ id: UnitID) -> RowID { RowID("desk.unit." + id.rawValue) }
    static func stayRowID(_ stay: GuestStay) -> RowID { RowID("desk.stay." + stay.stayID.rawValue) }
    static let reasonID: RowID = "desk.reason"

    static func content(_ state: DeskDetail.State, badge: OutboxBadge) -> ScreenBody {
        let environment = state.grants
        var body: ScreenBody
        switch state.top {
        case .finding(let code): body = finding(code, state)
        case .guest(let page): body = guest(page, state, environment: environment)
        case .reservation(let page): body = reservation(page, state, environment: environment)
        }
        let freshness: Freshness? = switch state.top {
        case .finding: nil
        case .guest(let page): page.freshness
        case .reservation(let page): page.freshness
        }
        body.notices = [state.unknownOutcome, state.notice, freshness.flatMap(WorkNotices.freshness),
                        WorkNotices.outbox(badge)].compactMap { $0 }
        let outbox = WorkNotices.outboxHints(badge)
        if !outbox.isEmpty, !DeskDetail.isEditingText(state) {
            let split = max(0, body.hints.count - 3)
            body.hints.insert(contentsOf: outbox, at: split)
        }
        body.helpKeys += WorkNotices.outboxHelp
        return body
    }

    static var commonHints: [KeyHint] {
        [KeyHint(key: L("keys.escape"), label: L("keys.back")), KeyHint(key: "r", label: L("keys.refresh")), GlobalKeys.help]
    }

    // MARK: Finding by code

    static func finding(_ code: String, _ state: DeskDetail.State) -> ScreenBody {
        var rows = [Row.title(L("reservation.title_code", ["code": InertText.sanitize(code)]))]
        if state.notice == nil { rows.append(.line(Span(L("reservation.finding"), style: .muted))) }
        return ScreenBody(rows: rows, hints: commonHints)
    }

    // MARK: Reservation

    static func reservation(_ page: DeskDetail.ReservationPage, _ state: DeskDetail.State,
                            environment: DeskGrants) -> ScreenBody {
        switch page.mode {
        case .assign(let choice): return assign(choice, page)
        case .checkIn(let checks): return checkIn(checks, page, state, environment: environment)
        case .checkOut(let quote): return checkOut(quote, page, businessDate: state.businessDate, environment: environment)
        case .confirm(let confirmation): return confirm(confirmation, page)
        case .reason, nil: break
        }
        var rows: [Row] = []
        guard let reservation = page.reservation else {
            rows.append(.title(L("reservation.title_code", ["code": InertText.sanitize(page.code)])))
            return ScreenBody(rows: rows, hints: commonHints)
        }
        rows.append(Row([Span(L("reservation.title_code", ["code": InertText.sanitize(reservation.code)]))],
                        trailing: [Span(DeskLabels.label(reservation.status))], style: .title))
        rows.append(.line(Span(inert: reservation.guest.name)))
        if let contact = DeskLabels.contact(reservation.guest.contact) {
            rows.append(.line(Span(inert: contact, style: .muted)))
        }
        rows.append(.line(Span(L("reservation.stay", ["from": reservation.arrival.description,
                                                       "to": reservation.departure.description,
                                                       "count": reservation.nights]))))
        rows.append(.blank)
        for stay in reservation.rooms {
            let unit = stay.unit.map { L("reservation.room_number", ["number": InertText.sanitize($0.number)]) }
                ?? L("reservation.unassigned")
            rows.append(Row(id: roomRowID(stay.id),
                            [Span(unit), Span(" · ", style: .muted), Span(inert: stay.roomType.name),
                             Span(" · " + DeskLabels.occupancy(stay.occupancy), style: .muted)],
                            trailing: [Span(DeskLabels.label(stay.status))]))
            rows.append(.line(Span("  " + L("reservation.room_dates", ["from": stay.checkInDate.description,
                                                                        "to": stay.checkOutDate.description]),
                                   style: .muted)))
        }
        // The notes above the folio: a long stay's charges would push them off the screen (#30).
        if let notes = notesRow(reservation) {
            rows.append(.blank)
            rows.append(notes)
        }
        if environment.allows(.foliosRead), environment.has(.folios) {
            rows.append(.blank)
            rows.append(balanceRow(page))
            if let balance = page.balance { rows += folioRows(balance) }
        }
        let focus = page.focusedStay.map { roomRowID($0.id) }
        // The keys the focused room allows first; the others after, disabled with their reason
        // (keys sharing a reason in one hint: "c o a u z needs the instance: offline").
        var enabled: [KeyHint] = []
        var disabled: [(keys: [String], reason: String)] = []
        var help: [KeyHint] = []
        for key in [DeskDetail.DeskKey.checkIn, .checkOut, .assign, .unassign, .undo, .guest] {
            let reason = DeskDetail.blocked(key, page, businessDate: state.businessDate, grants: environment)
            let label = key == .undo ? undoLabel(page.focusedStay) : key.name
            let letter = String(key.rawValue)
            if let reason {
                if let index = disabled.firstIndex(where: { $0.reason == reason }) {
                    disabled[index].keys.append(letter)
                } else {
                    disabled.append(([letter], reason))
                }
            } else {
                enabled.append(KeyHint(key: letter, label: label))
            }
            help.append(KeyHint(key: letter, label: reason.map { label + " — " + $0 } ?? label, isEnabled: reason == nil))
        }
        var hints = enabled + disabled.map { KeyHint(key: $0.keys.joined(separator: " "), label: $0.reason, isEnabled: false) }
        if page.retry != nil, page.sending == nil {
            // The attempt whose answer was lost: sent again with its key, first of the keys.
            let again = KeyHint(key: "t", label: L("desk.try_again"))
            hints.insert(again, at: 0)
            help.insert(again, at: 0)
        }
        hints += commonHints
        help += [KeyHint(key: L("keys.enter"), label: L("desk.help.enter")),
                 KeyHint(key: L("keys.arrows"), label: L("desk.help.rooms"))] + commonHints.dropLast()
        var body = ScreenBody(rows: rows, focus: focus, hints: hints, helpKeys: help)
        if case .reason(let prompt) = page.mode {
            body.overlay = reasonOverlay(prompt, page)
            body.hints = [KeyHint(key: L("keys.enter"), label: L("desk.reason.send")),
                          KeyHint(key: L("keys.escape"), label: L("keys.cancel"))]
            body.helpKeys = body.hints
        }
        return body
    }

    static func undoLabel(_ stay: Stay?) -> String {
        switch stay?.status {
        case .checkedOut: L("desk.action.undo_check_out")
        case .checkedIn: L("desk.action.undo_check_in")
        default: L("desk.action.undo")
        }
    }

    /// "Notes Late arrival, around 22:00.", nil when the reservation has none.
    static func notesRow(_ reservation: Reservation) -> Row? {
        guard let notes = reservation.notes, !notes.isEmpty else { return nil }
        return .paragraph(Span(L("reservation.notes") + " ", style: .muted), Span(inert: notes))
    }

    static func balanceRow(_ page: DeskDetail.ReservationPage) -> Row {
        let amount = page.balance.map { DeskMoney.owed($0.balanceMinor, $0.currency) }
        let when: String = switch page.balanceFreshness {
        case .loading: L("reservation.balance_reading")
        case .updating(let last), .offline(let last):
            last.map { L("reservation.balance_offline_since", ["time": $0]) } ?? L("reservation.balance_offline")
        case .notUpdated(let last):
            last.map { L("reservation.balance_not_updated_since", ["time": $0]) } ?? L("reservation.balance_not_updated")
        case .current: page.balanceUpdated.map { L("reservation.balance_updated", ["time": $0]) } ?? ""
        }
        // A credit names itself ("Credit EUR 12.00"); an amount owed follows "Balance".
        let credit = (page.balance?.balanceMinor ?? 0) < 0
        var spans = credit ? [] : [Span(L("reservation.balance") + " ")]
        if let amount { spans.append(Span(amount)) }
        if !when.isEmpty { spans.append(Span((amount == nil ? "" : " · ") + when, style: .muted)) }
        // Wraps rather than cutting the amount on a narrow screen.
        return Row(spans, wraps: true)
    }

    /// The folio's charges, then its payments, each with its date, what it is and its amount.
    static func folioRows(_ balance: FolioBalance) -> [Row] {
        func line(_ date: BusinessDate, _ what: Span, _ minor: Int) -> Row {
            Row([Span("  " + date.description + " ", style: .muted), what],
                trailing: [Span(DeskMoney.format(minor, balance.currency))])
        }
        var rows: [Row] = []
        if !balance.charges.isEmpty {
            rows.append(.line(Span(L("reservation.charges"), style: .muted)))
            rows += balance.charges.map { line($0.date, Span(inert: $0.description), $0.amountMinor) }
        }
        if !balance.payments.isEmpty {
            rows.append(.line(Span(L("reservation.payments"), style: .muted)))
            rows += balance.payments.map { line($0.date, Span(paymentMethod($0.method)), $0.amountMinor) }
        }
        return rows
    }

    /// The methods docs/api.md names in words; any other as the instance wrote it (made inert).
    static func paymentMethod(_ method: String) -> String {
        switch method {
        case "card": L("reservation.payment.card")
        case "cash": L("reservation.payment.cash")
        case "bank_transfer": L("reservation.payment.bank_transfer")
        default: InertText.sanitize(method, singleLine: true)
        }
    }

    static func reasonOverlay(_ prompt: DeskDetail.ReasonPrompt, _ page: DeskDetail.ReservationPage) -> Overlay {
        let number = page.stay(prompt.stay).map(DeskDetail.number) ?? "—"
        let (title, question) = switch prompt.purpose {
        case .overrideReadiness: (L("desk.override.title", ["number": number]), L("desk.override.question"))
        case .approveOpenBalance: (L("desk.approval.title", ["number": number]), L("desk.approval.question"))
        }
        let rows = [
            Row.paragraph(Span(question)),
            Row.field(id: reasonID, prompt.text.field(label: L("desk.reason.label"), placeholder: L("desk.reason.placeholder"))),
            Row.line(Span(L("desk.reason.keys"), style: .muted)),
        ]
        return Overlay(title: Span(title), rows: rows, focus: reasonID)
    }

    // MARK: The steps of an action

    static func assign(_ choice: DeskDetail.AssignChoice, _ page: DeskDetail.ReservationPage) -> ScreenBody {
        let stay = page.stay(choice.stay)
        var rows: [Row] = [.title(L("desk.assign.title", ["type": InertText.sanitize(stay?.roomType.name ?? "")]))]
        if let stay {
            rows.append(.line(Span(L("reservation.room_dates", ["from": stay.checkInDate.description,
                                                                 "to": stay.checkOutDate.description]), style: .muted)))
        }
        var focus: RowID?
        if let failure = choice.failure {
            rows.append(.paragraph(Span(failure, style: .muted)))
        } else if let units = choice.units {
            if units.isEmpty { rows.append(.paragraph(Span(L("desk.assign.none"), style: .muted))) }
            for unit in units {
                rows.append(Row(id: unitRowID(unit.id),
                                [Span(L("reservation.room_number", ["number": InertText.sanitize(unit.number)])),
                                 Span(" · " + L("desk.assign.floor", ["floor": unit.floor]), style: .muted)],
                                trailing: unit.isOccupied
                                    ? [Span(L("desk.assign.occupied"), style: .statusDirty)]
                                    : [Span(StatusLabels.label(unit.housekeepingStatus),
                                            style: StatusLabels.style(unit.housekeepingStatus))]))
            }
            if units.indices.contains(choice.focus) { focus = unitRowID(units[choice.focus].id) }
        } else {
            rows.append(.line(Span(L("desk.assign.reading"), style: .muted)))
        }
        var hints: [KeyHint] = []
        if let units = choice.units, !units.isEmpty { hints.append(KeyHint(key: L("keys.enter"), label: L("desk.assign.enter"))) }
        hints += commonHints
        return ScreenBody(rows: rows, focus: focus, hints: hints)
    }

    static func checkIn(_ checks: DeskDetail.CheckInChecks, _ page: DeskDetail.ReservationPage, _ state: DeskDetail.State,
                        environment: DeskGrants) -> ScreenBody {
        guard let stay = page.stay(checks.stay), let reservation = page.reservation else {
            return ScreenBody(rows: [], hints: commonHints)
        }
        let number = DeskDetail.number(stay)
        var rows: [Row] = [.title(L("desk.check_in.title", ["number": number]))]
        rows.append(.line(Span(inert: reservation.guest.name, style: .muted)))
        // The notes ("Late arrival, around 22:00.") before the checks, in the blank line's place
        // so the four checks still fit a handheld's screen (#30).
        rows.append(notesRow(reservation) ?? .blank)
        rows.append(.line(Span(L("desk.check_in.checks"), style: .muted)))
        let confirmed = reservation.status == .confirmed || reservation.status == .checkedIn
        rows.append(check(confirmed ? .pass : .fail, confirmed ? L("desk.check.confirmed") : L("desk.check.not_confirmed")))
        if let date = state.businessDate {
            let within = stay.checkInDate <= date && date < stay.checkOutDate
            rows.append(within ? check(.pass, L("desk.check.date_within", ["date": date.description]))
                               : check(.fail, L("desk.check.date_outside", ["date": date.description])))
        } else {
            rows.append(check(.unknown, L("desk.check.date_unknown")))
        }
        if let occupant = checks.occupant {
            rows.append(Row([Span("✗ ", style: .statusDirty), Span(DeskDetail.occupiedSentence(stay, occupant))],
                            wraps: true))
        } else if checks.occupied {
            // The room list says a guest is in, Today does not say whose: the instance decides.
            rows.append(Row([Span("! ", style: .noticeWarning), Span(L("desk.check.maybe_occupied", ["number": number]))],
                            wraps: true))
        } else {
            rows.append(check(stay.unit != nil ? .pass : .fail,
                              stay.unit != nil ? L("desk.check.room", ["number": number]) : L("desk.check.no_room")))
        }
        var ready = true
        if let status = checks.unitStatus {
            ready = DeskDetail.isReady(status)
            let word = StatusLabels.word(status)
            if ready {
                rows.append(check(.pass, L("desk.check.ready", ["status": word])))
            } else {
                let mayOverride = environment.allows(.staysOverrideReadiness)
                rows.append(mayOverride ? check(.warn, L("desk.check.not_ready_override", ["status": word]))
                                        : check(.fail, L("desk.check.not_ready", ["status": word])))
            }
        } else if checks.statusRead || stay.unit == nil {
            rows.append(check(.unknown, L("desk.check.status_unknown")))
        } else {
            rows.append(check(.unknown, L("desk.check.status_reading")))
        }
        let mayOverride = environment.allows(.staysOverrideReadiness)
        if checks.occupant != nil {
            // No reason overrides a guest still in the room: the key opens their reservation instead.
            var hints = checks.occupant.map {
                [KeyHint(key: "s", label: L("desk.check_in.open_occupant", ["code": InertText.sanitize($0.reservation.code)]))]
            } ?? []
            hints.append(KeyHint(key: L("keys.enter"), label: L("desk.reason.occupied"), isEnabled: false))
            return ScreenBody(rows: rows, hints: hints + commonHints)
        }
        let label = ready ? L("desk.action.check_in") : (mayOverride ? L("desk.check_in.with_reason") : L("desk.reason.not_ready"))
        let hints = [KeyHint(key: L("keys.enter"), label: label, isEnabled: ready || mayOverride)] + commonHints
        return ScreenBody(rows: rows, hints: hints)
    }

    enum Check { case pass, fail, warn, unknown }

    static func check(_ check: Check, _ text: String) -> Row {
        let (symbol, style): (String, StyleToken) = switch check {
        case .pass: ("✓", .statusClean)
        case .fail: ("✗", .statusDirty)
        case .warn: ("!", .noticeWarning)
        case .unknown: ("?", .muted)
        }
        return Row([Span(symbol + " ", style: style), Span(text)])
    }

    /// "Unassign room 203?" / "Undo the check-in of room 101?" with Enter to do it, Esc back.
    static func confirm(_ confirmation: DeskDetail.Confirmation, _ page: DeskDetail.ReservationPage) -> ScreenBody {
        guard let stay = page.stay(confirmation.stay), let reservation = page.reservation else {
            return ScreenBody(rows: [], hints: commonHints)
        }
        let (number, name) = (DeskDetail.number(stay), InertText.sanitize(reservation.guest.name))
        let (question, outcome, label): (String, String, String) = switch confirmation.request {
        case .unassign:
            (L("desk.confirm.unassign", ["number": number, "name": name]), L("desk.confirm.unassign_then", ["number": number]),
             L("desk.action.unassign"))
        case .undoCheckOut:
            (L("desk.confirm.undo_check_out", ["number": number, "name": name]),
             L("desk.confirm.undo_check_out_then", ["number": number]), L("desk.action.undo"))
        default:
            (L("desk.confirm.undo_check_in", ["number": number, "name": name]), L("desk.confirm.undo_check_in_then"),
             L("desk.action.undo"))
        }
        let rows: [Row] = [Row([Span(question)], style: .title, wraps: true), .paragraph(Span(outcome)), .blank,
                           .paragraph(Span(L("desk.confirm.how"), style: .muted))]
        return ScreenBody(rows: rows, hints: [KeyHint(key: L("keys.enter"), label: label)] + commonHints)
    }

    static func checkOut(_ quote: DeskDetail.CheckOutQuote, _ page: DeskDetail.ReservationPage, businessDate: BusinessDate?,
                         environment: DeskGrants) -> ScreenBody {
        guard let stay = page.stay(quote.stay), let reservation = page.reservation else {
            return ScreenBody(rows: [], hints: commonHints)
        }
        // Before the departure day the question names the guest, the nights given up and the money.
        let early = DeskDetail.nightsEarly(stay, businessDate: businessDate) ?? 0
        var rows: [Row]
        if early > 0 {
            let owed = quote.quote.map {
                $0.remainingBalanceMinor < 0 ? DeskMoney.owed($0.remainingBalanceMinor, $0.currency)
                    : L("desk.check_out.early_owed", ["amount": DeskMoney.format($0.remainingBalanceMinor, $0.currency)])
            }
            rows = [Row([Span(L("desk.check_out.early", ["name": InertText.sanitize(reservation.guest.name), "count": early])
                              + (owed.map { " " + $0 } ?? ""))], style: .title, wraps: true)]
            rows.append(.line(Span(L("reservation.room_number", ["number": DeskDetail.number(stay)]) + " · "
                                   + L("reservation.room_dates", ["from": stay.checkInDate.description,
                                                                  "to": stay.checkOutDate.description]), style: .muted)))
        } else {
            rows = [.title(L("desk.check_out.title", ["number": DeskDetail.number(stay)]))]
            rows.append(.line(Span(inert: reservation.guest.name, style: .muted)))
        }
        // The notes ("Invoice to Weber Logistik GmbH.") in the blank line's place, as on check-in.
        rows.append(notesRow(reservation) ?? .blank)
        if let owed = quote.quote {
            let when = quote.updated.map { L("reservation.balance_updated", ["time": $0]) } ?? ""
            let remaining: [Span] = owed.remainingBalanceMinor < 0
                ? [Span(L("desk.check_out.remaining_credit", ["credit": DeskMoney.owed(owed.remainingBalanceMinor, owed.currency)]))]
                : [Span(L("desk.check_out.remaining") + " "), Span(DeskMoney.format(owed.remainingBalanceMinor, owed.currency))]
            rows.append(Row(remaining + [Span(when.isEmpty ? "" : " · " + when, style: .muted)], wraps: true))
            if owed.needsApproval {
                rows.append(.paragraph(Span(L("desk.check_out.needs_approval"), style: .noticeWarning)))
            } else if owed.lastRoom {
                rows.append(.paragraph(Span(L("desk.check_out.last_room"), style: .muted)))
            } else {
                rows.append(.paragraph(Span(L("desk.check_out.more_rooms"), style: .muted)))
            }
        } else if let unavailable = quote.unavailable {
            rows.append(.paragraph(Span(unavailable, style: .muted)))
        } else if case .offline = quote.freshness {
            rows.append(.paragraph(Span(L("desk.check_out.quote_offline"), style: .muted)))
        } else {
            rows.append(.line(Span(L("desk.check_out.reading"), style: .muted)))
        }
        // Money owed on the last room: with a reason for a role that approves it, else disabled
        // with the reason (Enter says who can, and sends nothing), as check-in's override.
        let needsApproval = quote.quote?.needsApproval == true
        let mayApprove = environment.allows(.foliosApproveOpenBalance)
        let label = !needsApproval ? (early > 0 ? L("desk.check_out.early_enter") : L("desk.action.check_out"))
            : (mayApprove ? L("desk.check_out.with_reason") : L("desk.reason.needs_approval"))
        let hint = KeyHint(key: L("keys.enter"), label: label, isEnabled: !needsApproval || mayApprove)
        return ScreenBody(rows: rows, hints: [hint] + commonHints)
    }

    // MARK: Guest

    static func guest(_ page: DeskDetail.GuestPage, _ state: DeskDetail.State, environment: DeskGrants) -> ScreenBody {
        var rows: [Row] = [Row([Span(inert: page.detail?.guest.name ?? page.name)], style: .title)]
        if page.forbidden {
            rows.append(.paragraph(Span(L("guest.forbidden"), style: .muted)))
            return ScreenBody(rows: rows, hints: commonHints)
        }
        guard let detail = page.detail else { return ScreenBody(rows: rows, hints: commonHints) }
        if let email = detail.guest.contact.email { rows.append(.line(Span(inert: email))) }
        if let phone = detail.guest.contact.phone { rows.append(.line(Span(inert: phone))) }
        if detail.guest.contact.email == nil, detail.guest.contact.phone == nil {
            rows.append(.line(Span(L("guest.no_contact"), style: .muted)))
        }
        rows.append(.blank)
        rows.append(.title(L("guest.stays")))
        if detail.stays.isEmpty { rows.append(.line(Span(L("guest.no_stays"), style: .muted))) }
        let here = environment.property
        for stay in detail.stays {
            var trailing = [Span(DeskLabels.label(stay.status))]
            if let here, stay.propertyID != here {
                let name = environment.propertyNames[stay.propertyID].map { InertText.sanitize($0) }
                trailing = [Span(name.map { L("guest.at", ["property": $0]) } ?? L("guest.elsewhere"), style: .muted)]
            }
            rows.append(Row(id: stayRowID(stay),
                            [Span(inert: stay.reservation.code),
                             Span(" · " + L("reservation.room_dates", ["from": stay.checkInDate.description,
                                                                       "to": stay.checkOutDate.description]),
                                  style: .muted)],
                            trailing: trailing))
        }
        let focus = detail.stays.indices.contains(page.focus) ? stayRowID(detail.stays[page.focus]) : nil
        let hints = detail.stays.isEmpty ? commonHints
            : [KeyHint(key: L("keys.enter"), label: L("guest.open_stay"))] + commonHints
        return ScreenBody(rows: rows, focus: focus, hints: hints)
    }
}

/// How reservation and stay statuses, occupancy and contact read: a symbol and a word.
enum DeskLabels {
    static func label(_ status: ReservationStatus) -> String {
        switch status {
        case .tentative: Glyphs.current.labelled("◌", L("reservation.status.tentative"))
        case .confirmed: Glyphs.current.labelled("○", L("reservation.status.confirmed"))
        case .checkedIn: Glyphs.current.labelled("●", L("reservation.status.checked_in"))
        case .checkedOut: Glyphs.current.labelled("✓", L("reservation.status.checked_out"))
        case .cancelled: Glyphs.current.labelled("✗", L("reservation.status.cancelled"))
        case .noShow: Glyphs.current.labelled("⊘", L("reservation.status.no_show"))
        case .unknown: Glyphs.current.labelled("?", L("reservation.status.unknown"))
        }
    }

    static func label(_ status: StayStatus) -> String {
        switch status {
        case .reserved: Glyphs.current.labelled("○", L("reservation.stay_status.reserved"))
        case .checkedIn: Glyphs.current.labelled("●", L("reservation.status.checked_in"))
        case .checkedOut: Glyphs.current.labelled("✓", L("reservation.status.checked_out"))
        case .cancelled: Glyphs.current.labelled("✗", L("reservation.status.cancelled"))
        case .noShow: Glyphs.current.labelled("⊘", L("reservation.status.no_show"))
        case .unknown: Glyphs.current.labelled("?", L("reservation.status.unknown"))
        }
    }

    /// The stay's status in a sentence ("now checked in").
    static func word(_ status: StayStatus) -> String {
        switch status {
        case .reserved: L("desk.now.reserved")
        case .checkedIn: L("desk.now.checked_in")
        case .checkedOut: L("desk.now.checked_out")
        case .cancelled: L("desk.now.cancelled")
        case .noShow: L("desk.now.no_show")
        case .unknown: L("desk.now.unknown")
        }
    }

    static func occupancy(_ occupancy: StayOccupancy) -> String {
        var parts = [L("reservation.adults", ["count": occupancy.adults])]
        if occupancy.children > 0 { parts.append(L("reservation.children", ["count": occupancy.children])) }
        return parts.joined(separator: ", ")
    }

    /// "phone · e-mail", nil when there is neither (instance text: drawn inert).
    static func contact(_ contact: Contact) -> String? {
        let parts = [contact.phone, contact.email].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
