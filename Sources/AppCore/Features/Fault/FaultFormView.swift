import Catalog
import GuestCraftAPI

extension FaultForm {
    /// What the form shows; the host adds the header and the tab bar.
    public static func content(_ state: State, badge: OutboxBadge) -> ScreenBody {
        FaultFormView.content(state, badge: badge)
    }
}

/// The fault report form, its choice lists, the photo chooser, the question before leaving and
/// the receipt of a sent report, as rows for the screen.
public enum FaultFormView {
    // MARK: Row ids

    static func rowID(_ line: FaultForm.Line) -> RowID {
        switch line {
        case .category: "fault.category"
        case .priority: "fault.priority"
        case .description: "fault.description"
        case .photo(let id): RowID("fault.photo.\(id)")
        case .addPhoto: "fault.add_photo"
        case .block: "fault.block"
        case .from: "fault.from"
        case .to: "fault.to"
        case .reason: "fault.reason"
        case .send: "fault.send"
        }
    }

    static func optionRowID(_ value: String?) -> RowID { RowID("fault.option." + (value ?? "none")) }
    static func fileRowID(_ file: FolderPhoto) -> RowID { RowID("fault.file." + file.path) }
    static let pathRowID: RowID = "fault.path"
    static func receiptRowID(_ token: String?) -> RowID { RowID("fault.receipt." + (token ?? "done")) }
    static let leaveRowID: RowID = "fault.leave"
    static let stayRowID: RowID = "fault.stay"

    /// The form as a whole screen (for hosts that draw `Screen`s).
    public static func screen(_ state: FaultForm.State, badge: OutboxBadge) -> Screen {
        let body = content(state, badge: badge)
        let part = state.receipt != nil ? "receipt" : (state.mode.flatMap { if case .photos = $0 { "photos" } else { nil } } ?? "form")
        return Screen(id: "fault." + part + "." + state.unit.id.rawValue, rows: body.rows, focus: body.focus,
                      notices: body.notices, hints: body.hints, overlay: body.overlay)
    }

    /// Every key of the form, for `?`.
    public static func helpKeys(_ state: FaultForm.State, badge: OutboxBadge) -> [KeyHint] {
        content(state, badge: badge).helpKeys
    }

    static func content(_ state: FaultForm.State, badge: OutboxBadge) -> ScreenBody {
        var body: ScreenBody
        if let receipt = state.receipt {
            body = self.receipt(receipt, state)
        } else if case .photos(let chooser) = state.mode {
            body = self.chooser(chooser)
        } else {
            body = form(state)
        }
        body.notices = [state.notice, WorkNotices.outbox(badge)].compactMap { $0 }
        if !FaultForm.isEditingText(state), !state.sending {
            let outbox = WorkNotices.outboxHints(badge)
            body.hints.insert(contentsOf: outbox, at: max(0, body.hints.count - 2))
        }
        body.helpKeys += WorkNotices.outboxHelp
        return body
    }

    // MARK: The form

    static func form(_ state: FaultForm.State) -> ScreenBody {
        var rows: [Row] = [.title(L("fault.title", ["number": InertText.sanitize(state.unit.number)]))]
        if let kind = state.taskKind {
            rows.append(.line(Span(L("fault.for_task", ["task": TaskLabels.kind(kind)]), style: .muted)))
        }
        let labels = Labels(state)
        /// What was said about a line: under the form's first lines, over the block's lines and
        /// "Send report". A refusal comes back to the line it names from "Send report" at the
        /// bottom: the screen scrolls up to put a first line at its top (the sentence under it
        /// shows), or scrolls down to a block's line at its bottom (the sentence over it shows).
        func problem(_ line: FaultForm.Line) {
            guard let problem = state.problems[line] else { return }
            rows.append(.paragraph(Span(L("notice.warning_mark") + " " + problem.sentence, style: .noticeError)))
            if let says = problem.instanceSays {
                rows.append(.paragraph(Span(L("fault.instance_says") + " ", style: .muted), Span(inert: says, style: .muted)))
            }
        }
        func choice(_ line: FaultForm.Line, _ label: String, _ value: String?) {
            if line == .block { problem(line) }
            rows.append(Row(id: rowID(line), [Span(labels.pad(label) + " "),
                                              value.map { Span($0) } ?? Span(L("fault.choose"), style: .muted),
                                              Span(" ▾", style: .muted)]))
            if line != .block { problem(line) }
        }
        /// A text line: a field while it has the focus; else its text, wrapped when `wraps` (a
        /// description is read whole), or the field from its start.
        func text(_ line: FaultForm.Line, _ label: String, _ input: TextInput, placeholder: String, wraps: Bool = false) {
            let focused = state.focus == line && state.mode == nil
            if line != .description { problem(line) }
            if wraps, !focused, !input.isEmpty {
                rows.append(Row(id: rowID(line), [Span(labels.pad(label) + " "), Span(inert: input.text)], wraps: true))
            } else {
                rows.append(.field(id: rowID(line), Field(label: Span(labels.pad(label)), value: InertString(input.text),
                                                          cursor: focused ? input.cursor : 0, placeholder: Span(placeholder))))
            }
            if line == .description { problem(line) }
        }
        choice(.category, L("fault.field.category"), state.category.map(FaultLabels.category))
        choice(.priority, L("fault.field.priority"), FaultLabels.priority(state.priority))
        text(.description, L("fault.field.description"), state.description, placeholder: L("fault.description.placeholder"),
             wraps: true)

        rows.append(.blank)
        if state.grants.takesPhotos {
            rows.append(.line(Span(L("fault.field.photos"))))
            for photo in state.photos {
                rows.append(photoRow(photo))
                if case .failed(let problem) = photo.status {
                    rows.append(.paragraph(Span(FaultLabels.photoProblem(problem) + " " + L("fault.photo.goes_without"),
                                                style: .noticeError)))
                }
            }
            rows.append(Row(id: rowID(.addPhoto), [Span("  + " + L("fault.photo.add"))]))
        } else {
            rows.append(.paragraph(Span(L("fault.photos.no_capability"), style: .muted)))
        }

        rows.append(.blank)
        if state.grants.blockKinds.isEmpty {
            rows.append(.paragraph(Span(L("fault.block.not_your_role"), style: .muted)))
        } else {
            choice(.block, L("fault.field.block"), FaultLabels.block(state.block))
            if state.block != nil {
                text(.from, L("fault.field.from"), state.from, placeholder: L("fault.date.placeholder"))
                text(.to, L("fault.field.to"), state.to, placeholder: L("fault.date.placeholder"))
                text(.reason, L("fault.field.reason"), state.reason, placeholder: L("fault.reason.placeholder"), wraps: true)
            }
        }

        rows.append(.blank)
        problem(.send)
        rows.append(Row(id: rowID(.send), [Span(state.sending ? L("fault.sending") : L("fault.send"))],
                        style: state.sending ? .disabled : .normal))

        var body = ScreenBody(rows: rows, focus: rowID(state.focus), hints: formHints(state), helpKeys: formHelp)
        switch state.mode {
        case .choosing(let list):
            body.overlay = choiceOverlay(list, state)
            body.hints = [KeyHint(key: L("keys.enter"), label: L("keys.choose")),
                          KeyHint(key: L("keys.escape"), label: L("keys.cancel"))]
        case .leaving:
            body.overlay = leavingOverlay
            body.hints = [KeyHint(key: L("keys.enter"), label: L("fault.leave.yes")),
                          KeyHint(key: L("keys.escape"), label: L("fault.leave.no"))]
        case .photos, nil:
            break
        }
        return body
    }

    /// The labels of the form's lines, padded to one column so the values line up.
    struct Labels {
        let width: Int

        init(_ state: FaultForm.State) {
            let all = [L("fault.field.category"), L("fault.field.priority"), L("fault.field.description"),
                       L("fault.field.block"), L("fault.field.from"), L("fault.field.to"), L("fault.field.reason")]
            width = min(14, all.map(DisplayWidth.of).max() ?? 0)
        }

        func pad(_ label: String) -> String {
            label + String(repeating: " ", count: max(0, width - DisplayWidth.of(label)))
        }
    }

    static func photoRow(_ photo: FaultForm.Photo) -> Row {
        let id = rowID(.photo(photo.id))
        let name = [Span("  "), Span(inert: photo.name)]
        switch photo.status {
        case .preparing:
            return Row(id: id, name, trailing: [Span(L("fault.photo.preparing"), style: .muted)])
        case .ready(let info):
            return Row(id: id, name, trailing: [Span(L("fault.photo.pixels", ["width": info.width, "height": info.height]))])
        case .failed:
            return Row(id: id, name, trailing: [Span(L("notice.error_mark"), style: .noticeError)])
        }
    }

    static func formHints(_ state: FaultForm.State) -> [KeyHint] {
        let send = KeyHint(key: L("fault.key.send"), label: L("fault.hint.send"))
        let back = KeyHint(key: L("keys.escape"), label: L("keys.back"))
        if state.sending { return [KeyHint(key: L("fault.key.send"), label: L("fault.sending"), isEnabled: false)] }
        let enter: KeyHint = switch state.focus {
        case .category, .priority, .block: KeyHint(key: L("keys.enter"), label: L("keys.choose"))
        case .description, .from, .to, .reason: KeyHint(key: L("keys.tab"), label: L("keys.next_field"))
        case .photo: KeyHint(key: L("keys.enter"), label: L("fault.hint.remove_photo"))
        case .addPhoto: KeyHint(key: L("keys.enter"), label: L("fault.photo.add"))
        case .send: KeyHint(key: L("keys.enter"), label: L("fault.hint.send"))
        }
        if FaultForm.isEditingText(state) { return [enter, send, back] }
        return state.focus == .send ? [enter, back, GlobalKeys.help] : [enter, send, back, GlobalKeys.help]
    }

    static var formHelp: [KeyHint] {
        [KeyHint(key: L("keys.tab") + " ↑↓", label: L("fault.help.move")),
         KeyHint(key: L("keys.enter"), label: L("fault.help.enter")),
         KeyHint(key: L("fault.key.send"), label: L("fault.help.send")),
         KeyHint(key: L("fault.key.remove"), label: L("fault.hint.remove_photo")),
         KeyHint(key: L("keys.escape"), label: L("fault.help.back"))]
    }

    static func choiceOverlay(_ list: FaultForm.ChoiceList, _ state: FaultForm.State) -> Overlay {
        let options = FaultForm.options(list.choice, state)
        let current = FaultForm.chosen(list.choice, state)
        let rows = options.map { value in
            Row(id: optionRowID(value), [Span(value == current ? "● " : "  "), Span(FaultLabels.option(list.choice, value))])
        }
        let title = switch list.choice {
        case .category: L("fault.field.category")
        case .priority: L("fault.field.priority")
        case .block: L("fault.field.block")
        }
        let focus = options.indices.contains(list.focus) ? optionRowID(options[list.focus]) : nil
        return Overlay(title: Span(title), rows: rows, focus: focus)
    }

    static var leavingOverlay: Overlay {
        Overlay(title: Span(L("fault.leave.title")),
                rows: [.paragraph(Span(L("fault.leave.question"))), .blank,
                       Row(id: leaveRowID, [Span(L("keys.enter"), style: .hintKey), Span("  " + L("fault.leave.yes"))]),
                       Row(id: stayRowID, [Span(L("keys.escape"), style: .hintKey), Span("  " + L("fault.leave.no"))])],
                focus: leaveRowID)
    }

    // MARK: The photo chooser

    static func chooser(_ chooser: FaultForm.PhotoChooser) -> ScreenBody {
        let folder = chooser.directory.map { InertText.sanitize($0) } ?? ""
        var rows: [Row] = [.title(folder.isEmpty ? L("fault.photo.add") : L("fault.photos.title", ["folder": folder]))]
        rows.append(.field(id: pathRowID, chooser.path.field(label: L("fault.photos.path"),
                                                             placeholder: L("fault.photos.path_placeholder"))))
        let files = chooser.files
        if chooser.directory == nil {
            rows.append(.line(Span(L("fault.photos.reading"), style: .muted)))
        } else if !chooser.isReadable {
            rows.append(.paragraph(Span(L("fault.photos.unreadable"), style: .muted)))
        } else if files.isEmpty {
            rows.append(.paragraph(Span(L("fault.photos.empty"), style: .muted)))
        }
        for entry in files {
            rows.append(Row(id: fileRowID(entry.file), [Span(inert: entry.file.name)],
                            trailing: [Span(entry.time + " · " + FaultLabels.size(entry.file.byteCount), style: .muted)]))
        }
        let focus = chooser.focus.flatMap { files.indices.contains($0) ? fileRowID(files[$0].file) : nil } ?? pathRowID
        let add = KeyHint(key: L("keys.enter"), label: L("fault.photos.add_this"))
        let back = KeyHint(key: L("keys.escape"), label: L("keys.back"))
        let hints = chooser.focus == nil ? [add, back]
            : [add, KeyHint(key: "r", label: L("keys.refresh")), back, GlobalKeys.help]
        let help = [add, KeyHint(key: L("keys.tab") + " ↑↓", label: L("fault.help.move")),
                    KeyHint(key: "r", label: L("fault.photos.read_again")), back]
        return ScreenBody(rows: rows, focus: focus, hints: hints, helpKeys: help)
    }

    // MARK: The receipt

    static func receipt(_ receipt: FaultForm.Receipt, _ state: FaultForm.State) -> ScreenBody {
        var rows: [Row] = [.title(L("fault.receipt.title", ["number": InertText.sanitize(state.unit.number)])),
                           .paragraph(Span(receipt.notice.text))]
        if !receipt.overbooked.isEmpty {
            let dates = receipt.overbooked.map(\.description).joined(separator: ", ")
            rows.append(.paragraph(Span(L("notice.warning_mark") + " " + L("fault.sent.overbooked",
                                                                           ["count": receipt.overbooked.count, "dates": dates]),
                                        style: .noticeWarning)))
        }
        if !receipt.refused.isEmpty {
            rows.append(.blank)
            rows.append(.line(Span(L("fault.receipt.refused_photos"))))
            for photo in receipt.refused {
                if photo.dropped {
                    rows.append(Row([Span("  "), Span(inert: photo.name)],
                                    trailing: [Span(L("fault.receipt.dropped"), style: .muted)], style: .disabled))
                    continue
                }
                rows.append(Row(id: receiptRowID(photo.token), [Span("  "), Span(inert: photo.name)]))
                rows.append(.paragraph(Span("  " + photo.problem.sentence, style: .noticeError)))
                if let says = photo.problem.instanceSays {
                    rows.append(.paragraph(Span("  " + L("fault.instance_says") + " ", style: .muted),
                                           Span(inert: says, style: .muted)))
                }
            }
            rows.append(.paragraph(Span(L("fault.receipt.drop_how"), style: .muted)))
        }
        rows.append(.blank)
        rows.append(Row(id: receiptRowID(nil), [Span(L("keys.done"))]))
        let lines = receipt.lines
        let focused = lines[min(receipt.focus, lines.count - 1)]
        let done = KeyHint(key: L("keys.escape"), label: L("keys.done"))
        let hints = focused == nil ? [KeyHint(key: L("keys.enter"), label: L("keys.done")), GlobalKeys.help]
            : [KeyHint(key: L("keys.enter"), label: L("fault.receipt.drop")), done, GlobalKeys.help]
        let help = [KeyHint(key: L("keys.enter"), label: L("fault.receipt.drop")), done]
        return ScreenBody(rows: rows, focus: receiptRowID(focused), hints: hints, helpKeys: help)
    }
}

/// How the form's values read.
enum FaultLabels {
    static func category(_ category: MaintenanceCategory) -> String {
        switch category {
        case .plumbing: L("fault.category.plumbing")
        case .electrical: L("fault.category.electrical")
        case .heating: L("fault.category.heating")
        case .furniture: L("fault.category.furniture")
        case .appliance: L("fault.category.appliance")
        case .door: L("fault.category.door")
        case .other, .unknown: L("fault.category.other")
        }
    }

    static func priority(_ priority: MaintenancePriority) -> String {
        switch priority {
        case .low: L("fault.priority.low")
        case .normal, .unknown: L("fault.priority.normal")
        case .high: L("fault.priority.high")
        case .urgent: L("fault.priority.urgent")
        }
    }

    static func block(_ kind: BlockKind?) -> String {
        switch kind {
        case nil: L("fault.block.none")
        case .outOfOrder?: L("fault.block.out_of_order")
        case .outOfService?, .unknown?: L("fault.block.out_of_service")
        }
    }

    /// An option of a choice's list, by its wire value.
    static func option(_ choice: FaultForm.Choice, _ value: String?) -> String {
        switch choice {
        case .category: value.map { category(MaintenanceCategory(rawValue: $0)) } ?? ""
        case .priority: value.map { priority(MaintenancePriority(rawValue: $0)) } ?? ""
        case .block: block(value.map(BlockKind.init(rawValue:)))
        }
    }

    static func photoProblem(_ problem: FaultPhotoProblem) -> String {
        switch problem {
        case .unreadable: L("fault.photo.unreadable")
        case .notAnImage: L("fault.photo.not_an_image")
        case .tooLarge: L("fault.photo.too_large")
        case .failed: L("fault.photo.failed")
        }
    }

    /// A byte count as people read it: "640 B", "850 KB", "2.1 MB".
    static func size(_ bytes: Int) -> String {
        if bytes < 1_000 { return L("fault.size.bytes", ["size": bytes]) }
        if bytes < 1_000_000 { return L("fault.size.kb", ["size": (bytes + 500) / 1_000]) }
        let tenths = (bytes + 50_000) / 100_000
        return L("fault.size.mb", ["size": "\(tenths / 10).\(tenths % 10)"])
    }
}
