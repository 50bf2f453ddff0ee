import Catalog
import Foundation
import GuestCraftAPI

/// The supervisor's board on screen: a title with the filter, the floors (each a line of counts
/// by status, focusable, and its rooms as a wrapped grid of symbols), the rooms changed in the
/// last hour, every task of the business date; the bulk question over it while asked.
public enum BoardView {
    static func floorID(_ floor: Int) -> RowID { RowID("board.floor.\(floor)") }

    /// The floor of a clicked floor row.
    static func floor(of id: RowID) -> Int? {
        id.rawValue.hasPrefix("board.floor.") ? Int(id.rawValue.dropFirst("board.floor.".count)) : nil
    }

    public static func view(_ board: SupervisorBoard, state: HousekeepingFeature.State) -> Screen {
        let floors = SupervisorBoard.floors(state.list, filter: board.filter)
        var rows: [Row] = [titleRow(board, state, floors)]
        if state.list.isEmpty {
            if state.freshness != .loading { rows.append(.paragraph(Span(L("housekeeping.no_rooms"), style: .muted))) }
        } else {
            rows.append(legendRow())
            for floor in floors { rows += floorRows(floor) }
        }
        rows.append(.blank)
        rows += recentRows(board, state)
        rows.append(.blank)
        rows += taskRows(board, state)
        let focus = board.focus.flatMap { focus in floors.contains { $0.floor == focus } ? floorID(focus) : nil }
            ?? floors.first.map { floorID($0.floor) }
        return Screen(id: "housekeeping.board", rows: rows, focus: focus,
                      notices: HousekeepingView.notices(state.notice, state.freshness, state.badge),
                      hints: hints(board, state), overlay: board.question.map(questionOverlay))
    }

    static func titleRow(_ board: SupervisorBoard, _ state: HousekeepingFeature.State, _ floors: [BoardFloor]) -> Row {
        var title = L("board.title")
        if let date = state.businessDate { title += " · " + date.description }
        if let status = board.filter.status { title += " · " + status.word }
        if let floor = board.filter.floor { title += " · " + L("housekeeping.floor", ["floor": floor]) }
        let shown = floors.reduce(0) { $0 + $1.shown.count }
        let count = board.filter.isEmpty
            ? L("housekeeping.count", ["count": state.list.rooms.count])
            : L("housekeeping.count_of", ["shown": shown, "count": state.list.rooms.count])
        return Row([Span(title)], trailing: state.list.isEmpty ? [] : [Span(count, style: .muted)], style: .title)
    }

    /// "✗ Dirty  ✓ Clean  ★ Inspected  ⚠ Out of order  ⊘ Out of service": what the symbols say.
    static func legendRow() -> Row {
        var spans: [Span] = []
        for status in SupervisorBoard.countedStatuses {
            if !spans.isEmpty { spans.append(Span("  ")) }
            spans.append(Span(StatusLabels.symbol(status), style: StatusLabels.style(status)))
            spans.append(Span(" " + StatusLabels.word(status), style: .muted))
        }
        return Row(spans, wraps: true)
    }

    /// "Floor 2  ✗2  ✓1  ★0  ⚠0  ⊘0   3 rooms", then its rooms: "201✗ 202✗ 203✓".
    static func floorRows(_ floor: BoardFloor) -> [Row] {
        var spans = [Span(L("housekeeping.floor", ["floor": floor.floor]) + " ")]
        for status in SupervisorBoard.countedStatuses {
            let count = floor.count(status)
            spans.append(Span(" " + StatusLabels.symbol(status) + String(count) + " ",
                              style: count == 0 ? .muted : StatusLabels.style(status)))
        }
        let total = Span(L("housekeeping.count", ["count": floor.total]), style: .muted)
        var rows = [Row(id: floorID(floor.floor), spans, trailing: [total])]
        if !floor.shown.isEmpty {
            var grid: [Span] = []
            for entry in floor.shown {
                if !grid.isEmpty { grid.append(Span(" ")) }
                grid.append(Span(inert: entry.unit.number))
                grid.append(Span(StatusLabels.symbol(entry.shown), style: StatusLabels.style(entry.shown)))
                switch entry.mark {
                case .none: break
                case .sending, .queued: grid.append(Span(L("housekeeping.mark.queued"), style: .muted))
                case .held: grid.append(Span(L("housekeeping.mark.held"), style: .noticeWarning))
                }
            }
            rows.append(Row(grid, wraps: true))
        }
        return rows
    }

    /// The rooms of the filter whose status changed in the last hour, latest first, with the time.
    static func recentRows(_ board: SupervisorBoard, _ state: HousekeepingFeature.State) -> [Row] {
        let recent = SupervisorBoard.recent(state.list, filter: board.filter, now: board.now)
        var rows = [Row([Span(L("board.recent"))], trailing: recent.isEmpty ? [] : [Span(String(recent.count), style: .muted)],
                        style: .title)]
        if recent.isEmpty { rows.append(.line(Span(L("board.recent.none"), style: .muted))) }
        for entry in recent {
            rows.append(Row([Span(inert: entry.unit.number), Span("  "),
                             Span(StatusLabels.label(entry.shown), style: StatusLabels.style(entry.shown))],
                            trailing: [Span(ago(entry.unit.housekeepingUpdatedAt, now: board.now), style: .muted)]))
        }
        return rows
    }

    /// "just now", "12 min ago": how long before the board's time a room changed.
    static func ago(_ instant: Instant, now: Date) -> String {
        let minutes = Int(now.timeIntervalSince(instant.date) / 60)
        return minutes < 1 ? L("board.just_now") : L("board.minutes_ago", ["minutes": minutes])
    }

    /// Every task of the business date (of the rooms the filter shows): room, kind, assignee, status.
    static func taskRows(_ board: SupervisorBoard, _ state: HousekeepingFeature.State) -> [Row] {
        let title = state.businessDate.map { L("board.tasks_of", ["date": $0.description]) } ?? L("board.tasks")
        guard board.listsTasks else {
            return [.title(title), .line(Span(L("board.tasks.not_listed"), style: .muted))]
        }
        if board.tasksForbidden { return [.title(title), .paragraph(Span(L("board.tasks.forbidden"), style: .muted))] }
        guard let all = board.tasks else {
            let line = board.tasksFreshness.isOffline ? L("board.tasks.offline_none") : L("board.tasks.loading")
            return [.title(title), .line(Span(line, style: .muted))]
        }
        let tasks = SupervisorBoard.tasks(all, rooms: state.list, filter: board.filter)
        var trailing = [Span(String(tasks.count), style: .muted)]
        if case .offline(let since) = board.tasksFreshness {
            trailing = [Span(since.map { L("housekeeping.offline_since", ["time": $0]) } ?? L("housekeeping.offline"),
                             style: .muted)]
        }
        var rows = [Row([Span(title)], trailing: trailing, style: .title)]
        if tasks.isEmpty { rows.append(.line(Span(all.isEmpty ? L("board.tasks.none") : L("board.tasks.none_shown"), style: .muted))) }
        for task in tasks {
            let assignee = task.assignee.map { Span(inert: $0.name, style: .muted) } ?? Span(L("task.unassigned"), style: .muted)
            rows.append(Row([Span(inert: task.unit.number), Span("  "), Span(TaskLabels.kind(task.kind)),
                             Span(" · ", style: .muted), assignee],
                            trailing: [Span(TaskLabels.label(task.status), style: TaskLabels.style(task.status))]))
        }
        return rows
    }

    /// "Set 6 rooms on floor 2 to Clean?" with the rooms' numbers and the two keys.
    static func questionOverlay(_ question: SupervisorBoard.BulkQuestion) -> Overlay {
        let status = StatusLabels.word(question.status)
        let count = question.rooms.count
        let text: String = switch (question.floor, question.among) {
        case (let floor?, nil): L("board.question.floor", ["count": count, "floor": floor, "status": status])
        case (let floor?, let among?): L("board.question.floor_among", ["count": count, "floor": floor,
                                                                       "among": among.word, "status": status])
        case (nil, let among): L("board.question.among", ["count": count, "among": among?.word ?? "", "status": status])
        }
        let shown = question.numbers.prefix(Self.numbersShown).joined(separator: ", ")
        let numbers = question.numbers.count > Self.numbersShown
            ? L("board.question.rooms_more", ["rooms": shown, "more": question.numbers.count - Self.numbersShown])
            : L("board.question.rooms", ["rooms": shown])
        let rows: [Row] = [
            .paragraph(Span(text)),
            .paragraph(Span(numbers, style: .muted)),
            .paragraph(Span(L("board.question.each"), style: .muted)),
            .paragraph(Span(L("board.question.keys"))),
        ]
        return Overlay(title: Span(L("board.question.title")), rows: rows)
    }

    /// How many room numbers the question lists before "and N more".
    static let numbersShown = 12

    /// `b` Board on the room list, for a role the board is offered to.
    static func openHint(_ state: HousekeepingFeature.State) -> [KeyHint] {
        state.boardOffered ? [KeyHint(key: "b", label: L("board.hint.open"))] : []
    }

    static func openHelp(_ state: HousekeepingFeature.State) -> [KeyHint] {
        state.boardOffered ? [KeyHint(key: "b", label: L("board.help.open"))] : []
    }

    static func hints(_ board: SupervisorBoard, _ state: HousekeepingFeature.State) -> [KeyHint] {
        if board.question != nil {
            return [KeyHint(key: L("keys.enter"), label: L("board.hint.set")),
                    KeyHint(key: L("keys.escape"), label: L("housekeeping.hint.cancel"))]
        }
        var hints: [KeyHint] = state.mayChangeStatus
            ? [KeyHint(key: "d c i", label: L("board.hint.set_shown"))]
            : [KeyHint(key: "d c i", label: L("housekeeping.hint.not_your_role"), isEnabled: false)]
        hints += WorkNotices.outboxHints(state.badge)
        hints += [
            KeyHint(key: "f", label: L("housekeeping.hint.floor_filter")),
            KeyHint(key: "s", label: L("housekeeping.hint.status_filter")),
            KeyHint(key: L("keys.escape"), label: L("keys.back")),
            KeyHint(key: "r", label: L("keys.refresh")),
            GlobalKeys.help,
        ]
        if !board.filter.isEmpty { hints.append(KeyHint(key: "a", label: L("housekeeping.hint.all"))) }
        return hints
    }

    /// Every key of the board, for `?`.
    static func helpKeys(_ board: SupervisorBoard, _ state: HousekeepingFeature.State) -> [KeyHint] {
        let set = state.mayChangeStatus
            ? KeyHint(key: "d c i", label: L("board.help.set"))
            : KeyHint(key: "d c i", label: L("housekeeping.role_cannot_change"), isEnabled: false)
        return [set,
                KeyHint(key: "f", label: L("board.help.floor")),
                KeyHint(key: "s", label: L("board.help.status")),
                KeyHint(key: "a", label: L("board.help.all")),
                KeyHint(key: L("keys.enter"), label: L("board.help.enter")),
                KeyHint(key: L("keys.escape"), label: L("board.help.back")),
                KeyHint(key: "r", label: L("keys.refresh"))] + WorkNotices.outboxHelp
    }
}
