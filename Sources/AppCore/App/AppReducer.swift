import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The app's reducer: routes input to the screen that is up, composes the features (each a
/// scoped child that talks back through its `delegate`), and owns what belongs to the instance
/// on screen: opening it, its generation, the outbox counts, sign-out, removal and 401s.
public struct AppReducer: Reducer {
    public typealias State = AppState
    public typealias Action = AppAction

    let environment: AppEnvironment
    let connectFeature: ConnectFeature
    let pairFeature: PairFeature
    let signInFeature: SignInFeature
    let workspaceFeature: WorkspaceFeature
    let accountFeature: AccountFeature
    let workTabs: WorkTabs

    public init(environment: AppEnvironment) {
        self.environment = environment
        connectFeature = ConnectFeature(environment: environment)
        pairFeature = PairFeature(environment: environment)
        signInFeature = SignInFeature(environment: environment)
        workspaceFeature = WorkspaceFeature(environment: environment)
        accountFeature = AccountFeature(environment: environment)
        workTabs = WorkTabs(environment: environment.tabs)
    }

    static let newsID: EffectID = "app.outbox_news"
    static let checkID: EffectID = "app.instance_check"
    static let verifyID: EffectID = "app.choice_verify"

    public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .started:
            return start()

        case .startLoaded(let result, let preferences):
            state.preferences = preferences
            return startLoaded(result, &state)

        case .keyPressed(let key):
            return keyPressed(key, &state)

        case .pasted(let text):
            return pasted(text, &state)

        case .clicked(let target):
            return clicked(target, &state)

        // MARK: Features and their delegates

        case .connect(.delegate(let delegate)):
            return connectDelegate(delegate, &state)
        case .connect:
            return connectScope.reduce(into: &state, action: action)

        case .pair(.delegate(.paired(let signedIn))):
            state.preferences.deviceName = signedIn.session.deviceName
            return open(InstanceSummary(instance: signedIn.instance, session: signedIn.session, unsent: 0), &state)
        case .pair(.delegate(.back)):
            return showConnect(&state)
        case .pair:
            return pairScope.reduce(into: &state, action: action)

        case .signIn(.delegate(.signedIn(let signedIn))):
            state.preferences.deviceName = signedIn.session.deviceName
            return open(InstanceSummary(instance: signedIn.instance, session: signedIn.session, unsent: 0), &state)
        case .signIn(.delegate(.pair)):
            state.route = .pair(PairFeature.State(deviceName: deviceName(state)))
            return .cancel(id: SignInFeature.browserID)
        case .signIn(.delegate(.back)):
            return .merge(.cancel(id: SignInFeature.browserID), showConnect(&state))
        case .signIn:
            return signInScope.reduce(into: &state, action: action)

        case .workspace(.delegate(let delegate)):
            return workspaceDelegate(delegate, &state)
        case .workspace:
            return workspaceScope.reduce(into: &state, action: action)

        case .account(.delegate(let delegate)):
            return accountDelegate(delegate, &state)
        case .account:
            return accountScope.reduce(into: &state, action: action)

        case .tabs(.delegate(let delegate)):
            return tabsDelegate(delegate, &state)
        case .tabs:
            return tabsScope.reduce(into: &state, action: action)

        case .help(.delegate(.close)):
            state.help = nil
            return .none
        case .help:
            return helpScope.reduce(into: &state, action: action)

        case .confirmationAnswered(let yes):
            guard let confirmation = state.confirmation else { return .none }
            state.confirmation = nil
            return yes ? confirmed(confirmation.purpose, &state) : .none

        // MARK: The instance on screen

        case .instanceChecked(let id, let result):
            guard var current = state.current, current.session.sessionID == id else { return .none }
            var effects: [Effect<AppAction>] = []
            switch result {
            case .success(let saved):
                current.instance = saved
                current.capabilities = saved.capabilities
                if !current.visibleTabs.contains(current.activeTab) {
                    current.activeTab = WorkTab.opening(among: current.visibleTabs)
                }
                effects.append(markOnline(&current))
                state.current = current
                effects.append(tabEvent(.capabilitiesChanged(saved.capabilities), &state))
                return .merge(effects)
            case .failure(.connect(let error)):
                switch error {
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
            guard let current = state.current, current.partition == partition, current.generation == nil,
                  current.workspace != nil, current.property != nil else {
                if case .success(let stale) = result {
                    let end = environment.offline.endGeneration
                    return .run { _ in await end(stale) }
                }
                return .none
            }
            switch result {
            case .failure(let error):
                state.current?.notices.append(Notice(.error, ErrorText.storage))
                return log("generation: could not begin: \(error)")
            case .success(let generation):
                state.current?.generation = generation
                guard let context = state.current?.context else { return .none }
                let activate = environment.outbox.activate
                var effects: [Effect<AppAction>] = [
                    .run { _ in await activate(context) },
                    count(partition),
                    startTabs(context, &state),
                ]
                if state.current?.activeTab == .account { effects.append(loadAccount(&state)) }
                if let link = state.options.link {
                    state.options.link = nil
                    effects.append(openLink(link, &state))
                }
                return .merge(effects)
            }

        case .outboxNews(.roundFinished(let partition, let sent, let held, let reached)):
            guard let partition, var current = state.current, current.partition == partition else { return .none }
            var effects: [Effect<AppAction>] = [count(partition)]
            if reached == false { current.connection = .offline }
            if reached == true { effects.append(markOnline(&current)) }
            state.current = current
            if !sent.isEmpty || !held.isEmpty {
                effects.append(tabEvent(.outboxRoundFinished(sent: sent, held: held), &state))
                effects.append(loadAccount(&state))
            }
            return .merge(effects)

        case .outboxNews(.sessionEnded(let partition)):
            guard state.current?.partition == partition else { return .none }
            return endSession(&state)

        case .outboxCounted(let partition, let counts):
            guard state.current?.partition == partition else { return .none }
            state.current?.outbox = counts
            return .none

        case .signOutCounted(let id, let counts):
            guard let current = state.current, current.session.sessionID == id else { return .none }
            let unsent = counts.toSend + counts.toReview
            let question = unsent == 0
                ? L("account.sign_out_question", ["instance": current.instance.name])
                : L("account.sign_out_question_unsent", ["instance": current.instance.name, "count": unsent])
            state.confirmation = Confirmation(purpose: .signOut(id), question: question,
                                              confirmLabel: L("account.sign_out"))
            return .none

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
            var effects = [loadAccount(&state), tabEvent(.outboxEdited, &state)]
            if let partition = state.current?.partition { effects.append(count(partition)) }
            return .merge(effects)
        }
    }

    // MARK: - Start

    private func start() -> Effect<AppAction> {
        let instances = environment.instances
        let preferences = environment.preferences
        let offline = environment.offline
        let news = environment.outbox.news
        return .merge(
            .run { send in
                let loaded = await preferences.load()
                let list = await instances.list()
                if case .success(let summaries) = list {
                    // Finish a deletion cut short: drop what accounts without a session keep.
                    let accounts = summaries.compactMap { summary in
                        summary.session.map { Account(instanceKey: summary.instance.key, personID: $0.user.id.rawValue) }
                    }
                    await offline.retainAccounts(Set(accounts))
                }
                send(.startLoaded(list, loaded))
            },
            .run(id: Self.newsID) { send in
                for await item in news() { send(.outboxNews(item)) }
            }
        )
    }

    private func startLoaded(_ result: Result<[InstanceSummary], StorageFailure>,
                             _ state: inout AppState) -> Effect<AppAction> {
        let summaries: [InstanceSummary]
        switch result {
        case .success(let list): summaries = list
        case .failure(let error):
            state.route = .connect(ConnectFeature.State(isLoading: false, notice: Notice(.error, ErrorText.storage)))
            return log("start: reading the saved instances failed: \(error)")
        }
        let signedIn = summaries.filter { $0.session != nil }
        let chosen: InstanceSummary?
        if let origin = state.options.openOrigin {
            chosen = summaries.first { $0.instance.origin == origin }
        } else if let key = state.preferences.lastInstanceKey, let last = signedIn.first(where: { $0.instance.key == key }) {
            chosen = last
        } else {
            chosen = signedIn.count == 1 ? signedIn.first : nil
        }
        let startNotices = state.options.startNotices
        guard let chosen else {
            state.route = .connect(ConnectFeature.State(notice: startNotices.last))
            return connectScope.reduce(into: &state, action: .connect(.listed(.success(summaries))))
        }
        let effect = open(chosen, &state)
        state.current?.notices.append(contentsOf: startNotices)
        return effect
    }

    // MARK: - Opening an instance

    /// Opens an instance: sign-in when this device has no session there; else its saved
    /// workspace and property at once (offline too) or the choice of them.
    private func open(_ summary: InstanceSummary, _ state: inout AppState) -> Effect<AppAction> {
        var effects = [leaveCurrent(&state)]
        guard let session = summary.session else {
            var signIn = SignInFeature.State(instance: summary.instance, deviceName: deviceName(state))
            signIn.notice = nil
            state.route = .signIn(signIn)
            effects.append(signInFeature.check(summary.instance).map(AppAction.signIn))
            return .merge(effects)
        }
        let instance = summary.instance
        var current = CurrentInstance(instance: instance, session: session)
        current.activeTab = WorkTab.opening(among: current.visibleTabs)
        state.preferences.lastInstanceKey = instance.key
        effects.append(savePreferences(state))
        effects.append(checkInstance(instance, session: session))

        if let choice = state.preferences.choice(instanceKey: instance.key, personID: session.user.id.rawValue) {
            current.workspace = choice.workspace
            current.property = choice.property
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
    private func checkInstance(_ instance: SavedInstance, session: StoredSession) -> Effect<AppAction> {
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

    /// Shows the work tabs of the chosen property and begins its generation.
    private func beginContext(_ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current, let partition = current.partition else { return .none }
        current.generation = nil
        if !current.visibleTabs.contains(current.activeTab) { current.activeTab = WorkTab.opening(among: current.visibleTabs) }
        state.current = current
        state.route = .work
        let begin = environment.offline.beginGeneration
        return .run { send in send(.generationBegan(partition, await begin(partition))) }
    }

    /// Ends the context on screen: the tabs stop, the outbox lets go, the generation ends (its
    /// requests abort; its late saves insert nothing). The instance stays on screen.
    private func leaveContext(_ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current else { return .none }
        let stopTabs = workTabs.reduce(into: &current.tabs, action: .event(.stopped)).map(AppAction.tabs)
        let generation = current.generation
        current.generation = nil
        current.tabs = WorkTabs.State()
        current.account = AccountFeature.State()
        current.outbox = .zero
        state.current = current
        let deactivate = environment.outbox.deactivate
        let end = environment.offline.endGeneration
        return .merge(stopTabs, .cancel(id: AccountFeature.loadID), .run { _ in
            await deactivate()
            if let generation { await end(generation) }
        })
    }

    /// Takes the instance on screen off it (another instance opens, sign-out, removal, 401).
    private func leaveCurrent(_ state: inout AppState) -> Effect<AppAction> {
        guard state.current != nil else { return .none }
        let leave = leaveContext(&state)
        state.current = nil
        return .merge(leave, .cancel(id: Self.checkID), .cancel(id: Self.verifyID), .cancel(id: WorkspaceFeature.loadID))
    }

    /// A 401 for the session on screen: forget exactly that token and the account's offline
    /// data, and ask to sign in again with a sentence.
    private func endSession(_ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current else { return .none }
        let session = current.session
        let account = current.offlineAccount
        let leave = leaveCurrent(&state)
        state.preferences.forget(instanceKey: current.instance.key, personID: session.user.id.rawValue)
        state.route = .signIn(SignInFeature.State(
            instance: current.instance, deviceName: deviceName(state),
            notice: Notice(.error, L("errors.session_ended", ["instance": current.instance.name]))))
        let forgetToken = environment.api.forgetToken
        let forgetAccount = environment.offline.forgetAccount
        let log = environment.log
        return .merge(
            leave,
            .run { _ in
                await forgetToken(session)
                if case .failure(let error) = await forgetAccount(account) { log("401: forgetting the account failed: \(error)") }
                log("401: the session on \(session.origin) ended; its token and offline data are deleted")
            },
            savePreferences(state),
            signInFeature.check(current.instance).map(AppAction.signIn))
    }

    // MARK: - Delegates

    private func connectDelegate(_ delegate: ConnectFeature.Action.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .open(let summary):
            return open(summary, &state)
        case .pair(let link):
            var pair = PairFeature.State(link: link ?? "", deviceName: deviceName(state))
            let effect = link == nil ? .none : pairFeature.startCheck(&pair)
            state.route = .pair(pair)
            return effect.map(AppAction.pair)
        case .remove(let summary):
            let question = summary.unsent == 0
                ? L("connect.remove_question", ["instance": summary.instance.name])
                : L("connect.remove_question_unsent", ["instance": summary.instance.name, "count": summary.unsent])
            state.confirmation = Confirmation(purpose: .removeInstance(summary.instance), question: question,
                                              confirmLabel: L("connect.remove"))
            return .none
        }
    }

    private func workspaceDelegate(_ delegate: WorkspaceFeature.Action.Delegate,
                                   _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .chosen(let workspace, let property, let automatically):
            guard let current = state.current else { return .none }
            let leave = leaveContext(&state)
            state.current?.workspace = workspace
            state.current?.property = property
            if automatically {
                state.current?.notices.append(Notice(.info, L("workspace.chosen_automatically", ["property": property.name])))
            } else {
                state.current?.notices = []
            }
            state.preferences.remember(WorkChoice(instanceKey: current.instance.key,
                                                  personID: current.session.user.id.rawValue,
                                                  workspace: workspace, property: property))
            return .merge(leave, savePreferences(state), beginContext(&state))
        case .cancelled:
            if let current = state.current, current.property != nil, current.generation != nil {
                state.route = .work
                return .none
            }
            return showConnect(&state)
        case .sessionEnded:
            return endSession(&state)
        }
    }

    private func accountDelegate(_ delegate: AccountFeature.Action.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current else { return .none }
        switch delegate {
        case .run(.switchProperty):
            state.route = .workspace(WorkspaceFeature.State(session: current.session, current: current.property?.id,
                                                            canCancel: true))
            return workspaceFeature.load(current.session).map(AppAction.workspace)
        case .run(.switchInstance):
            return showConnect(&state)
        case .run(.sendNow):
            let sendNow = environment.outbox.sendNow
            return .run { _ in await sendNow() }
        case .run(.signOut):
            let accountCounts = environment.offline.accountCounts
            let account = current.offlineAccount
            let id = current.session.sessionID
            return .run { send in send(.signOutCounted(id, await accountCounts(account))) }
        case .discard(let change):
            state.confirmation = Confirmation(purpose: .discard(change.id),
                                              question: L("account.discard_question", ["change": change.summary]),
                                              confirmLabel: L("account.discard"))
            return .none
        }
    }

    private func tabsDelegate(_ delegate: WorkTabDelegate, _ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current else { return .none }
        switch delegate {
        case .connection(let connection):
            if connection == .online {
                let effect = markOnline(&current)
                state.current = current
                return effect
            }
            state.current?.connection = connection
            return .none
        case .sessionEnded:
            return endSession(&state)
        case .outboxChanged:
            var effects = [loadAccountIfShown(&state)]
            if let partition = current.partition { effects.append(count(partition)) }
            return .merge(effects)
        case .sendNow:
            let sendNow = environment.outbox.sendNow
            return .run { _ in await sendNow() }
        case .openReview:
            return .merge(select(.account, &state), accountScope.reduce(into: &state, action: .account(.focusReview)))
        }
    }

    /// What a confirmed question does.
    private func confirmed(_ purpose: Confirmation.Purpose, _ state: inout AppState) -> Effect<AppAction> {
        switch purpose {
        case .quit:
            state.quitRequested = true
            return .none

        case .signOut(let id):
            guard let current = state.current, current.session.sessionID == id else { return .none }
            let session = current.session
            let account = current.offlineAccount
            let name = current.instance.name
            let leave = leaveCurrent(&state)
            state.preferences.forget(instanceKey: current.instance.key, personID: session.user.id.rawValue)
            state.route = .connect(ConnectFeature.State(notice: Notice(.info, L("account.signing_out"))))
            let signOut = environment.api.signOut
            let forgetAccount = environment.offline.forgetAccount
            let log = environment.log
            return .merge(leave, savePreferences(state), .run { send in
                let outcome = await signOut(session)
                if case .failure(let error) = await forgetAccount(account) { log("sign-out: forgetting the account failed: \(error)") }
                send(.signedOut(instanceName: name, outcome))
            })

        case .removeInstance(let instance):
            var effects: [Effect<AppAction>] = []
            if state.current?.instance.key == instance.key { effects.append(leaveCurrent(&state)) }
            state.preferences.forget(instanceKey: instance.key)
            state.route = .connect(ConnectFeature.State(notice: Notice(.info, L("connect.removing"))))
            let remove = environment.instances.remove
            effects.append(savePreferences(state))
            effects.append(.run { send in send(.instanceRemoved(instanceName: instance.name, await remove(instance))) })
            return .merge(effects)

        case .discard(let id):
            let discard = environment.outbox.discard
            return .run { send in send(.discarded(await discard(id))) }
        }
    }

    // MARK: - Input

    /// A digit that the tab on screen takes itself (Housekeeping's jump to a room).
    private func digitGoesToTab(_ key: Key, _ state: AppState) -> Bool {
        guard case .character = key, let current = state.current, current.activeTab != .account else { return false }
        return WorkTabs.takesDigits(current.tabs, tab: current.activeTab)
    }

    private func keyPressed(_ key: Key, _ state: inout AppState) -> Effect<AppAction> {
        if var confirmation = state.confirmation {
            switch key {
            case .character("y"), .character("Y"):
                return reduce(into: &state, action: .confirmationAnswered(true))
            case .character("n"), .character("N"), .escape, .character("q"), .backspace:
                return reduce(into: &state, action: .confirmationAnswered(false))
            case .enter:
                return reduce(into: &state, action: .confirmationAnswered(confirmation.focusOnConfirm))
            case .up, .down, .tab, .backTab, .character("j"), .character("k"), .left, .right:
                confirmation.focusOnConfirm.toggle()
                state.confirmation = confirmation
            default:
                break
            }
            return .none
        }
        if state.help != nil {
            return helpScope.reduce(into: &state, action: .help(.keyPressed(key)))
        }
        if !state.isEditingText || key == .function(10) {
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
            if current.activeTab == .account {
                return accountScope.reduce(into: &state, action: .account(.keyPressed(key)))
            }
            return tabEvent(.keyPressed(current.activeTab, key), &state)
        }
    }

    private func pasted(_ text: String, _ state: inout AppState) -> Effect<AppAction> {
        guard state.confirmation == nil, state.help == nil else { return .none }
        switch state.route {
        case .starting, .workspace: return .none
        case .connect: return connectScope.reduce(into: &state, action: .connect(.pasted(text)))
        case .pair: return pairScope.reduce(into: &state, action: .pair(.pasted(text)))
        case .signIn: return signInScope.reduce(into: &state, action: .signIn(.pasted(text)))
        case .work:
            guard let tab = state.current?.activeTab, tab != .account else { return .none }
            return tabEvent(.pasted(tab, text), &state)
        }
    }

    private func clicked(_ target: HitTarget, _ state: inout AppState) -> Effect<AppAction> {
        if state.confirmation != nil {
            if case .row(let id) = target, id == AppView.confirmYesRow || id == AppView.confirmNoRow {
                return reduce(into: &state, action: .confirmationAnswered(id == AppView.confirmYesRow))
            }
            return .none
        }
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
            switch state.route {
            case .starting: return .none
            case .connect: return connectScope.reduce(into: &state, action: .connect(.rowClicked(id)))
            case .pair: return pairScope.reduce(into: &state, action: .pair(.rowClicked(id)))
            case .signIn: return signInScope.reduce(into: &state, action: .signIn(.rowClicked(id)))
            case .workspace: return workspaceScope.reduce(into: &state, action: .workspace(.rowClicked(id)))
            case .work:
                guard let tab = state.current?.activeTab else { return .none }
                if tab == .account { return accountScope.reduce(into: &state, action: .account(.rowClicked(id))) }
                return tabEvent(.rowClicked(tab, id), &state)
            }
        }
    }

    /// `q`: quits at once when nothing is unsent, else says how many changes wait first.
    private func quit(_ state: inout AppState) -> Effect<AppAction> {
        let counts = state.current?.outbox ?? .zero
        let unsent = counts.toSend + counts.toReview
        guard unsent > 0 else {
            state.quitRequested = true
            return .none
        }
        state.confirmation = Confirmation(purpose: .quit, question: L("app.quit_question", ["count": unsent]),
                                          confirmLabel: L("app.quit"))
        return .none
    }

    /// Opens a tab the instance shows.
    private func select(_ tab: WorkTab, _ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current, current.visibleTabs.contains(tab) else { return .none }
        state.current?.notices = []
        guard tab != current.activeTab else { return .none }
        state.current?.activeTab = tab
        if tab == .account { return loadAccount(&state) }
        return tabEvent(.opened(tab), &state)
    }

    /// `guestcraft open …`: a room opens as if its tag were scanned on Housekeeping.
    private func openLink(_ link: GuestcraftCommand.OpenLink, _ state: inout AppState) -> Effect<AppAction> {
        switch link {
        case .room(let number):
            guard state.current?.visibleTabs.contains(.housekeeping) == true else {
                state.current?.notices.append(Notice(.warning, L("app.open_room_not_offered")))
                return .none
            }
            return .merge(select(.housekeeping, &state), tabEvent(.pasted(.housekeeping, number + "\n"), &state))
        case .reservation:
            state.current?.notices.append(Notice(.warning, L("app.open_reservation_not_available")))
            return .none
        }
    }

    // MARK: - Helpers

    /// Starts the work tabs on a context; the tab on screen opens (reads its saved copy, then
    /// a fresh one); the others read when they are opened.
    private func startTabs(_ context: WorkContext, _ state: inout AppState) -> Effect<AppAction> {
        let started = tabEvent(.started(context), &state)
        guard let tab = state.current?.activeTab, tab != .account else { return started }
        return .merge(started, tabEvent(.opened(tab), &state))
    }

    /// Sends an event to the work tabs (only while a context is on screen).
    private func tabEvent(_ event: WorkTabEvent, _ state: inout AppState) -> Effect<AppAction> {
        guard state.current != nil else { return .none }
        return tabsScope.reduce(into: &state, action: .tabs(.event(event)))
    }

    /// The instance answered: online again, and the tabs and the outbox hear it came back.
    private func markOnline(_ current: inout CurrentInstance) -> Effect<AppAction> {
        let wasOffline = current.connection == .offline
        current.connection = .online
        guard wasOffline, current.context != nil else { return .none }
        var tabs = current.tabs
        let restored = workTabs.reduce(into: &tabs, action: .event(.connectionRestored)).map(AppAction.tabs)
        current.tabs = tabs
        let sendNow = environment.outbox.sendNow
        return .merge(restored, .run { _ in await sendNow() })
    }

    private func count(_ partition: Partition) -> Effect<AppAction> {
        let counts = environment.offline.counts
        return .run { send in send(.outboxCounted(partition, await counts(partition))) }
    }

    private func loadAccount(_ state: inout AppState) -> Effect<AppAction> {
        guard var account = state.current?.account, state.current?.generation != nil else { return .none }
        let effect = accountFeature.load(&account)
        state.current?.account = account
        return effect.map(AppAction.account)
    }

    private func loadAccountIfShown(_ state: inout AppState) -> Effect<AppAction> {
        state.current?.activeTab == .account ? loadAccount(&state) : .none
    }

    /// Connect, with the saved instances read again; the instance on screen leaves.
    private func showConnect(_ state: inout AppState) -> Effect<AppAction> {
        let leave = leaveCurrent(&state)
        state.route = .connect(ConnectFeature.State())
        return .merge(leave, connectFeature.load().map(AppAction.connect))
    }

    private func reloadConnect(_ state: inout AppState) -> Effect<AppAction> {
        guard state.connect != nil else { return .none }
        return connectScope.reduce(into: &state, action: .connect(.reload))
    }

    private func savePreferences(_ state: AppState) -> Effect<AppAction> {
        let save = environment.preferences.save
        let preferences = state.preferences
        return .run { _ in await save(preferences) }
    }

    private func deviceName(_ state: AppState) -> String {
        state.preferences.deviceName ?? environment.defaultDeviceName()
    }

    private func log(_ line: String) -> Effect<AppAction> {
        let log = environment.log
        return .run { _ in log(line) }
    }

    // MARK: - Scopes

    private var connectScope: OptionalScope<AppState, AppAction, ConnectFeature> {
        OptionalScope(state: \.connect, action: AppAction.connect,
                      extract: { if case .connect(let a) = $0 { a } else { nil } }, child: connectFeature)
    }

    private var pairScope: OptionalScope<AppState, AppAction, PairFeature> {
        OptionalScope(state: \.pair, action: AppAction.pair,
                      extract: { if case .pair(let a) = $0 { a } else { nil } }, child: pairFeature)
    }

    private var signInScope: OptionalScope<AppState, AppAction, SignInFeature> {
        OptionalScope(state: \.signIn, action: AppAction.signIn,
                      extract: { if case .signIn(let a) = $0 { a } else { nil } }, child: signInFeature)
    }

    private var workspaceScope: OptionalScope<AppState, AppAction, WorkspaceFeature> {
        OptionalScope(state: \.workspace, action: AppAction.workspace,
                      extract: { if case .workspace(let a) = $0 { a } else { nil } }, child: workspaceFeature)
    }

    private var accountScope: OptionalScope<AppState, AppAction, AccountFeature> {
        OptionalScope(state: \.account, action: AppAction.account,
                      extract: { if case .account(let a) = $0 { a } else { nil } }, child: accountFeature)
    }

    private var tabsScope: OptionalScope<AppState, AppAction, WorkTabs> {
        OptionalScope(state: \.tabs, action: AppAction.tabs,
                      extract: { if case .tabs(let a) = $0 { a } else { nil } }, child: workTabs)
    }

    private var helpScope: OptionalScope<AppState, AppAction, HelpFeature> {
        OptionalScope(state: \.help, action: AppAction.help,
                      extract: { if case .help(let a) = $0 { a } else { nil } }, child: HelpFeature())
    }
}
