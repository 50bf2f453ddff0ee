import Catalog
import GuestCraftAPI

/// The Housekeeping tab's screen: a title with the filter, the rooms, the freshness and outbox
/// notices and the keys. The app adds its header and tab bar.
public enum HousekeepingView {
    public static func view(_ state: HousekeepingFeature.State) -> Screen {
        if let detail = state.detail { return RoomDetailView.view(detail, state: state) }
        if let board = state.board { return BoardView.view(board, state: state) }
        var rows: [Row] = [titleRow(state)]
        var rooms: LazyRows?
        if state.list.isEmpty {
            if state.freshness != .loading {
                rows.append(.paragraph(Span(L("housekeeping.no_rooms"), style: .muted)))
            }
        } else if state.list.visible.isEmpty {
            rows.append(.paragraph(Span(L("housekeeping.no_match"), style: .muted)))
        } else {
            rooms = state.list.lazyRows
        }
        return Screen(id: "housekeeping", rows: rows, lazyRows: rooms, focus: state.focus.map(RoomList.rowID),
                      notices: notices(state.notice, state.freshness, state.badge),
                      hints: hints(state), overlay: state.question.map(questionOverlay))
    }

    static func titleRow(_ state: HousekeepingFeature.State) -> Row {
        if let typed = state.jump {
            return Row([Span(L("housekeeping.jump_prompt") + " ", style: .title), Span(inert: typed, style: .field),
                        Span("▏", style: .field)], style: .title)
        }
        var title = L("housekeeping.title")
        if let status = state.list.filter.status { title += " · " + status.word }
        if let floor = state.list.filter.floor { title += " · " + L("housekeeping.floor", ["floor": floor]) }
        let count = state.list.filter.isEmpty
            ? L("housekeeping.count", ["count": state.previewCount ?? state.list.rooms.count])
            : L("housekeeping.count_of", ["shown": state.list.visible.count, "count": state.list.rooms.count])
        return Row([Span(title)], trailing: state.list.isEmpty ? [] : [Span(count, style: .muted)],
                   style: .title)
    }

    /// Every key of the tab, for `?`.
    public static func helpKeys(_ state: HousekeepingFeature.State) -> [KeyHint] {
        // The room detail's own keys, not the list's.
        if let form = state.detail?.fault { return FaultFormView.helpKeys(form, badge: state.badge) }
        if let board = state.board, state.detail == nil { return BoardView.helpKeys(board, state) }
        if state.detail != nil {
            return HousekeepingView.statusHelp(state, label: L("room.help.set_status")) + [
                KeyHint(key: L("keys.enter"), label: L("help.detail.do")),
                KeyHint(key: L("keys.escape"), label: L("help.detail.back")),
                KeyHint(key: "r", label: L("keys.refresh")),
            ] + WorkNotices.outboxHelp
        }
        return HousekeepingView.statusHelp(state, label: L("housekeeping.help.set_status")) + [
            KeyHint(key: "0–9 /", label: L("housekeeping.help.jump")),
            KeyHint(key: "s", label: L("housekeeping.help.status_filter")),
            KeyHint(key: "f", label: L("housekeeping.help.floor_filter")),
            KeyHint(key: "a", label: L("housekeeping.hint.all")),
            KeyHint(key: L("keys.enter"), label: L("housekeeping.help.open")),
        ] + BoardView.openHelp(state) + WorkNotices.outboxHelp + [
            KeyHint(key: GlobalKeys.tabFunctionKeys, label: L("housekeeping.help.tabs")),
            KeyHint(key: "↑ ⚠", label: L("housekeeping.help.marks")),
        ]
    }

    static func notices(_ notice: Notice?, _ freshness: Freshness, _ badge: OutboxBadge) -> [Notice] {
        [notice, WorkNotices.freshness(freshness), WorkNotices.outbox(badge)].compactMap { $0 }
    }

    /// `d c i` in `?`, or disabled with the reason when the role cannot change status (`i`
    /// alone when it cannot inspect); `u` Undo.
    static func statusHelp(_ state: HousekeepingFeature.State, label: String) -> [KeyHint] {
        guard state.mayChangeStatus else {
            return [KeyHint(key: "d c i", label: L("housekeeping.role_cannot_change"), isEnabled: false)]
        }
        let undo = KeyHint(key: "u", label: L("housekeeping.help.undo"))
        guard state.mayInspect else {
            return [KeyHint(key: "d c", label: label),
                    KeyHint(key: "i", label: L("housekeeping.cannot_inspect"), isEnabled: false), undo]
        }
        return [KeyHint(key: "d c i", label: label), undo]
    }

    /// `d c i`, or the three shown disabled with the reason when the role cannot change status.
    static func statusHints(_ state: HousekeepingFeature.State) -> [KeyHint] {
        guard state.mayChangeStatus else {
            return [KeyHint(key: "d c i", label: L("housekeeping.hint.not_your_role"), isEnabled: false)]
        }
        if state.awaitingRoom, state.detail == nil {
            return [KeyHint(key: "d c i", label: L("housekeeping.hint.choose_room"), isEnabled: false)]
        }
        var hints = [KeyHint(key: "d", label: L("housekeeping.hint.dirty")),
                     KeyHint(key: "c", label: L("housekeeping.hint.clean"))]
        if state.mayInspect { hints.append(KeyHint(key: "i", label: L("housekeeping.hint.inspected"))) }
        if let undo = state.undo {
            hints.append(KeyHint(key: "u", label: L("housekeeping.hint.undo", ["number": undo.number,
                                                                               "seconds": undo.secondsLeft])))
        }
        return hints
    }

    /// "Room 301 is out of order until 2026-11-04: Leaking shower tray. Mark it Clean anyway?"
    static func questionOverlay(_ question: HousekeepingFeature.StatusQuestion) -> Overlay {
        let status = StatusLabels.word(question.status)
        var rows: [Row] = []
        switch question.why {
        case .blocked(let shown, let block?):
            rows.append(.paragraph(Span(L("room.question.blocked", [
                "number": question.number, "blocked": StatusLabels.word(shown).lowercased(),
                "back": block.to.description, "reason": InertText.sanitize(block.reason)]))))
            rows.append(.paragraph(Span(L("room.question.blocked_runs", ["status": status]))))
        case .blocked(let shown, nil):
            rows.append(.paragraph(Span(L("room.question.blocked_unknown", [
                "number": question.number, "blocked": StatusLabels.word(shown).lowercased()]))))
            rows.append(.paragraph(Span(L("room.question.anyway", ["status": status]))))
        case .losesInspection:
            rows.append(.paragraph(Span(L("room.question.inspection", ["number": question.number, "status": status]))))
            rows.append(.paragraph(Span(L("room.question.anyway", ["status": status]))))
        }
        rows.append(.paragraph(Span(L("room.question.keys", ["status": status]))))
        return Overlay(title: Span(L("room.question.title", ["number": question.number])), rows: rows)
    }

    /// A blocked room's row text: "back 2026-11-04 · Leaking shower tray".
    static func blockText(_ block: UnitBlock) -> String {
        L("housekeeping.block.row", ["back": block.to.description, "reason": InertText.sanitize(block.reason)])
    }

    public static func hints(_ state: HousekeepingFeature.State) -> [KeyHint] {
        if state.jump != nil {
            return [KeyHint(key: L("keys.enter"), label: L("housekeeping.hint.jump")),
                    KeyHint(key: L("keys.escape"), label: L("housekeeping.hint.cancel"))]
        }
        var hints = statusHints(state)
        hints += WorkNotices.outboxHints(state.badge)
        hints += [
            KeyHint(key: "/", label: L("housekeeping.hint.jump")),
            KeyHint(key: "s", label: L("housekeeping.hint.status_filter")),
            KeyHint(key: "f", label: L("housekeeping.hint.floor_filter")),
        ] + BoardView.openHint(state) + [
            KeyHint(key: L("keys.enter"), label: L("housekeeping.hint.open")),
            KeyHint(key: "r", label: L("keys.refresh")),
            GlobalKeys.help,
        ]
        if !state.list.filter.isEmpty { hints.append(KeyHint(key: "a", label: L("housekeeping.hint.all"))) }
        return hints
    }
}

/// The room detail screen: the room, its status and the three actions, its tasks of the
/// business date (whoever has them), and "Report a fault" (the fault form, over it when open).
public enum RoomDetailView {
    static func lineID(_ line: HousekeepingFeature.RoomDetail.Line) -> RowID {
        switch line {
        case .dirty: "room.action.dirty"
        case .clean: "room.action.clean"
        case .inspected: "room.action.inspected"
        case .reportFault: "room.action.report_fault"
        case .task(let id): RowID("room.task." + id.rawValue)
        }
    }

    /// The index of a clicked detail line.
    static func line(of id: RowID, in detail: HousekeepingFeature.RoomDetail) -> Int? {
        detail.lines.firstIndex { lineID($0) == id }
    }

    public static func view(_ detail: HousekeepingFeature.RoomDetail, state: HousekeepingFeature.State) -> Screen {
        if let form = detail.fault { return FaultFormView.screen(form, badge: state.badge) }
        let entry = state.list.entry(detail.unitID)
        let unit = detail.detail?.unit ?? entry?.unit
        var rows: [Row] = []
        if let unit {
            rows.append(.title(L("room.title", ["number": InertText.sanitize(unit.number),
                                               "type": InertText.sanitize(unit.roomType.name)])))
            rows.append(.line(Span(L("room.floor_occupancy", ["floor": unit.floor,
                                                             "occupancy": StatusLabels.occupancy(unit.occupancy)]),
                                   style: .muted)))
        }
        if let shown = entry?.shown ?? unit?.housekeepingStatus {
            var spans = [Span(L("room.status_label") + " "),
                         Span(StatusLabels.label(shown), style: StatusLabels.style(shown))]
            switch entry?.mark ?? .none {
            case .none: break
            case .sending, .queued: spans.append(Span(" · " + L("room.waiting_to_send"), style: .muted))
            case .held: spans.append(Span(" · " + L("room.held_for_review"), style: .noticeWarning))
            }
            rows.append(Row(spans))
        }
        if let block = unit?.block {
            let kind = block.kind == .outOfService ? HousekeepingStatus.outOfService : .outOfOrder
            rows.append(.paragraph(Span(L("room.block", ["kind": StatusLabels.word(kind), "from": block.from.description,
                                                         "back": block.to.description]), style: .noticeWarning)))
            rows.append(.paragraph(Span(L("room.block_reason", ["reason": InertText.sanitize(block.reason)]))))
        }
        rows.append(.blank)
        let lines = detail.lines
        let focusLine = lines[min(detail.focus, lines.count - 1)]
        for (line, status, key) in [(HousekeepingFeature.RoomDetail.Line.dirty, HousekeepingStatus.dirty, "d"),
                                    (.clean, .clean, "c"), (.inspected, .inspected, "i")] {
            let current = entry?.shown == status
            let notYours = status == .inspected && !state.mayInspect && state.mayChangeStatus
            let label = switch status {
            case .dirty: L("room.mark.dirty")
            case .clean: L("room.mark.clean")
            default: L("room.mark.inspected")
            }
            let trailing = current ? [Span(L("room.current"), style: .muted)]
                : notYours ? [Span(L("room.supervisors_check"), style: .muted)] : []
            rows.append(Row(id: lineID(line), [Span(key + "  ", style: .hintKey), Span(label)],
                            trailing: trailing, style: current || notYours ? .disabled : .normal))
        }
        rows.append(.blank)
        let date = detail.detail?.businessDate ?? state.businessDate
        rows.append(.title(date.map { L("room.tasks_of", ["date": $0.description]) } ?? L("room.tasks")))
        if let tasks = detail.detail?.tasks {
            if tasks.isEmpty { rows.append(.line(Span(L("room.no_tasks"), style: .muted))) }
            for task in tasks {
                var spans = [Span(TaskLabels.kind(task.kind))]
                spans.append(Span(" · ", style: .muted))
                spans.append(task.assignee.map { Span(inert: $0.name, style: .muted) }
                             ?? Span(L("task.unassigned"), style: .muted))
                rows.append(Row(id: lineID(.task(task.id)), spans,
                                trailing: [Span(TaskLabels.label(task.status), style: TaskLabels.style(task.status))]))
            }
        } else if detail.freshness != .loading {
            rows.append(.line(Span(L("room.tasks_unknown"), style: .muted)))
        }
        rows.append(.blank)
        rows.append(Row(id: lineID(.reportFault), [Span(L("room.report_fault"))],
                        trailing: state.reportBlocked.map { [Span($0, style: .muted)] } ?? [],
                        style: state.reportBlocked == nil ? .normal : .disabled))
        var hints = HousekeepingView.statusHints(state)
        hints += WorkNotices.outboxHints(state.badge)
        hints += [KeyHint(key: L("keys.escape"), label: L("keys.back")),
                  KeyHint(key: "r", label: L("keys.refresh")), GlobalKeys.help]
        return Screen(id: "housekeeping.room." + detail.unitID.rawValue, rows: rows, focus: lineID(focusLine),
                      notices: HousekeepingView.notices(state.notice, detail.freshness, state.badge), hints: hints,
                      overlay: state.question.map(HousekeepingView.questionOverlay))
    }
}
