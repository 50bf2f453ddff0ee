import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Input routing: a confirmation or the help takes every key first; then `?`, `q`/F10 and
/// `1`–`5`/F1–F5 unless the screen edits text (F10 always; `?` on Search's page, which takes
/// every other printable key as its text); then the screen's feature.
extension AppReducer {
    /// A digit that the tab on screen takes itself (Housekeeping's jump to a room).
    func digitGoesToTab(_ key: Key, _ state: AppState) -> Bool {
        guard case .character = key, let current = state.current, current.activeTab != .account else { return false }
        return WorkTabs.takesDigits(current.tabs, tab: current.activeTab)
    }

    func keyPressed(_ key: Key, _ state: inout AppState) -> Effect<AppAction> {
        if key == KeyMap.lockKey, state.current != nil, !state.isLocked {
            return lockNow(&state)
        }
        if var confirmation = state.confirmation {
            switch key {
            case .character("y"), .character("Y"):
                return reduce(into: &state, action: .confirmationAnswered(true))
            case .character("n"), .character("N"), .escape, .character("q"), .backspace:
                return reduce(into: &state, action: .confirmationAnswered(false))
            case .character(Confirmation.alternativeKey) where confirmation.alternativeLabel != nil:
                return reduce(into: &state, action: .confirmationAlternative)
            case .enter:
                if confirmation.focusOnAlternative { return reduce(into: &state, action: .confirmationAlternative) }
                return reduce(into: &state, action: .confirmationAnswered(confirmation.focusOnConfirm))
            case .up, .down, .tab, .backTab, .character("j"), .character("k"), .left, .right:
                confirmation.moveFocus(forward: [.down, .tab, .character("j"), .right].contains(key))
                state.confirmation = confirmation
            default:
                break
            }
            return .none
        }
        if state.isLocked {
            return lockScope.reduce(into: &state, action: .lock(.keyPressed(key)))
        }
        if state.pinForm != nil {
            return pinFormScope.reduce(into: &state, action: .pinForm(.keyPressed(key)))
        }
        if state.help != nil {
            return helpScope.reduce(into: &state, action: .help(.keyPressed(key)))
        }
        // F1–F5 are never text: they switch tabs from a field too (Search's, Today's filter).
        if state.route == .work, case .function = key, let tab = WorkTab.opened(by: key) {
            return select(tab, &state)
        }
        // Tab and Shift-Tab cycle the tabs on every work screen, from a field or a room jump
        // too (#31: a handheld without F-keys could not leave Housekeeping, whose digits jump);
        // in a fault report's form they move between its fields, as in every form.
        if state.route == .work, key == .tab || key == .backTab, let current = state.current,
           !Self.formOpen(current), let index = current.visibleTabs.firstIndex(of: current.activeTab) {
            let tabs = current.visibleTabs
            let next = tabs[(index + (key == .tab ? 1 : tabs.count - 1)) % tabs.count]
            return select(next, &state)
        }
        if !state.isEditingText || key == .function(10) || (key == .character("?") && state.keepsHelpKey) {
            switch key {
            case .character("?"):
                state.help = HelpFeature.State(keys: AppView.helpKeys(state))
                return .none
            case .character("q"), .function(10):
                return quit(&state)
            default:
                break
            }
            if state.route == .work, let tab = WorkTab.opened(by: key), !digitGoesToTab(key, state) {
                return select(tab, &state)
            }
        }
        switch state.route {
        case .starting:
            return .none
        case .connect:
            return connectScope.reduce(into: &state, action: .connect(.keyPressed(key)))
        case .pair:
            return pairScope.reduce(into: &state, action: .pair(.keyPressed(key)))
        case .signIn:
            return signInScope.reduce(into: &state, action: .signIn(.keyPressed(key)))
        case .workspace:
            return workspaceScope.reduce(into: &state, action: .workspace(.keyPressed(key)))
        case .work:
            guard let current = state.current else { return .none }
            if key == .escape, !current.notices.isEmpty, !state.isEditingText {
                state.current?.notices = []
                return .none
            }
            // The instance's passing sentences (demo started, chosen automatically) go with the
            // first key; warnings and errors stay until Esc.
            state.current?.notices.removeAll { $0.level == .info }
            return .merge(tryAgainOnKey(&state), onScreenTab(.keyPressed(current.activeTab, key), &state))
        }
    }

    /// A fault report's form open on the tab shown: Tab moves between its fields.
    static func formOpen(_ current: CurrentInstance) -> Bool {
        switch current.activeTab {
        case .housekeeping: current.tabs.housekeeping.feature.faultForm != nil
        case .tasks: current.tabs.tasks.feature.faultForm != nil
        default: false
        }
    }

    /// A person back at the device while changes wait offline: their first key since the last
    /// outbox round tries again at once (one try per round, never one per key).
    func tryAgainOnKey(_ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current, current.connection == .offline, (current.outbox?.toSend ?? 0) > 0,
              current.generationBegun, !current.triedOnKey else { return .none }
        state.current?.triedOnKey = true
        let sendNow = environment.outbox.sendNow
        return .run { _ in await sendNow() }
    }

    /// A scan: on a work screen that does not take text, a room tag opens that room's detail
    /// from any tab; anywhere else (a field, Connect, a question) its keys are typed as they came.
    func scanned(_ text: String, _ state: inout AppState) -> Effect<AppAction> {
        // A room tag is no PIN: a scanner must not use up the locked screen's tries.
        guard !state.isLocked, state.pinForm == nil else { return .none }
        // A burst that is no room tag ("/HV-1004" typed fast on Today) is keys, as typed.
        guard state.route == .work, state.confirmation == nil, state.help == nil, !state.isEditingText,
              let current = state.current, current.visibleTabs.contains(.housekeeping),
              current.activeTab == .housekeeping || HousekeepingFeature.isRoomTag(text) else {
            let keys = text.map { Key.character($0) } + [.enter]
            return .merge(keys.map { reduce(into: &state, action: .keyPressed($0)) })
        }
        state.current?.notices.removeAll { $0.level == .info }
        let rooms = current.tabs.housekeeping.feature.list
        let number = HousekeepingFeature.roomNumber(inTag: text)
        // An unknown room changes nothing, not even the tab (when the rooms are known): on
        // Housekeeping its line says so; from another tab, the app's line (the tab on screen
        // would not show Housekeeping's).
        if !rooms.isEmpty, rooms.exact(number: number) == nil {
            guard current.activeTab == .housekeeping else {
                state.current?.notices.append(Notice(.info, L("housekeeping.no_such_room",
                                                              ["number": InertText.sanitize(number)])))
                return expirePassingNotices()
            }
            return tabEvent(.scanned(text), &state)
        }
        return .merge(select(.housekeeping, &state), tabEvent(.scanned(text), &state))
    }

    func pasted(_ text: String, _ state: inout AppState) -> Effect<AppAction> {
        guard state.confirmation == nil, state.help == nil, !state.isLocked, state.pinForm == nil else { return .none }
        switch state.route {
        case .starting, .workspace: return .none
        case .connect: return connectScope.reduce(into: &state, action: .connect(.pasted(text)))
        case .pair: return pairScope.reduce(into: &state, action: .pair(.pasted(text)))
        case .signIn: return signInScope.reduce(into: &state, action: .signIn(.pasted(text)))
        case .work:
            guard let tab = state.current?.activeTab else { return .none }
            return onScreenTab(.pasted(tab, text), &state)
        }
    }

    func clicked(_ target: HitTarget, _ state: inout AppState) -> Effect<AppAction> {
        if state.confirmation != nil {
            if case .row(let id) = target, id == AppView.confirmYesRow || id == AppView.confirmNoRow {
                return reduce(into: &state, action: .confirmationAnswered(id == AppView.confirmYesRow))
            }
            if case .row(AppView.confirmAlternativeRow) = target {
                return reduce(into: &state, action: .confirmationAlternative)
            }
            return .none
        }
        guard !state.isLocked, state.pinForm == nil else { return .none }
        if state.help != nil {
            if case .row(let id) = target, let index = HelpFeature.index(of: id) {
                return helpScope.reduce(into: &state, action: .help(.rowClicked(index)))
            }
            return .none
        }
        switch target {
        case .tab(let id):
            guard state.route == .work, let tab = WorkTab(rawValue: id) else { return .none }
            return select(tab, &state)
        case .row(let id):
            // A click on the row that has the focus does what Enter does there (opens a stay, a
            // room, a task; chooses a free room); on another row the screen only moves the focus.
            if AppView.clickIsEnter(id, state) { return keyPressed(.enter, &state) }
            switch state.route {
            case .starting: return .none
            case .connect: return connectScope.reduce(into: &state, action: .connect(.rowClicked(id)))
            case .pair: return pairScope.reduce(into: &state, action: .pair(.rowClicked(id)))
            case .signIn: return signInScope.reduce(into: &state, action: .signIn(.rowClicked(id)))
            case .workspace: return workspaceScope.reduce(into: &state, action: .workspace(.rowClicked(id)))
            case .work:
                guard let tab = state.current?.activeTab else { return .none }
                return onScreenTab(.rowClicked(tab, id), &state)
            }
        }
    }

    /// `q`: quits at once when nothing is unsent, else says how many changes wait first.
    func quit(_ state: inout AppState) -> Effect<AppAction> {
        let counts = state.current?.outbox ?? .zero
        let unsent = counts.toSend + counts.toReview
        if let tabs = state.current?.tabs, WorkTabs.hasUnsavedForm(tabs) {
            // What was typed in a fault report is not saved anywhere until it is sent: ask first.
            state.confirmation = Confirmation(purpose: .quit, question: L("app.quit_question_form"),
                                              confirmLabel: L("app.quit"))
            return .none
        }
        if let tabs = state.current?.tabs, WorkTabs.hasDeskActionInFlight(tabs) {
            state.confirmation = Confirmation(purpose: .quit, question: L("app.quit_question_desk"),
                                              confirmLabel: L("app.quit"))
            return .none
        }
        guard unsent > 0 else {
            state.quitRequested = true
            return .none
        }
        state.confirmation = Confirmation(purpose: .quit, question: L("app.quit_question", ["count": unsent]),
                                          confirmLabel: L("app.quit"))
        return .none
    }

    /// Opens a tab the instance shows.
    func select(_ tab: WorkTab, _ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current, current.visibleTabs.contains(tab) else { return .none }
        state.current?.notices = []
        guard tab != current.activeTab else { return .none }
        state.current?.activeTab = tab
        return onScreenTab(.opened(tab), &state)
    }

    /// An event for the tab on screen, the one place Account (the app's own feature, which
    /// needs the instance and session around it) and the work tabs part: keys, pastes, clicks
    /// and opening reach either the same way.
    func onScreenTab(_ event: WorkTabEvent, _ state: inout AppState) -> Effect<AppAction> {
        guard WorkTabs.tab(of: event) == .account else { return tabEvent(event, &state) }
        switch event {
        case .keyPressed(_, let key): return accountScope.reduce(into: &state, action: .account(.keyPressed(key)))
        case .rowClicked(_, let id): return accountScope.reduce(into: &state, action: .account(.rowClicked(id)))
        case .opened: return loadAccount(&state)
        default: return .none
        }
    }

    /// `guestcraft open …`: a room opens as if its tag were scanned on Housekeeping.
    func openLink(_ link: GuestcraftCommand.OpenLink, _ state: inout AppState) -> Effect<AppAction> {
        switch link {
        case .room(let number):
            guard state.current?.visibleTabs.contains(.housekeeping) == true else {
                state.current?.notices.append(Notice(.warning, L("app.open_room_not_offered")))
                return .none
            }
            return .merge(select(.housekeeping, &state), tabEvent(.pasted(.housekeeping, number + "\n"), &state))
        case .reservation(let code):
            guard state.current?.visibleTabs.contains(.today) == true else {
                state.current?.notices.append(Notice(.warning, L("app.open_reservation_not_offered")))
                return .none
            }
            return .merge(select(.today, &state), tabEvent(.openReservation(code), &state))
        }
    }
}
