import Catalog
import GuestCraftAPI

extension [TodayView.OverdueLine] {
    /// How many of the lines are stays (the others are dates).
    var stayCount: Int { reduce(0) { $0 + ($1.stay == nil ? 0 : 1) } }
}

/// The Today tab's screen: the business date, the three lists with their counts, the
/// night-audit, freshness and outbox notices, and the keys. The app adds header and tab bar.
public enum TodayView {
    public static func view(_ state: TodayFeature.State) -> Screen {
        var rows: [Row] = [titleRow(state)]
        var lines: LazyRows?
        if state.overview != nil {
            lines = lazyLines(state.sections, filtered: !state.filter.trimmed.isEmpty, changed: state.changed,
                              businessDate: state.overview?.businessDate)
        } else if state.freshness != .loading, state.notice == nil {
            // (A role that cannot read Today has the notice saying why instead.)
            rows.append(.paragraph(Span(L("today.nothing_yet"), style: .muted)))
        }
        return Screen(id: "today", rows: rows, lazyRows: lines, focus: state.isFiltering ? filterID : state.focus,
                      notices: notices(state), hints: hints(state))
    }

    /// The three lists as rows made only where a frame draws them (a 2,000-room hotel has
    /// thousands of stays): each a blank line, its title, then its stays or a line saying none.
    /// The overdue stays that lead Departures (#30) come under "Overdue since <date>", one such
    /// line for each date they were due out.
    static func lazyLines(_ sections: [TodaySection], filtered: Bool, changed: Set<StayID>,
                          businessDate: BusinessDate? = nil) -> LazyRows {
        // Each section's first line, its overdue lines, and where the lines end.
        var first: [Int] = []
        var heads: [[OverdueLine]] = []
        var count = 0
        for section in sections {
            first.append(count)
            let head = overdueLines(section, businessDate: businessDate)
            heads.append(head)
            let dates = head.count - head.stayCount
            count += 2 + max(1, section.stays.count + dates)
        }
        let starts = first
        let overdue = heads
        return LazyRows(count: count, row: { position in
            let index = (starts.lastIndex { $0 <= position }) ?? 0
            let section = sections[index]
            let head = overdue[index]
            switch position - starts[index] {
            case 0: return .blank
            case 1: return sectionTitle(section, filtered: filtered)
            case _ where section.stays.isEmpty:
                return .line(Span("  " + (section.total == 0 ? L("today.none") : L("today.no_match")), style: .muted))
            case let line where line - 2 < head.count:
                guard let stay = head[line - 2].stay else {
                    return .line(Span(L("today.overdue_since", ["date": head[line - 2].date.description]),
                                      style: .noticeWarning))
                }
                return stayRow(section.stays[stay], section.kind, changed: changed.contains(section.stays[stay].stayID))
            case let line:
                let stay = section.stays[line - 2 - head.count + head.stayCount]
                return stayRow(stay, section.kind, changed: changed.contains(stay.stayID))
            }
        }, position: { id in
            for (index, section) in sections.enumerated() {
                if let line = section.stays.firstIndex(where: { TodaySection.rowID(section.kind, $0) == id }) {
                    let head = overdue[index]
                    if let at = head.firstIndex(where: { $0.stay == line }) { return starts[index] + 2 + at }
                    return starts[index] + 2 + head.count - head.stayCount + line
                }
            }
            return nil
        })
    }

    /// A line of the overdue head of a list: a date's heading, or the stay at an index.
    struct OverdueLine {
        var date: BusinessDate
        var stay: Int?
    }

    /// The head of Departures that is overdue: each date's heading, then its stays (the stays
    /// come oldest first, `TodayOverview.overdueFirst`). Empty for the other lists.
    static func overdueLines(_ section: TodaySection, businessDate: BusinessDate?) -> [OverdueLine] {
        guard section.kind == .departures, let businessDate else { return [] }
        var lines: [OverdueLine] = []
        for (index, stay) in section.stays.enumerated() {
            guard stay.isOverdue(on: businessDate) else { break }
            if lines.last?.date != stay.checkOutDate { lines.append(OverdueLine(date: stay.checkOutDate)) }
            lines.append(OverdueLine(date: stay.checkOutDate, stay: index))
        }
        return lines
    }

    static let filterID: RowID = "today.filter"

    static func titleRow(_ state: TodayFeature.State) -> Row {
        if state.isFiltering || !state.filter.isEmpty {
            return .field(id: filterID, Field(label: Span(L("today.filter")), value: InertString(state.filter.text),
                                              cursor: state.filter.cursor,
                                              placeholder: Span(L("today.filter_placeholder"), style: .muted)))
        }
        let title = state.overview.map { L("today.title_of", ["date": $0.businessDate.description]) } ?? L("today.title")
        return Row([Span(title)], style: .title)
    }

    static func sectionTitle(_ section: TodaySection, filtered: Bool) -> Row {
        let name = switch section.kind {
        case .arrivals: L("today.arrivals")
        case .departures: L("today.departures")
        case .inHouse: L("today.in_house")
        }
        let count = filtered && section.stays.count != section.total
            ? L("today.count_of", ["shown": section.stays.count, "count": section.total])
            : String(section.total)
        return Row([Span(name)], trailing: [Span(count, style: .muted)], style: .title)
    }

    /// "101  Amelia Hart · HV-1001 · 3 nights" and what the desk asks of it on the right.
    static func stayRow(_ stay: StaySummary, _ kind: TodaySection.Kind, changed: Bool = false) -> Row {
        let room = stay.unit.map { InertText.sanitize($0.number) } ?? "—"
        var spans = [Span(DisplayWidth.fit(room, to: 5)), Span(inert: stay.guestName)]
        spans.append(Span(" · ", style: .muted))
        spans.append(Span(inert: stay.reservation.code, style: .muted))
        spans.append(Span(" · " + L("today.nights", ["count": stay.nights]), style: .muted))
        let marks = changed ? [Span(L("housekeeping.mark.changed") + " ", style: .noticeInfo)] : []
        return Row(id: TodaySection.rowID(kind, stay), spans, trailing: marks + trailing(stay, kind))
    }

    static func trailing(_ stay: StaySummary, _ kind: TodaySection.Kind) -> [Span] {
        switch (kind, stay.status) {
        case (_, .checkedOut):
            return [Span(L("today.checked_out"), style: .muted)]
        case (.arrivals, .checkedIn):
            return [Span(L("today.checked_in"), style: .muted)]
        case (.arrivals, _):
            guard stay.unit != nil else { return [Span(L("today.unassigned"), style: .noticeWarning)] }
            guard let status = stay.unitStatus else { return [] }
            return [Span(StatusLabels.label(status), style: StatusLabels.style(status))]
        case (.departures, _):
            guard let owed = stay.balanceMinor else { return [] }
            guard owed > 0 else { return [Span(L("today.settled"), style: .muted)] }
            return [Span(L("today.owes", ["amount": DeskMoney.format(owed, stay.currency ?? "")]),
                         style: .noticeWarning)]
        case (.inHouse, _):
            return [Span(L("today.until", ["date": stay.checkOutDate.description]), style: .muted)]
        }
    }

    static func notices(_ state: TodayFeature.State) -> [Notice] {
        var notices: [Notice] = []
        if let notice = state.notice { notices.append(notice) }
        if state.auditPending, let overview = state.overview {
            notices.append(Notice(.warning, L("today.audit_open", ["date": overview.businessDate.description])))
        }
        if let freshness = WorkNotices.freshness(state.freshness) { notices.append(freshness) }
        if let outbox = WorkNotices.outbox(state.badge) { notices.append(outbox) }
        return notices
    }

    static func hints(_ state: TodayFeature.State) -> [KeyHint] {
        if state.isFiltering {
            return [KeyHint(key: L("keys.enter"), label: L("keys.done")),
                    KeyHint(key: L("keys.escape"), label: L("keys.clear"))]
        }
        // Nothing shown (not read yet, or the role cannot read it): nothing to open, filter or report.
        guard state.overview != nil else {
            return WorkNotices.outboxHints(state.badge) + [KeyHint(key: "r", label: L("keys.refresh")), GlobalKeys.help]
        }
        var hints = [KeyHint(key: L("keys.enter"), label: L("keys.open")), KeyHint(key: "/", label: L("today.hint.filter"))]
        hints += WorkNotices.outboxHints(state.badge)
        hints.append(KeyHint(key: "p", label: state.printable != nil ? L("today.hint.print") : L("today.hint.report")))
        hints += [KeyHint(key: "r", label: L("keys.refresh")), GlobalKeys.help]
        if !state.filter.isEmpty { hints.insert(KeyHint(key: L("keys.escape"), label: L("keys.clear")), at: 2) }
        return hints
    }

    /// Every key of the tab, for `?`.
    public static func helpKeys(_ state: TodayFeature.State) -> [KeyHint] {
        [KeyHint(key: L("keys.enter"), label: L("today.help.open")),
         KeyHint(key: L("keys.page_up_down"), label: L("today.help.page")),
         KeyHint(key: L("keys.home_end"), label: L("today.help.first_last")),
         KeyHint(key: "[ ]", label: L("today.help.lists")),
         KeyHint(key: "/", label: L("today.help.filter")),
         KeyHint(key: L("keys.escape"), label: L("today.help.clear")),
         KeyHint(key: "p", label: L("today.help.report")),
         KeyHint(key: "r", label: L("keys.refresh"))]
            + WorkNotices.outboxHelp
    }
}
