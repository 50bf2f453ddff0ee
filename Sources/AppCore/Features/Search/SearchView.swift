import Catalog
import GuestCraftAPI

/// The Search tab's screen: the field, the stays tonight of the room the text names (when it is
/// a room number), then the reservations and the guests found (each kind with its count, or why
/// the role cannot search it), or, offline, the offer of Today's lists.
public enum SearchView {
    static let fieldID: RowID = "search.field"
    static let todayOfferID: RowID = "search.today"

    static func rowID(_ reservation: ReservationSummary) -> RowID { RowID("search.reservation." + reservation.id.rawValue) }
    static func rowID(_ guest: GuestSummary) -> RowID { RowID("search.guest." + guest.id.rawValue) }
    static func rowID(_ stay: StaySummary) -> RowID { RowID("search.room." + stay.stayID.rawValue) }

    public static func view(_ state: SearchFeature.State) -> Screen {
        var rows: [Row] = [
            .field(id: fieldID, Field(label: Span(L("search.label")), value: InertString(state.query.text),
                                      cursor: state.query.cursor,
                                      placeholder: Span(L("search.placeholder"), style: .muted))),
        ]
        if let room = state.room {
            rows.append(.blank)
            rows += roomRows(room)
        }
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

    /// "Room 116 tonight": the stays in it, each with where it stands, or that it has none.
    static func roomRows(_ room: RoomStays) -> [Row] {
        let number = InertText.sanitize(room.number)
        var rows = [Row([Span(L("search.room.title", ["number": number]))],
                        trailing: [Span(String(room.stays.count), style: .muted)], style: .title)]
        if room.stays.isEmpty { rows.append(.line(Span(L("search.room.none", ["number": number]), style: .muted))) }
        for stay in room.stays {
            let spans = [Span(inert: stay.reservation.code), Span(" "), Span(inert: stay.guestName),
                         Span(" · " + L("search.dates", ["from": stay.checkInDate.description,
                                                          "to": stay.checkOutDate.description]), style: .muted)]
            rows.append(Row(id: rowID(stay), spans, trailing: [Span(roomStatus(stay, room.businessDate), style: .muted)]))
        }
        return rows
    }

    static func roomStatus(_ stay: StaySummary, _ businessDate: BusinessDate) -> String {
        guard stay.status == .checkedIn else { return L("search.room.arriving") }
        return stay.checkOutDate <= businessDate ? L("search.room.due_out") : L("search.room.in_house")
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
            let dot = Glyphs.current.text(" · ")
            if !contact.isEmpty { spans.append(Span(inert: dot + contact.joined(separator: dot), style: .muted)) }
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

    /// The key-hint line. Search takes every printable key as text, so the app adds no `q`:
    /// the line names F10 for it (and `?`, the help, which no search text has).
    static func hints(_ state: SearchFeature.State) -> [KeyHint] {
        if state.isEditing {
            var hints = [GlobalKeys.help, KeyHint(key: L("keys.enter"), label: L("search.hint.search"))]
            if !state.rowIDs.isEmpty { hints.append(KeyHint(key: "↓", label: L("search.hint.results"))) }
            return hints + [KeyHint(key: GlobalKeys.tabFunctionKeys, label: L("search.hint.tabs")), quit]
        }
        return [GlobalKeys.help, KeyHint(key: L("keys.enter"), label: L("keys.open")),
                KeyHint(key: "↑↓", label: L("keys.move")), quit]
    }

    /// F10: quits from Search (`q` is a letter of the search text there).
    static var quit: KeyHint { KeyHint(key: "F10", label: L("keys.quit_short")) }

    /// Every key of the tab, for `?`: typing is the search text, over the results too; the
    /// results move with the arrows, PgUp/PgDn and Home/End.
    public static func helpKeys(_ state: SearchFeature.State) -> [KeyHint] {
        [KeyHint(key: L("search.help.type_keys"), label: L("search.help.type")),
         KeyHint(key: L("keys.enter"), label: L("search.help.enter")),
         KeyHint(key: L("search.help.move_keys"), label: L("search.help.move")),
         KeyHint(key: "Home End", label: L("search.help.home_end")),
         KeyHint(key: L("keys.escape"), label: L("search.help.results")),
         KeyHint(key: GlobalKeys.tabFunctionKeys, label: L("search.help.tabs")),
         KeyHint(key: "F10", label: L("keys.quit"))]
    }
}
