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
    let lockFeature: LockFeature
    let workTabs: WorkTabs

    public init(environment: AppEnvironment) {
        self.environment = environment
        connectFeature = ConnectFeature(environment: environment)
        pairFeature = PairFeature(environment: environment)
        signInFeature = SignInFeature(environment: environment)
        workspaceFeature = WorkspaceFeature(environment: environment)
        accountFeature = AccountFeature(environment: environment)
        lockFeature = LockFeature(environment: environment)
        workTabs = WorkTabs(environment: environment.tabs)
    }

    static let newsID: EffectID = "app.outbox_news"
    static let checkID: EffectID = "app.instance_check"
    static let verifyID: EffectID = "app.choice_verify"
    static let passingNoticesID: EffectID = "app.passing_notices"
    /// How long a passing sentence stays when no key takes it away.
    static let passingNoticeSeconds = 8

    /// Takes the passing sentences away after `passingNoticeSeconds` (a new one starts the wait again).
    func expirePassingNotices() -> Effect<AppAction> {
        let sleep = environment.clock.sleep
        return .run(id: Self.passingNoticesID, cancelInFlight: true) { send in
            do {
                try await sleep(.seconds(Self.passingNoticeSeconds))
                send(.passingNoticesExpired)
            } catch {}
        }
    }

    public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        let before = LiveFollow(state, environment.live)
        let idle = IdleWatch(state, environment.lockPolicy)
        let reach = ReachWatch(state, environment.probe)
        let effect = reduceAction(into: &state, action: action)
        return .merge(effect, follow(after: action, from: before, &state), watchIdle(from: idle, &state),
                      watchReach(from: reach, &state))
    }

    func reduceAction(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .started:
            return start()

        case .startLoaded(let result, let preferences, let pins):
            state.preferences = preferences
            state.pins = pins
            return startLoaded(result, &state)

        case .keyPressed(let key):
            if key != KeyMap.lockKey, let locked = inputLocks(&state) { return locked }
            return keyPressed(key, &state)

        case .scanned(let text):
            if let locked = inputLocks(&state) { return locked }
            return scanned(text, &state)
        case .pasted(let text):
            if let locked = inputLocks(&state) { return locked }
            return pasted(text, &state)

        case .clicked(let target):
            if let locked = inputLocks(&state) { return locked }
            return clicked(target, &state)

        case .idleTimerFired:
            return idleTimerFired(&state)

        case .forgotPINCounted(let id, let counts):
            return forgotPINCounted(id, counts, &state)

        case .accountsCounted(let id, let counts):
            guard state.current?.session.sessionID == id else { return .none }
            state.current?.account.accountCounts = counts
            let rows = accountRows(state)
            state.current?.account.accounts = rows
            return .none

        case .lock(.delegate(let delegate)):
            return lockDelegate(delegate, &state)
        case .lock:
            return lockScope.reduce(into: &state, action: action)

        case .pinForm(.delegate(let delegate)):
            return pinFormDelegate(delegate, &state)
        case .pinForm:
            return pinFormScope.reduce(into: &state, action: action)

        case .passingNoticesExpired:
            state.current?.notices.removeAll { $0.level == .info }
            return .none

        case .liveTick:
            return liveTick(&state)

        case .reachProbed(let id, let reached):
            return reachProbed(id, reached: reached, &state)

        // MARK: Features and their delegates

        case .connect(.delegate(let delegate)):
            return connectDelegate(delegate, &state)
        case .connect:
            return connectScope.reduce(into: &state, action: action)

        case .pair(.delegate(.paired(let signedIn))):
            state.preferences.deviceName = signedIn.session.deviceName
            rememberAccount(signedIn, &state)
            return open(InstanceSummary(instance: signedIn.instance, session: signedIn.session, unsent: 0), &state)
        case .pair(.delegate(.back)):
            return showConnect(&state)
        case .pair:
            return pairScope.reduce(into: &state, action: action)

        case .signIn(.delegate(.signedIn(let signedIn))):
            state.preferences.deviceName = signedIn.session.deviceName
            rememberAccount(signedIn, &state)
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

        case .confirmationAlternative:
            guard let confirmation = state.confirmation, confirmation.alternativeLabel != nil else { return .none }
            state.confirmation = nil
            return confirmed(confirmation.purpose, keepingChanges: true, &state)

        // The instance on screen: its check, generation, outbox, sign-out and removal (AppReducer+Instance).
        case .instanceChecked, .choiceVerified, .generationBegan, .outboxNews, .outboxCounted, .signOutCounted,
             .signedOut, .instanceRemoved, .discarded, .sessionSealed:
            return instanceAction(action, &state)
        }
    }

    // MARK: - Helpers

    /// Starts the work tabs on a context; the tab on screen opens (reads its saved copy, then
    /// a fresh one); the others read when they are opened.
    func startTabs(_ context: WorkContext, _ state: inout AppState) -> Effect<AppAction> {
        let started = tabEvent(.started(context), &state)
        guard let tab = state.current?.activeTab, tab != .account else { return started }
        return .merge(started, tabEvent(.opened(tab), &state))
    }

    /// Sends an event to the work tabs (only while a context is on screen).
    func tabEvent(_ event: WorkTabEvent, _ state: inout AppState) -> Effect<AppAction> {
        guard state.current != nil else { return .none }
        return tabsScope.reduce(into: &state, action: .tabs(.event(event)))
    }

    /// The instance answered: online again, and the tabs and the outbox hear it came back. The
    /// header says Online from here on, so whatever a tab still shows as Offline reads again, even
    /// when the header said Online already (#30: an answer of one read came after another's
    /// failure) — the header and the body never disagree.
    func markOnline(_ current: inout CurrentInstance) -> Effect<AppAction> {
        let wasOffline = current.connection == .offline
        current.connection = .online
        guard current.context != nil else { return .none }
        var tabs = current.tabs
        guard wasOffline else {
            let reread = workTabs.reduce(into: &tabs, action: .event(.instanceAnswered)).map(AppAction.tabs)
            current.tabs = tabs
            return reread
        }
        let restored = workTabs.reduce(into: &tabs, action: .event(.connectionRestored)).map(AppAction.tabs)
        current.tabs = tabs
        let sendNow = environment.outbox.sendNow
        return .merge(restored, .run { _ in await sendNow() })
    }

    func count(_ partition: Partition) -> Effect<AppAction> {
        let counts = environment.offline.counts
        return .run { send in send(.outboxCounted(partition, await counts(partition))) }
    }

    func loadAccount(_ state: inout AppState) -> Effect<AppAction> {
        refreshAccountLock(&state)
        let accounts = accountRows(state)
        state.current?.account.accounts = accounts
        guard var account = state.current?.account, state.current?.generation != nil else { return .none }
        let effect = accountFeature.load(&account)
        state.current?.account = account
        return .merge(effect.map(AppAction.account), countAccounts(state))
    }

    func loadAccountIfShown(_ state: inout AppState) -> Effect<AppAction> {
        state.current?.activeTab == .account ? loadAccount(&state) : .none
    }

    /// Connect, with the saved instances read again; the instance on screen leaves.
    func showConnect(_ state: inout AppState) -> Effect<AppAction> {
        let leave = leaveCurrent(&state)
        state.route = .connect(ConnectFeature.State())
        return .merge(leave, connectFeature.load().map(AppAction.connect))
    }

    func reloadConnect(_ state: inout AppState) -> Effect<AppAction> {
        guard state.connect != nil else { return .none }
        return connectScope.reduce(into: &state, action: .connect(.reload))
    }

    func savePreferences(_ state: AppState) -> Effect<AppAction> {
        let save = environment.preferences.save
        let preferences = state.preferences
        return .run { _ in await save(preferences) }
    }

    func deviceName(_ state: AppState) -> String {
        state.preferences.deviceName ?? environment.defaultDeviceName()
    }

    func log(_ line: String) -> Effect<AppAction> {
        let log = environment.log
        return .run { _ in log(line) }
    }

    // MARK: - Scopes

    var connectScope: OptionalScope<AppState, AppAction, ConnectFeature> {
        OptionalScope(state: \.connect, action: AppAction.connect,
                      extract: { if case .connect(let a) = $0 { a } else { nil } }, child: connectFeature)
    }

    var pairScope: OptionalScope<AppState, AppAction, PairFeature> {
        OptionalScope(state: \.pair, action: AppAction.pair,
                      extract: { if case .pair(let a) = $0 { a } else { nil } }, child: pairFeature)
    }

    var signInScope: OptionalScope<AppState, AppAction, SignInFeature> {
        OptionalScope(state: \.signIn, action: AppAction.signIn,
                      extract: { if case .signIn(let a) = $0 { a } else { nil } }, child: signInFeature)
    }

    var workspaceScope: OptionalScope<AppState, AppAction, WorkspaceFeature> {
        OptionalScope(state: \.workspace, action: AppAction.workspace,
                      extract: { if case .workspace(let a) = $0 { a } else { nil } }, child: workspaceFeature)
    }

    var accountScope: OptionalScope<AppState, AppAction, AccountFeature> {
        OptionalScope(state: \.account, action: AppAction.account,
                      extract: { if case .account(let a) = $0 { a } else { nil } }, child: accountFeature)
    }

    var tabsScope: OptionalScope<AppState, AppAction, WorkTabs> {
        OptionalScope(state: \.tabs, action: AppAction.tabs,
                      extract: { if case .tabs(let a) = $0 { a } else { nil } }, child: workTabs)
    }

    var helpScope: OptionalScope<AppState, AppAction, HelpFeature> {
        OptionalScope(state: \.help, action: AppAction.help,
                      extract: { if case .help(let a) = $0 { a } else { nil } }, child: HelpFeature())
    }
}
