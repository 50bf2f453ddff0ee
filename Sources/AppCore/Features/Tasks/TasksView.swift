import Catalog
import GuestCraftAPI

/// The My tasks tab's screens: the list with the cards of held changes, the skip question and
/// the task detail. The app adds its header and tab bar.
public enum TasksView {
    /// A card's two actions.
    enum CardAction: Equatable {
        case show, dismiss
    }

    /// The focusable lines of the task detail.
    enum DetailLine: Equatable {
        case action(TaskStatus)
        case note
        case reportFault
    }

    static let skipDNDID: RowID = "tasks.skip.dnd"
    static let skipReasonID: RowID = "tasks.skip.reason"

    static func taskRowID(_ id: TaskID) -> RowID { RowID("task." + id.rawValue) }

    /// The task of a row id, if it is a task's row.
    static func taskID(of row: RowID) -> TaskID? {
        row.rawValue.hasPrefix("task.") ? TaskID(String(row.rawValue.dropFirst(5))) : nil
    }

    static func cardRowID(_ change: HeldTaskChange, _ action: CardAction) -> RowID {
        RowID("card.\(change.id)." + (action == .show ? "show" : "dismiss"))
    }

    static func card(of row: RowID, in state: TasksFeature.State) -> (change: HeldTaskChange, action: CardAction)? {
        for change in state.held {
            if cardRowID(change, .show) == row { return (change, .show) }
            if cardRowID(change, .dismiss) == row { return (change, .dismiss) }
        }
        return nil
    }

    /// Every focusable row of the list, in order: the cards' actions, then the tasks.
    static func focusableRows(_ state: TasksFeature.State) -> [RowID] {
        state.held.flatMap { [cardRowID($0, .show), cardRowID($0, .dismiss)] } + state.entries.map { taskRowID($0.task.id) }
    }

    static func detailLines(_ state: TasksFeature.State) -> [DetailLine] {
        guard let detail = state.detail, let entry = state.entry(detail.taskID) else { return [.reportFault] }
        return entry.shown.status.allowedNext.map(DetailLine.action) + [.note, .reportFault]
    }

    static func detailLineID(_ line: DetailLine) -> RowID {
        switch line {
        case .action(let status): RowID("task.action." + status.rawValue)
        case .note: "task.note"
        case .reportFault: "task.report_fault"
        }
    }

    static func detailLine(of id: RowID, state: TasksFeature.State) -> Int? {
        detailLines(state).firstIndex { detailLineID($0) == id }
    }

    public static func view(_ state: TasksFeature.State) -> Screen {
        var screen = state.detail.map { detailView($0, state) } ?? listView(state)
        if let prompt = state.skip { screen.overlay = skipOverlay(prompt, state) }
        return screen
    }

    // MARK: List

    static func listView(_ state: TasksFeature.State) -> Screen {
        var rows: [Row] = []
        for change in state.held {
            rows.append(Row([Span(L("notice.warning_mark") + " ", style: .noticeWarning),
                             Span(cardSentence(change))], style: .normal, wraps: true))
            rows.append(Row(id: cardRowID(change, .show), [Span("  "), Span(L("tasks.card.show"))]))
            rows.append(Row(id: cardRowID(change, .dismiss), [Span("  "), Span(L("tasks.card.dismiss"))]))
            rows.append(.blank)
        }
        let title = state.businessDate.map { L("tasks.title_of", ["date": $0.description]) } ?? L("tasks.title")
        rows.append(Row([Span(title)], trailing: state.entries.isEmpty ? []
                            : [Span(L("tasks.count", ["count": state.entries.count]), style: .muted)], style: .title))
        if state.entries.isEmpty, state.freshness != .loading {
            rows.append(.paragraph(Span(L("tasks.none"), style: .muted)))
        }
        for entry in state.entries { rows.append(taskRow(entry)) }
        return Screen(id: "tasks", rows: rows, focus: state.focus, notices: notices(state), hints: listHints(state))
    }

    static func taskRow(_ entry: TasksFeature.Entry) -> Row {
        let task = entry.shown
        var spans = [Span(DisplayWidth.fit(InertText.sanitize(task.unit.number), to: 4) + " ")]
        if task.guestArriving { spans.append(Span(L("tasks.arriving_mark") + " ", style: .noticeWarning)) }
        spans.append(Span(TaskLabels.kind(task.kind)))
        var trailing = [Span(TaskLabels.label(task.status), style: TaskLabels.style(task.status))]
        switch entry.mark {
        case .none: break
        case .sending, .queued: trailing.append(Span(" " + L("housekeeping.mark.queued"), style: .muted))
        case .held: trailing.append(Span(" " + L("housekeeping.mark.held"), style: .noticeWarning))
        }
        if entry.changed { trailing.insert(Span(L("housekeeping.mark.changed") + " ", style: .noticeInfo), at: 0) }
        return Row(id: taskRowID(task.id), spans, trailing: trailing)
    }

    static func cardSentence(_ change: HeldTaskChange) -> String {
        let number = InertText.sanitize(change.number)
        let what: String = switch change.change {
        case .status(.inProgress): L("tasks.card.what.start")
        case .status(.done): L("tasks.card.what.finish")
        case .status(.skipped): L("tasks.card.what.skip")
        case .status(.open): L("tasks.card.what.reopen")
        case .status: L("tasks.card.what.status")
        case .note: L("tasks.card.what.note")
        }
        switch (change.reason, change.code) {
        case (.conflict, "task.transition_invalid"):
            return L("tasks.card.transition", ["number": number, "what": what])
        case (.conflict, _):
            return L("tasks.card.conflict", ["number": number, "what": what])
        case (.refused, _):
            return L("tasks.card.refused", ["number": number, "what": what])
        }
    }

    static func notices(_ state: TasksFeature.State) -> [Notice] {
        var notices: [Notice] = []
        if let notice = state.notice { notices.append(notice) }
        if let freshness = WorkNotices.freshness(state.freshness) { notices.append(freshness) }
        if let outbox = WorkNotices.outbox(state.badge) { notices.append(outbox) }
        return notices
    }

    /// "c Room 101 Clean" while finishing a task offers the room's next status.
    static func offerHints(_ state: TasksFeature.State) -> [KeyHint] {
        guard let offer = state.roomOffer else { return [] }
        return [KeyHint(key: offer.key, label: L("tasks.hint.room_offer", ["number": InertText.sanitize(offer.unit.number),
                                                                           "status": StatusLabels.word(offer.status)]))]
    }

    static func listHints(_ state: TasksFeature.State) -> [KeyHint] {
        var hints: [KeyHint] = offerHints(state)
        if let undo = state.undo {
            hints.append(KeyHint(key: "u", label: L("tasks.hint.undo", ["seconds": undo.secondsLeft])))
        }
        hints += [KeyHint(key: "s", label: L("tasks.hint.start_finish")),
                  KeyHint(key: "x", label: L("tasks.hint.skip"))]
        hints += WorkNotices.outboxHints(state.badge)
        hints += [KeyHint(key: L("keys.enter"), label: L("keys.open")),
                  KeyHint(key: "r", label: L("keys.refresh")), GlobalKeys.help]
        return hints
    }

    /// Every key of the tab, for `?`.
    public static func helpKeys(_ state: TasksFeature.State) -> [KeyHint] {
        // The task detail's own keys, not the list's.
        if let form = state.detail?.fault { return FaultFormView.helpKeys(form, badge: state.badge) }
        if state.detail != nil {
            return [KeyHint(key: "s", label: L("tasks.help.start_finish")),
                    KeyHint(key: "x", label: L("tasks.help.skip")),
                    KeyHint(key: "u", label: L("tasks.help.undo")),
                    KeyHint(key: "c i", label: L("tasks.help.room_offer")),
                    KeyHint(key: "e", label: L("task.hint.edit_note")),
                    KeyHint(key: L("keys.enter"), label: L("help.detail.do")),
                    KeyHint(key: L("keys.escape"), label: L("help.detail.back")),
                    KeyHint(key: "r", label: L("keys.refresh"))] + WorkNotices.outboxHelp
        }
        return [
            KeyHint(key: "s", label: L("tasks.help.start_finish")),
            KeyHint(key: "x", label: L("tasks.help.skip")),
            KeyHint(key: "u", label: L("tasks.help.undo")),
            KeyHint(key: "c i", label: L("tasks.help.room_offer")),
            KeyHint(key: "e", label: L("task.hint.edit_note")),
            KeyHint(key: L("keys.enter"), label: L("tasks.help.open")),
            KeyHint(key: "j k ↓ ↑", label: L("keys.move")),
        ] + WorkNotices.outboxHelp
    }

    // MARK: Skip question

    static func skipOverlay(_ prompt: TasksFeature.SkipPrompt, _ state: TasksFeature.State) -> Overlay {
        let number = state.entry(prompt.task).map { InertText.sanitize($0.shown.unit.number) } ?? ""
        let rows = [
            Row.paragraph(Span(L("tasks.skip.question"))),
            Row(id: skipDNDID, [Span(L("keys.enter") + "  ", style: .hintKey), Span(L("tasks.skip.dnd"))]),
            Row.field(id: skipReasonID, Field(label: Span(L("tasks.skip.other")), value: InertString(prompt.reason),
                                             placeholder: Span(L("tasks.skip.placeholder")))),
            Row.line(Span(L("tasks.skip.keys"), style: .muted)),
        ]
        return Overlay(title: Span(L("tasks.skip.title", ["number": number])), rows: rows,
                       focus: prompt.onReason ? skipReasonID : skipDNDID)
    }

    // MARK: Detail

    static func detailView(_ detail: TasksFeature.Detail, _ state: TasksFeature.State) -> Screen {
        if let form = detail.fault { return FaultFormView.screen(form, badge: state.badge) }
        var rows: [Row] = []
        let lines = detailLines(state)
        guard let entry = state.entry(detail.taskID) else {
            rows.append(.title(L("task.title_unknown")))
            if detail.freshness != .current { rows.append(.line(Span(L("housekeeping.loading"), style: .muted))) }
            return Screen(id: "tasks.detail." + detail.taskID.rawValue, rows: rows, notices: notices(state),
                          hints: [KeyHint(key: L("keys.escape"), label: L("keys.back")), GlobalKeys.help])
        }
        let task = entry.shown
        let number = InertText.sanitize(task.unit.number)
        rows.append(.title(L("task.title", ["kind": TaskLabels.kind(task.kind), "number": number])))
        var status = [Span(L("task.label.status") + " "),
                      Span(TaskLabels.label(task.status), style: TaskLabels.style(task.status))]
        if let reason = task.skipReason, task.status == .skipped { status.append(Span(inert: Glyphs.current.text(" · ") + reason, style: .muted)) }
        switch entry.mark {
        case .none: break
        case .sending, .queued: status.append(Span(" · " + L("room.waiting_to_send"), style: .muted))
        case .held: status.append(Span(" · " + L("room.held_for_review"), style: .noticeWarning))
        }
        rows.append(Row(status))
        rows.append(.line(Span(L("task.label.due") + " "), Span(task.dueDate.description)))
        rows.append(.line(Span(L("task.label.assignee") + " "),
                          task.assignee.map { Span(inert: $0.name) } ?? Span(L("task.unassigned"), style: .muted)))
        rows.append(.line(Span(L("task.label.reservation") + " "),
                          task.reservation.map { Span(inert: $0.code) } ?? Span(L("task.no_reservation"), style: .muted)))
        if task.guestArriving { rows.append(.line(Span(L("task.guest_arriving"), style: .noticeWarning))) }
        rows.append(.blank)
        for line in lines {
            switch line {
            case .action(let next):
                rows.append(Row(id: detailLineID(line), [Span(TaskLabels.action(from: task.status, to: next))],
                                trailing: [Span(TaskLabels.label(next), style: .muted)]))
            case .note:
                rows.append(.blank)
                if let draft = detail.draft {
                    rows.append(.title(L("task.label.note_length", ["count": grouped(draft.count),
                                                                    "limit": grouped(TasksFeature.noteLimit)])))
                } else {
                    rows.append(.title(L("task.label.note")))
                }
                if let draft = detail.draft {
                    rows.append(.field(id: detailLineID(line), Field(value: InertString(draft),
                                                                     placeholder: Span(L("task.note_placeholder")))))
                } else if let note = task.note, !note.isEmpty {
                    rows.append(Row(id: detailLineID(line), [Span(inert: note)], wraps: true))
                } else {
                    rows.append(Row(id: detailLineID(line), [Span(L("task.no_note"), style: .muted)]))
                }
            case .reportFault:
                rows.append(.blank)
                rows.append(Row(id: detailLineID(line), [Span(L("room.report_fault"))],
                                trailing: state.reportBlocked.map { [Span($0, style: .muted)] } ?? [],
                                style: state.reportBlocked == nil ? .normal : .disabled))
            }
        }
        var hints: [KeyHint]
        if detail.draft != nil {
            hints = [KeyHint(key: L("keys.enter"), label: L("task.hint.save")),
                     KeyHint(key: L("keys.escape"), label: L("housekeeping.hint.cancel"))]
        } else {
            hints = offerHints(state)
            if let undo = state.undo {
                hints.append(KeyHint(key: "u", label: L("tasks.hint.undo", ["seconds": undo.secondsLeft])))
            }
            hints += [KeyHint(key: L("keys.enter"), label: L("task.hint.do")),
                      KeyHint(key: "e", label: L("task.hint.edit_note"))]
            hints += WorkNotices.outboxHints(state.badge)
            hints += [KeyHint(key: L("keys.escape"), label: L("keys.back")), GlobalKeys.help]
        }
        var notices = notices(state)
        if let freshness = WorkNotices.freshness(detail.freshness), detail.freshness != state.freshness {
            notices.removeAll { $0 == WorkNotices.freshness(state.freshness) }
            notices.append(freshness)
        }
        let focus = lines.indices.contains(detail.focus) ? detailLineID(lines[detail.focus]) : nil
        return Screen(id: "tasks.detail." + detail.taskID.rawValue, rows: rows, focus: focus, notices: notices,
                      hints: hints)
    }
}

/// A count with its thousands grouped as the English catalog writes them ("2,000"), whatever the
/// machine's locale.
private func grouped(_ count: Int) -> String {
    var digits = String(abs(count))
    var parts: [Substring] = []
    while digits.count > 3 {
        parts.insert(digits.suffix(3), at: 0)
        digits.removeLast(3)
    }
    parts.insert(Substring(digits), at: 0)
    return (count < 0 ? "-" : "") + parts.joined(separator: ",")
}
