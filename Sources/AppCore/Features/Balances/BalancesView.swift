import Catalog
import GuestCraftAPI

/// Open balances on screen: the title with the total owed, one row per stay that owes (room,
/// guest, reservation, due out, amount), the freshness and outbox notices, and the keys.
enum BalancesView {
    static func view(_ state: BalancesFeature.State) -> Screen {
        var rows: [Row] = [Row([Span(title(state))], trailing: total(state), style: .title)]
        if let owing = state.owing {
            if owing.isEmpty {
                rows.append(.paragraph(Span(L("balances.none"), style: .muted)))
            } else {
                rows.append(.blank)
                rows += owing.map { row($0, businessDate: state.businessDate) }
            }
        } else if state.freshness != .loading, state.notice == nil {
            rows.append(.paragraph(Span(L("today.nothing_yet"), style: .muted)))
        }
        return Screen(id: "balances", rows: rows, focus: state.focus.flatMap { id in
            state.owing?.first { $0.stayID == id }.map(BalancesFeature.rowID)
        }, notices: notices(state), hints: hints(state))
    }

    static func title(_ state: BalancesFeature.State) -> String {
        state.businessDate.map { L("balances.title_of", ["date": $0.description]) } ?? L("balances.title")
    }

    /// What is owed in all, per currency ("EUR 245.50"), on the title's right.
    static func total(_ state: BalancesFeature.State) -> [Span] {
        guard let owing = state.owing, !owing.isEmpty else { return [] }
        var sums: [String: Int] = [:]
        for stay in owing { sums[stay.currency ?? "", default: 0] += stay.balanceMinor ?? 0 }
        let text = sums.keys.sorted().map { DeskMoney.format(sums[$0]!, $0) }.joined(separator: " · ")
        return [Span(L("balances.total", ["amount": text]), style: .noticeWarning)]
    }

    /// "201  Priya Natarajan · HV-0990 · due out 2026-11-02      EUR 125.50".
    static func row(_ stay: StaySummary, businessDate: BusinessDate?) -> Row {
        let room = stay.unit.map { InertText.sanitize($0.number) } ?? "—"
        var spans = [Span(DisplayWidth.fit(room, to: 5)), Span(inert: stay.guestName)]
        spans.append(Span(" · ", style: .muted))
        spans.append(Span(inert: stay.reservation.code, style: .muted))
        let overdue = businessDate.map { stay.isOverdue(on: $0) } ?? false
        let date = stay.checkOutDate.description
        spans.append(overdue ? Span(" · " + L("balances.overdue_since", ["date": date]), style: .noticeWarning)
                             : Span(" · " + L("balances.due_out", ["date": date]), style: .muted))
        let amount = DeskMoney.format(stay.balanceMinor ?? 0, stay.currency ?? "")
        return Row(id: BalancesFeature.rowID(stay), spans, trailing: [Span(amount, style: .noticeWarning)])
    }

    static func notices(_ state: BalancesFeature.State) -> [Notice] {
        var notices: [Notice] = []
        if let notice = state.notice { notices.append(notice) }
        if let freshness = WorkNotices.freshness(state.freshness) { notices.append(freshness) }
        if let outbox = WorkNotices.outbox(state.badge) { notices.append(outbox) }
        return notices
    }

    static func hints(_ state: BalancesFeature.State) -> [KeyHint] {
        var hints: [KeyHint] = []
        if state.owing?.isEmpty == false { hints.append(KeyHint(key: L("keys.enter"), label: L("balances.hint.today"))) }
        return hints + WorkNotices.outboxHints(state.badge) + [KeyHint(key: "r", label: L("keys.refresh")), GlobalKeys.help]
    }

    /// Every key of the tab, for `?`.
    static var helpKeys: [KeyHint] {
        [KeyHint(key: L("keys.enter"), label: L("balances.help.today")),
         KeyHint(key: L("keys.page_up_down"), label: L("today.help.page")),
         KeyHint(key: L("keys.home_end"), label: L("today.help.first_last")),
         KeyHint(key: "r", label: L("keys.refresh"))] + WorkNotices.outboxHelp
    }
}
