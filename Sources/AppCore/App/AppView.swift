import Catalog
import GuestCraftAPI

/// The app's view: a pure function from `AppState` to the `Screen` the terminal draws, and the
/// action for each thing the person does at the terminal.
public enum AppView {
    static let confirmYesRow: RowID = "confirm.yes"
    static let confirmNoRow: RowID = "confirm.no"
    static let confirmAlternativeRow: RowID = "confirm.alternative"

    /// The screen for `state`.
    public static func view(_ state: AppState) -> Screen {
        if let current = state.current, let lock = current.lock {
            return locked(lock, current, state.confirmation, canSwitch: state.accounts.count > 1)
        }
        let body = body(state)
        var hints = body.hints
        if !state.isEditingText {
            hints = [GlobalKeys.help] + hints.filter { $0 != GlobalKeys.help && $0 != GlobalKeys.quit } + [GlobalKeys.quit]
        }
        var screen = Screen(id: screenID(state), rows: body.rows, lazyRows: body.lazyRows, focus: body.focus, notices: body.notices,
                            hints: hints, overlay: body.overlay)
        if let current = state.current, state.route == .work || isWorkspaceRoute(state) {
            screen.header = header(current)
        }
        if state.route == .work, let current = state.current {
            screen.tabs = current.visibleTabs.map { $0.tab(active: current.activeTab) }
            screen.notices = current.notices.map { $0.level == .info ? $0.brief : $0 } + body.notices
        }
        if let help = state.help { screen.overlay = HelpFeature.overlay(help) }
        if let form = state.pinForm {
            screen.overlay = PINForm.overlay(form)
            screen.hints = PINForm.hints
        }
        if let confirmation = state.confirmation {
            screen.overlay = overlay(confirmation)
            screen.hints = confirmationHints(confirmation)
        }
        return screen
    }

    /// The locked screen: the instance, the person and the PIN, nothing of the screen underneath
    /// (no header, tabs or notices of the account); "Forgot PIN"'s question over it.
    static func locked(_ lock: LockFeature.State, _ current: CurrentInstance, _ confirmation: Confirmation?,
                       canSwitch: Bool) -> Screen {
        let body = LockFeature.view(lock, instance: current.instance.name, person: current.session.user.name,
                                    canSwitch: canSwitch)
        var screen = Screen(id: "locked", rows: body.rows, focus: body.focus, notices: body.notices, hints: body.hints,
                            isLocked: true)
        if let confirmation {
            screen.overlay = overlay(confirmation)
            screen.hints = confirmationHints(confirmation)
        }
        return screen
    }

    /// The action for an input event; nil for those the app ignores (a resize only redraws).
    public static func action(for event: InputEvent) -> AppAction? {
        switch event {
        case .key(let key): .keyPressed(key)
        case .paste(let text): .pasted(text)
        case .scan(let text): .scanned(text)
        case .click(let target): .clicked(target)
        case .resize: nil
        }
    }

    /// Whether a click on row `id` is Enter: it is the focused row of what is on screen (of the
    /// dialog over it, when one is up) and not a text field, where a click places the cursor and
    /// Enter would send (#30: a click on a focused row opens it).
    static func clickIsEnter(_ id: RowID, _ state: AppState) -> Bool {
        let screen = view(state)
        if let overlay = screen.overlay {
            guard overlay.shownFocus == id else { return false }
            return overlay.rows.first { $0.id == id }?.field == nil
        }
        guard screen.focus == id else { return false }
        if let row = screen.rows.first(where: { $0.id == id }) { return row.field == nil }
        return screen.lazyRows?.position(of: id) != nil
    }

    /// Whether the program should end.
    public static func shouldQuit(_ state: AppState) -> Bool { state.quitRequested }

    /// The keys `?` lists: the screen's own, then the global ones (all of them on work screens).
    static func helpKeys(_ state: AppState) -> [KeyHint] {
        var keys = body(state).helpKeys.filter { $0 != GlobalKeys.help && $0 != GlobalKeys.quit }
        var globals = state.route == .work ? GlobalKeys.all
            : [KeyHint(key: "?", label: L("keys.help")), KeyHint(key: "q", label: L("keys.quit"))]
        // Where digits jump to a room or are typed, only F1–F5 switch tabs: `?` says so, not "1–5".
        if let current = state.current, state.route == .work,
           WorkTabs.takesDigits(current.tabs, tab: current.activeTab) || state.isEditingText {
            globals.removeAll { $0 == GlobalKeys.tabDigits }
        }
        // Where every printable key is text (Search's page), the letters are not commands: no
        // `j`/`k`, `/`, `r` or `q` (the screen names F10).
        if state.isEditingText {
            let letters = [GlobalKeys.quit.key, "r", "/", L("keys.arrows")]
            globals.removeAll { letters.contains($0.key) }
        }
        for key in globals where !keys.contains(where: { $0.key == key.key }) { keys.append(key) }
        return keys
    }

    /// What the screen that is up draws (without header, tabs and dialogs).
    static func body(_ state: AppState) -> ScreenBody {
        switch state.route {
        case .starting:
            return ScreenBody(rows: [.title(L("app.name")), .blank, .line(Span(L("app.opening"), style: .muted))])
        case .connect(let s): return ConnectFeature.view(s)
        case .pair(let s): return PairFeature.view(s)
        case .signIn(let s): return SignInFeature.view(s)
        case .workspace(let s): return WorkspaceFeature.view(s)
        case .work:
            guard let current = state.current else { return ScreenBody(rows: []) }
            if current.activeTab == .account {
                let info = AccountFeature.Info(instance: current.instance, session: current.session,
                                               workspace: current.workspace, property: current.property,
                                               counts: current.outbox ?? .zero, owner: current.owner)
                return AccountFeature.view(current.account, info: info)
            }
            return WorkTabs.content(current.tabs, tab: current.activeTab)
        }
    }

    static func screenID(_ state: AppState) -> String {
        switch state.route {
        case .starting: "starting"
        case .connect: "connect"
        case .pair: "pair"
        case .signIn: "signin"
        case .workspace: "workspace"
        case .work: "work." + (state.current?.activeTab.rawValue ?? "")
        }
    }

    private static func isWorkspaceRoute(_ state: AppState) -> Bool {
        if case .workspace = state.route { return true }
        return false
    }

    /// Whether the screen drawn is past the start (#18: the app holds the network until then):
    /// not "Opening…", and on a live work tab (Today, Housekeeping, My tasks), drawn after its
    /// saved read answered — with its saved copy, or with none to show. Asked of the state the
    /// frame was drawn from: the saved read's own thread knows sooner, before its answer is in the
    /// state (a frame drawn between would release the network while the rooms are still to draw).
    public static func isStartedScreen(_ state: AppState) -> Bool {
        switch state.route {
        case .starting: return false
        case .work:
            guard let current = state.current, current.lock == nil, current.activeTab.isLive else { return true }
            return current.tabs.savedReadAnswered(current.activeTab)
        default: return true
        }
    }

    /// Whether the start's first frame may be drawn (#18): a started screen, or a live work tab
    /// showing the head of its saved list while the whole of it is read — the same top rows and
    /// count the whole list shows. Keys wait for the whole list (`acceptsInput`), and the network
    /// for the frame drawn from it (`isStartedScreen`).
    public static func isFirstFrameReady(_ state: AppState) -> Bool {
        isStartedScreen(state) || showsSavedPreview(state)
    }

    /// Whether keys are read now: not while the screen shows a saved list's head, whose rooms
    /// below the screen, filters and jumps are not there yet (#18); they wait in the terminal.
    public static func acceptsInput(_ state: AppState) -> Bool {
        !showsSavedPreview(state)
    }

    /// Whether the work tab on screen shows the head of its saved list (#18).
    private static func showsSavedPreview(_ state: AppState) -> Bool {
        guard case .work = state.route, let current = state.current else { return false }
        return current.tabs.showsSavedPreview(current.activeTab)
    }

    /// The header of the instance on screen.
    static func header(_ current: CurrentInstance) -> Header {
        // With several accounts on the device the header says whose screen this is.
        Header(instance: InertString(current.owner == nil ? current.instance.name
                                         : current.session.user.name + " · " + current.instance.name),
               property: current.property.map { InertString($0.name) },
               businessDate: current.property.map { InertString($0.businessDate.description) },
               connection: current.connection,
               toSend: current.outbox?.toSend ?? 0, toReview: current.outbox?.toReview ?? 0,
               outboxCounted: current.outbox != nil, sending: current.sending,
               retryAt: current.connection == .offline && (current.outbox?.toSend ?? 0) > 0 ? current.retryAt : nil,
               updatedAgo: AppReducer.updatedAgo(current), updatedAgoShort: AppReducer.updatedAgo(current, short: true))
    }

    static func overlay(_ confirmation: Confirmation) -> Overlay {
        let yes = Row.line(Span("y", style: .hintKey), Span("  " + confirmation.confirmLabel), id: confirmYesRow)
        let no = Row.line(Span("n", style: .hintKey), Span("  " + L("keys.keep")), id: confirmNoRow)
        var answers = [yes]
        if let alternative = confirmation.alternativeLabel {
            answers.append(Row.line(Span(String(Confirmation.alternativeKey), style: .hintKey), Span("  " + alternative),
                                    id: confirmAlternativeRow))
        }
        let focus = confirmation.focusOnAlternative ? confirmAlternativeRow
            : confirmation.focusOnConfirm ? confirmYesRow : confirmNoRow
        return Overlay(title: Span(L("confirm.title")),
                       rows: [.paragraph(Span(confirmation.question)), .blank] + answers + [no],
                       focus: focus)
    }

    /// The key hints under a question: each way ahead, then keeping things as they are.
    static func confirmationHints(_ confirmation: Confirmation) -> [KeyHint] {
        var hints = [KeyHint(key: "y", label: confirmation.confirmLabel)]
        if let alternative = confirmation.alternativeLabel {
            hints.append(KeyHint(key: String(Confirmation.alternativeKey), label: alternative))
        }
        return hints + [KeyHint(key: "n", label: L("keys.keep"))]
    }
}
