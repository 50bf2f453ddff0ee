import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The instance on screen: opening it, checking it, its work context and generation, its outbox
/// news and counts, sign-out, removal and a 401 (SPEC §4: one instance at a time).
extension AppReducer {
    /// The actions of the instance on screen's lifecycle: its check, the verified choice, its
    /// generation, the outbox's news and counts, sign-out, removal and a discarded change.
    func instanceAction(_ action: AppAction, _ state: inout AppState) -> Effect<AppAction> {
        switch action {

        case .instanceChecked(let id, let result):
            guard var current = state.current, current.session.sessionID == id else { return .none }
            var effects: [Effect<AppAction>] = []
            switch result {
            case .success(let saved):
                current.instance = saved
                current.capabilities = saved.capabilities
                for index in state.accounts.indices where state.accounts[index].instance.key == saved.key {
                    state.accounts[index].instance = saved
                }
                let shown = current.activeTab
                if !current.visibleTabs.contains(current.activeTab) {
                    // SPEC §5: a capability that disappears disappears from the open screen, said.
                    current.notices.append(Notice(.info, L("tabs.capability_gone", ["tab": current.activeTab.title])))
                    current.activeTab = WorkTab.opening(among: current.visibleTabs)
                    effects.append(expirePassingNotices())
                }
                effects.append(markOnline(&current))
                state.current = current
                effects.append(tabEvent(.capabilitiesChanged(saved.capabilities), &state))
                // The tab that took the closed one's place is opened (it reads).
                if current.activeTab != shown { effects.append(onScreenTab(.opened(current.activeTab), &state)) }
                return .merge(effects)
            case .failure(.connect(let error)):
                switch error {
                case .unreachable(.libraryMissing):
                    // Offline for good until libcurl is there: said once, the saved copies stay.
                    current.connection = .offline
                    current.notices.append(Notice(.warning, ErrorText.connect(error)))
                case .unreachable(.certificate):
                    // Issue #35: offline, and why — a certificate waits for a person, not the network.
                    current.connection = .offline
                    current.notices.append(Notice(.error, ErrorText.connect(error)))
                case .unreachable, .unavailable, .cancelled:
                    current.connection = .offline
                default:
                    current.notices.append(Notice(.error, ErrorText.connect(error)))
                }
                state.current = current
                return log("open: checking \(current.instance.origin) failed: \(error)")
            case .failure(.storage(let error)):
                return log("open: saving the instance failed: \(error)")
            }

        case .choiceVerified(let id, let result):
            guard let current = state.current, current.session.sessionID == id,
                  let chosenWorkspace = current.workspace, let chosenProperty = current.property else { return .none }
            switch result {
            case .failure(.unauthorized):
                return endSession(&state)
            case .failure(let error):
                if case .noAnswer = error { state.current?.connection = .offline }
                return log("open: reading workspaces failed: \(error)")
            case .success(let list):
                guard let workspace = list.workspaces.first(where: { $0.id == chosenWorkspace.id }),
                      let property = workspace.properties.first(where: { $0.id == chosenProperty.id })
                        ?? (workspace.nextPropertiesCursor != nil ? chosenProperty : nil)
                else {
                    // The person no longer reaches it: choose again.
                    let leave = leaveContext(&state)
                    state.preferences.forget(instanceKey: current.instance.key, personID: current.session.user.id.rawValue)
                    state.current?.workspace = nil
                    state.current?.property = nil
                    state.route = .workspace(WorkspaceFeature.State(
                        session: current.session, preferred: state.options.preferredProperty,
                        notice: Notice(.warning, L("workspace.no_longer_reached", ["property": chosenProperty.name]))))
                    return .merge(leave, savePreferences(state), workspaceFeature.load(current.session).map(AppAction.workspace))
                }
                guard workspace.id != chosenWorkspace.id || workspace.permissions != chosenWorkspace.permissions
                        || workspace.role != chosenWorkspace.role || property != chosenProperty else {
                    var online = current
                    let restored = markOnline(&online)
                    state.current = online
                    return restored
                }
                state.current?.workspace = workspace
                state.current?.property = property
                state.preferences.remember(WorkChoice(instanceKey: current.instance.key,
                                                      personID: current.session.user.id.rawValue,
                                                      workspace: workspace, property: property))
                var effects = [savePreferences(state)]
                if let context = state.current?.context { effects.append(startTabs(context, &state)) }
                return .merge(effects)
            }

        case .generationBegan(let partition, let result):
            let began = (try? result.get()) ?? nil
            guard let current = state.current, current.partition == partition, !current.generationBegun,
                  current.workspace != nil, current.property != nil,
                  began == nil || began == current.generation else {
                if let began {
                    let end = environment.offline.endGeneration
                    return .run { _ in await end(began) }
                }
                return .none
            }
            switch result {
            case .failure(let error):
                state.current?.notices.append(Notice(.error, ErrorText.storage))
                return log("generation: could not begin: \(error)")
            case .success:
                state.current?.generationBegun = true
                guard let context = state.current?.context else { return .none }
                let activate = environment.outbox.activate
                var effects: [Effect<AppAction>] = [
                    .run { _ in await activate(context) },
                    count(partition),
                ]
                if state.current?.activeTab == .account { effects.append(loadAccount(&state)) }
                if let link = state.options.link {
                    state.options.link = nil
                    effects.append(openLink(link, &state))
                }
                return .merge(effects)
            }

        case .outboxNews(.roundFinished(let partition, let sent, let held, let reached, let retryAt)):
            guard let partition, var current = state.current, current.partition == partition else { return .none }
            var effects: [Effect<AppAction>] = [count(partition)]
            current.sending = false
            current.triedOnKey = false
            current.retryAt = retryAt.map(environment.formatTime)
            if reached == false { current.connection = .offline }
            if reached == true { effects.append(markOnline(&current)) }
            state.current = current
            // A round that said nothing of the instance (nothing to send; a network change runs
            // one) while it cannot be reached: the probe goes now rather than after its wait.
            if reached == nil, ReachWatch(state, environment.probe).active { effects.append(probeNow(&state)) }
            if !sent.isEmpty || !held.isEmpty {
                effects.append(tabEvent(.outboxRoundFinished(sent: sent, held: held), &state))
                effects.append(loadAccountIfShown(&state))
            }
            return .merge(effects)

        case .outboxNews(.sending(let partition)):
            guard state.current?.partition == partition else { return .none }
            state.current?.sending = true
            return count(partition)

        case .outboxNews(.othersRoundFinished(let sent, let held)):
            // Nothing of theirs shows here; Account's list of accounts counts again.
            return sent + held > 0 ? loadAccountIfShown(&state) : .none

        case .outboxNews(.sessionEnded(let partition)):
            guard state.current?.partition == partition else { return .none }
            return endSession(&state)

        case .outboxCounted(let partition, let counts):
            guard state.current?.partition == partition else { return .none }
            state.current?.outbox = counts
            return tabEvent(.outboxCounted(OutboxBadge(toSend: counts.toSend, toReview: counts.toReview)), &state)

        case .signOutCounted(let id, let counts):
            guard let current = state.current, current.session.sessionID == id else { return .none }
            let unsent = counts.toSend + counts.toReview
            guard unsent > 0 else {
                state.confirmation = Confirmation(
                    purpose: .signOut(id), question: L("account.sign_out_question", ["instance": current.instance.name]),
                    confirmLabel: L("account.sign_out"))
                return .none
            }
            // Two ways ahead (#35): delete them, said how many, or keep them sealed for the person.
            state.confirmation = Confirmation(
                purpose: .signOut(id),
                question: L("account.sign_out_question_unsent", ["instance": current.instance.name, "count": unsent]),
                confirmLabel: L("account.sign_out_delete", ["count": unsent]),
                alternativeLabel: L("account.sign_out_keep"))
            return .none

        case .sessionSealed(let key, let kept, let proxyHint):
            guard case .signIn(var signIn) = state.route, signIn.instance.key == key else { return .none }
            var sentence: String
            switch kept {
            case .success(let count) where count > 0:
                sentence = L("errors.signed_out_kept", ["count": count])
            case .success, .failure:
                // A store that could not be written deleted nothing either (the log says why).
                sentence = L("errors.signed_out")
            }
            if proxyHint { sentence += " " + L("errors.proxy_drops_authorization") }
            signIn.notice = Notice(.error, sentence)
            state.route = .signIn(signIn)
            return signInFeature.check(signIn.instance).map(AppAction.signIn)

        case .signedOut(let name, let result):
            let notice: Notice
            switch result {
            case .success(.instanceNotTold):
                notice = Notice(.warning, L("account.signed_out_not_told", ["instance": name]))
            case .success:
                notice = Notice(.info, L("account.signed_out", ["instance": name]))
            case .failure(let error):
                notice = Notice(.error, ErrorText.storage)
                state.connect?.notice = notice
                return .merge(log("sign-out: \(error)"), reloadConnect(&state))
            }
            state.connect?.notice = notice
            return reloadConnect(&state)

        case .instanceRemoved(let name, let result):
            switch result {
            case .success(let outcome):
                if case .instanceNotTold? = outcome {
                    state.connect?.notice = Notice(.warning, L("connect.removed_not_told", ["instance": name]))
                } else {
                    state.connect?.notice = Notice(.info, L("connect.removed", ["instance": name]))
                }
                return reloadConnect(&state)
            case .failure(let error):
                state.connect?.notice = Notice(.error, ErrorText.storage)
                return .merge(log("remove instance: \(error)"), reloadConnect(&state))
            }

        case .discarded(let result):
            if case .failure(let error) = result {
                state.current?.account.notice = Notice(.error, ErrorText.storage)
                return log("discard: \(error)")
            }
            // The discard ran an outbox round, whose news counts the outbox again.
            return .merge(loadAccount(&state), tabEvent(.outboxEdited, &state))
        default:
            return .none
        }
    }


    /// Opens an instance: sign-in when this device has no session there; else the account of
    /// the person opened last there (or the first), its saved workspace and property at once
    /// (offline too) or the choice of them. Nothing of the account left stays on screen: the new
    /// one is a new `CurrentInstance` (and, with a PIN, locked).
    func open(_ summary: InstanceSummary, _ state: inout AppState) -> Effect<AppAction> {
        var effects = [leaveCurrent(&state)]
        let last = state.preferences.lastInstanceKey == summary.instance.key ? state.preferences.lastPersonID : nil
        guard let session = summary.sessions.first(where: { $0.user.id.rawValue == last }) ?? summary.session else {
            var signIn = SignInFeature.State(instance: summary.instance, deviceName: deviceName(state))
            signIn.notice = nil
            state.route = .signIn(signIn)
            effects.append(signInFeature.check(summary.instance).map(AppAction.signIn))
            return .merge(effects)
        }
        let instance = summary.instance
        var current = CurrentInstance(instance: instance, session: session)
        current.activeTab = WorkTab.opening(among: current.visibleTabs)
        current.owner = owner(of: session, at: instance, state)
        // An account with a PIN opens locked: a start (after SIGHUP, a reboot) never shows it without the PIN.
        current.lock = openingLock(current.offlineAccount, state)
        if let lock = current.lock { effects.append(lockFeature.start(lock).map(AppAction.lock)) }
        let remembered = state.preferences
        state.preferences.lastInstanceKey = instance.key
        state.preferences.lastPersonID = session.user.id.rawValue
        // Unchanged (every start on the same account): no write, no disk sync before the first frame.
        if state.preferences != remembered { effects.append(savePreferences(state)) }
        effects.append(checkInstance(instance, session: session))

        if let choice = state.preferences.choice(instanceKey: instance.key, personID: session.user.id.rawValue) {
            current.workspace = choice.workspace
            current.property = choice.property
            current.activeTab = WorkTab.opening(among: current.visibleTabs, permissions: choice.workspace.permissions)
            state.current = current
            effects.append(beginContext(&state))
            let workspaces = environment.api.workspaces
            effects.append(.run(id: Self.verifyID, cancelInFlight: true) { send in
                send(.choiceVerified(session.sessionID, await workspaces(session)))
            })
        } else {
            state.current = current
            state.route = .workspace(WorkspaceFeature.State(session: session, preferred: state.options.preferredProperty))
            effects.append(workspaceFeature.load(session).map(AppAction.workspace))
        }
        return .merge(effects)
    }

    /// Reads discovery again (capabilities may have changed) and saves what it says.
    func checkInstance(_ instance: SavedInstance, session: StoredSession) -> Effect<AppAction> {
        let instances = environment.instances
        return .run(id: Self.checkID, cancelInFlight: true) { send in
            switch await instances.check(instance.origin) {
            case .failure(let error):
                send(.instanceChecked(session.sessionID, .failure(.connect(error))))
            case .success(let connected):
                switch await instances.save(connected) {
                case .success(let saved): send(.instanceChecked(session.sessionID, .success(saved)))
                case .failure(let error): send(.instanceChecked(session.sessionID, .failure(.storage(error))))
                }
            }
        }
    }

    /// Shows the work tabs of the chosen property and begins its generation. The tabs start at
    /// once with the new generation's id, so the tab on screen reads its saved copy beside the
    /// generation's row being written (and synced) rather than after it; the outbox waits for the
    /// row (`generationBegan`). A fresh answer is saved after the row (the live store's writes
    /// run in order on one queue; the save inserts only inside a live generation).
    func beginContext(_ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current, let partition = current.partition else { return .none }
        let generation = environment.offline.newGeneration()
        current.generation = generation
        current.generationBegun = false
        if !current.visibleTabs.contains(current.activeTab) { current.activeTab = WorkTab.opening(among: current.visibleTabs) }
        state.current = current
        state.route = .work
        let begin = environment.offline.beginGeneration
        let write: Effect<AppAction> = .run { send in send(.generationBegan(partition, await begin(partition, generation))) }
        guard let context = state.current?.context else { return write }
        return .merge(write, startTabs(context, &state))
    }

    /// Ends the context on screen: the tabs stop, the outbox lets go, the generation ends (its
    /// requests abort; its late saves insert nothing). The instance stays on screen.
    func leaveContext(_ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current else { return .none }
        let stopTabs = workTabs.reduce(into: &current.tabs, action: .event(.stopped)).map(AppAction.tabs)
        let generation = current.generation
        current.generation = nil
        current.generationBegun = false
        current.tabs = WorkTabs.State()
        current.account = AccountFeature.State()
        current.outbox = nil
        state.current = current
        let deactivate = environment.outbox.deactivate
        let end = environment.offline.endGeneration
        return .merge(stopTabs, .cancel(id: AccountFeature.loadID), .run { _ in
            await deactivate()
            if let generation { await end(generation) }
        })
    }

    /// Takes the instance on screen off it (another instance opens, sign-out, removal, 401).
    func leaveCurrent(_ state: inout AppState) -> Effect<AppAction> {
        guard state.current != nil else { return .none }
        let leave = leaveContext(&state)
        state.current = nil
        state.pinForm = nil
        return .merge(leave, .cancel(id: Self.checkID), .cancel(id: Self.verifyID), .cancel(id: WorkspaceFeature.loadID),
                      .cancel(id: LockFeature.tickID), .cancel(id: LockFeature.checkID), .cancel(id: PINForm.effectID))
    }

    /// A 401 for the session on screen: forget exactly that token and the account's saved reads,
    /// keep its unsent changes sealed to the person and instance (#35: the token may still be good
    /// behind a proxy that drops it; the work is the person's), and ask to sign in again with a
    /// sentence that says how many wait — and, when the 401 came within seconds of a success of
    /// the same session, that a proxy may be dropping the Authorization header.
    func endSession(_ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current else { return .none }
        let session = current.session
        let account = current.offlineAccount
        let leave = leaveCurrent(&state)
        let forget = forgetPIN(account, &state)
        state.accounts.removeAll { $0.session.sessionID == session.sessionID }
        state.preferences.forget(instanceKey: current.instance.key, personID: session.user.id.rawValue)
        state.route = .signIn(SignInFeature.State(
            instance: current.instance, deviceName: deviceName(state),
            notice: Notice(.error, L("errors.session_ended", ["instance": current.instance.name]))))
        let forgetToken = environment.api.forgetToken
        let refusedRightAfterSuccess = environment.api.refusedRightAfterSuccess
        let sealAccount = environment.offline.sealAccount
        let log = environment.log
        let key = current.instance.key
        return .merge(
            leave, forget,
            .run { send in
                let proxyHint = await refusedRightAfterSuccess(session)
                await forgetToken(session)
                let kept = await sealAccount(account)
                switch kept {
                case .success(let count):
                    log("401: the session on \(session.origin) ended; its token and saved reads are deleted, "
                        + "\(count) changes are kept for the person" + (proxyHint ? " (within seconds of a success: "
                        + "a proxy may be dropping the Authorization header)" : ""))
                case .failure(let error):
                    log("401: keeping the account's changes failed: \(error)")
                }
                send(.sessionSealed(instanceKey: key, kept: kept, proxyHint: proxyHint))
            },
            savePreferences(state))
    }
}
