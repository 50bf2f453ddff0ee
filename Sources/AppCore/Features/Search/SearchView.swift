import Catalog
import GuestCraftAPI

/// The Search tab's screen: the field, then the reservations and the guests found (each kind
/// with its count, or why the role cannot search it), or, offline, the offer of Today's lists.
public enum SearchView {
    static let fieldID: RowID = "search.field"
    static let todayOfferID: RowID = "search.today"

    static func rowID(_ reservation: ReservationSummary) -> RowID { RowID("search.reservation." + reservation.id.rawValue) }
    static func rowID(_ guest: GuestSummary) -> RowID { RowID("search.guest." + guest.id.rawValue) }

    public static func view(_ state: SearchFeature.State) -> Screen {
        var rows: [Row] = [
            .field(id: fieldID, Field(label: Span(L("search.label")), value: InertString(state.query.text),
                                      cursor: state.query.cursor,
                                      placeholder: Span(L("search.placeholder"), style: .muted))),
        ]
        if state.isOffline {
            rows.append(.blank)
            rows.append(.paragraph(Span(L("search.needs_instance"))))
            rows.append(Row(id: todayOfferID, [Span(L("search.today_offer"))]))
        } else if let results = state.results {
            rows.append(.blank)
            rows += reservationRows(results.reservations)
            rows.append(.blank)
            rows += guestRows(results.guests)
        }
        return Screen(id: "search", rows: rows, focus: state.isEditing ? fieldID : state.focus,
                      notices: notices(state), hints: hints(state))
    }

    static func reservationRows(_ found: [ReservationSummary]?) -> [Row] {
        guard let found else {
            return [.title(L("search.reservations")), .line(Span(L("search.reservations_not_permitted"), style: .muted))]
        }
        var rows = [Row([Span(L("search.reservations"))], trailing: [Span(String(found.count), style: .muted)], style: .title)]
        if found.isEmpty { rows.append(.line(Span(L("search.none"), style: .muted))) }
        for reservation in found {
            let rooms = reservation.rooms.map { $0.unit.map { InertText.sanitize($0.number) } ?? L("search.unassigned") }
            var spans = [Span(inert: reservation.code), Span(" "), Span(inert: reservation.guest.name)]
            spans.append(Span(" · " + L("search.dates", ["from": reservation.arrival.description,
                                                          "to": reservation.departure.description]), style: .muted))
            if !rooms.isEmpty { spans.append(Span(" · " + rooms.joined(separator: ", "), style: .muted)) }
            rows.append(Row(id: rowID(reservation), spans, trailing: [Span(status(reservation.status), style: .muted)]))
        }
        return rows
    }

    static func guestRows(_ found: [GuestSummary]?) -> [Row] {
        guard let found else {
            return [.title(L("search.guests")), .line(Span(L("search.guests_not_permitted"), style: .muted))]
        }
        var rows = [Row([Span(L("search.guests"))], trailing: [Span(String(found.count), style: .muted)], style: .title)]
        if found.isEmpty { rows.append(.line(Span(L("search.none"), style: .muted))) }
        for guest in found {
            var spans = [Span(inert: guest.name)]
            let contact = [guest.contact.email, guest.contact.phone].compactMap { $0 }
            if !contact.isEmpty { spans.append(Span(inert: " · " + contact.joined(separator: " · "), style: .muted)) }
            rows.append(Row(id: rowID(guest), spans))
        }
        return rows
    }

    static func status(_ status: ReservationStatus) -> String {
        switch status {
        case .tentative: L("search.status.tentative")
        case .confirmed: L("search.status.confirmed")
        case .cancelled: L("search.status.cancelled")
        case .noShow: L("search.status.no_show")
        case .checkedIn: L("search.status.checked_in")
        case .checkedOut: L("search.status.checked_out")
        default: InertText.sanitize(status.rawValue)
        }
    }

    static func notices(_ state: SearchFeature.State) -> [Notice] {
        var notices: [Notice] = []
        if let notice = state.notice { notices.append(notice) }
        if state.isSearching, let text = state.searched {
            notices.append(Notice(.info, L("search.searching", ["text": InertText.sanitize(text)])))
        }
        if let outbox = WorkNotices.outbox(state.badge) { notices.append(outbox) }
        return notices
    }

    static func hints(_ state: SearchFeature.State) -> [KeyHint] {
        if state.isEditing {
            var hints = [KeyHint(key: L("keys.enter"), label: L("search.hint.search"))]
            if !state.rowIDs.isEmpty { hints.append(KeyHint(key: "↓", label: L("search.hint.results"))) }
            return hints + [KeyHint(key: "F1–F5", label: L("search.hint.tabs"))]
        }
        var hints = [KeyHint(key: L("keys.enter"), label: L("keys.open")), KeyHint(key: "/", label: L("search.hint.edit"))]
        hints += WorkNotices.outboxHints(state.badge)
        if state.searched != nil { hints.append(KeyHint(key: "r", label: L("search.hint.again"))) }
        hints.append(GlobalKeys.help)
        return hints
    }

    /// Every key of the tab, for `?`.
    public static func helpKeys(_ state: SearchFeature.State) -> [KeyHint] {
        [KeyHint(key: L("keys.enter"), label: L("search.help.enter")),
         KeyHint(key: "/", label: L("search.help.edit")),
         KeyHint(key: "↓ Esc", label: L("search.help.results")),
         KeyHint(key: "r", label: L("search.help.again"))]
            + WorkNotices.outboxHelp + [KeyHint(key: "F1–F5", label: L("search.help.tabs"))]
    }
}
