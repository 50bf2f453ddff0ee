import Foundation
import GuestCraftAPI
import ClientModel

/// The whole app as one value: which screen is up, the instance on screen with everything that
/// belongs to it, the dialogs over the screen, and whether the person asked to quit.
public struct AppState: Equatable, Sendable {
    public var route: Route
    /// The instance on screen, with its session (SPEC §4: one instance at a time).
    public var current: CurrentInstance?
    public var preferences: AppPreferences
    public var options: AppOptions
    /// The keys of the screen (`?`).
    public var help: HelpFeature.State?
    /// A question before something that deletes or ends (quit, sign out, remove, discard).
    public var confirmation: Confirmation?
    public var quitRequested: Bool
    /// The accounts of this device that have a PIN (the PIN file's, read at start).
    public var pins: Set<Account>
    /// Account's dialog to set, change or remove the PIN.
    public var pinForm: PINForm.State?
    /// Every account of this device (instance and person, each with its own session), in the
    /// order they were added: Account lists them and switches between them.
    public var accounts: [SignedIn] = []

    public init(route: Route = .starting, current: CurrentInstance? = nil, preferences: AppPreferences = AppPreferences(),
                options: AppOptions = AppOptions(), help: HelpFeature.State? = nil, confirmation: Confirmation? = nil,
                quitRequested: Bool = false, pins: Set<Account> = [], pinForm: PINForm.State? = nil) {
        self.route = route
        self.current = current
        self.preferences = preferences
        self.options = options
        self.help = help
        self.confirmation = confirmation
        self.quitRequested = quitRequested
        self.pins = pins
        self.pinForm = pinForm
    }

    /// Whether the screen is locked (the account on screen's lock is up).
    public var isLocked: Bool { current?.lock != nil }

    // Optional views of the route, for scoping child features.

    var connect: ConnectFeature.State? {
        get { if case .connect(let s) = route { s } else { nil } }
        set { if let newValue { route = .connect(newValue) } }
    }

    var pair: PairFeature.State? {
        get { if case .pair(let s) = route { s } else { nil } }
        set { if let newValue { route = .pair(newValue) } }
    }

    var signIn: SignInFeature.State? {
        get { if case .signIn(let s) = route { s } else { nil } }
        set { if let newValue { route = .signIn(newValue) } }
    }

    var workspace: WorkspaceFeature.State? {
        get { if case .workspace(let s) = route { s } else { nil } }
        set { if let newValue { route = .workspace(newValue) } }
    }

    var tabs: WorkTabs.State? {
        get { current?.tabs }
        set { if let newValue { current?.tabs = newValue } }
    }

    var account: AccountFeature.State? {
        get { current?.account }
        set { if let newValue { current?.account = newValue } }
    }

    var lock: LockFeature.State? {
        get { current?.lock }
        set { if let newValue { current?.lock = newValue } }
    }

    /// Whether `?` is the help although the screen takes printable keys (Search's page).
    public var keepsHelpKey: Bool {
        guard route == .work, !isLocked, pinForm == nil, let current, current.activeTab != .account else { return false }
        return WorkTabs.keepsHelpKey(current.tabs, tab: current.activeTab)
    }

    /// Whether the screen takes printable keys as text (so `q`, `?` and digits are typed).
    public var isEditingText: Bool {
        if isLocked || pinForm != nil { return true }
        switch route {
        case .starting: return false
        case .connect(let s): return s.isEditingText
        case .pair(let s): return s.isEditingText
        case .signIn(let s): return s.isEditingText
        case .workspace: return false
        case .work:
            if let current, current.activeTab != .account { return WorkTabs.isEditingText(current.tabs, tab: current.activeTab) }
            return false
        }
    }
}

/// The screen that is up.
public enum Route: Equatable, Sendable {
    /// Reading the saved instances.
    case starting
    case connect(ConnectFeature.State)
    case pair(PairFeature.State)
    case signIn(SignInFeature.State)
    /// Choosing the workspace and property of the instance on screen.
    case workspace(WorkspaceFeature.State)
    /// The work tabs of the instance on screen.
    case work
}

/// How the command line asked the app to start.
public struct AppOptions: Equatable, Sendable {
    /// Open this instance first (`guestcraft --demo`).
    public var openOrigin: InstanceOrigin?
    /// Choose this property without asking when the person reaches it.
    public var preferredProperty: PropertyID?
    /// A sentence for the first screen.
    public var startNotice: String?
    /// Where the offline data file went when it was found damaged at start (moved aside and a
    /// new one started): the first screen says so.
    public var damagedOfflineFile: String?
    /// Opened once the work tabs are up (`guestcraft open room/101`); cleared then.
    public var link: GuestcraftCommand.OpenLink?

    public init(openOrigin: InstanceOrigin? = nil, preferredProperty: PropertyID? = nil, startNotice: String? = nil,
                damagedOfflineFile: String? = nil, link: GuestcraftCommand.OpenLink? = nil) {
        self.openOrigin = openOrigin
        self.preferredProperty = preferredProperty
        self.startNotice = startNotice
        self.damagedOfflineFile = damagedOfflineFile
        self.link = link
    }

    /// The sentences the first screen shows, the most important last.
    var startNotices: [Notice] {
        [startNotice.map { Notice(.info, $0) },
         damagedOfflineFile.map { Notice(.warning, ErrorText.damagedOfflineFile(movedTo: $0)) }].compactMap { $0 }
    }
}

/// The instance on screen and all that belongs to it, as one value: its session, workspace,
/// property, capabilities, live generation, active tab, connection, outbox counts, notices and
/// the state of its tabs. A late answer for another instance never changes it.
public struct CurrentInstance: Equatable, Sendable {
    public var instance: SavedInstance
    public var session: StoredSession
    /// As last read (discovery is read again on opening).
    public var capabilities: [Capability]
    public var workspace: Workspace?
    public var property: Property?
    /// The generation of the context; set when the context begins (its row is written beside the
    /// tabs' saved reads) and nil after it ended.
    public var generation: GenerationID?
    /// Whether the generation's row is written (the outbox is active from then on).
    public var generationBegun: Bool = false
    /// A key already asked the outbox to try again since its last round (offline).
    public var triedOnKey: Bool = false
    /// When the outbox tries again by itself, for the header ("trying again at 09:41").
    public var retryAt: String?
    /// A round is sending this context's changes now (between the outbox's `sending` and the
    /// end of the round).
    public var sending: Bool = false
    public var activeTab: WorkTab
    public var connection: ConnectionState
    /// Changes of the partition waiting to be sent and needing a decision; nil until the outbox
    /// has been counted (the header says nothing of it rather than "All sent" meanwhile).
    public var outbox: OutboxCounts?
    /// Sentences about the instance (chosen automatically, offline at start, …).
    public var notices: [Notice]
    public var tabs: WorkTabs.State
    public var account: AccountFeature.State
    /// How the live list on screen follows the instance (AppReducer+Live).
    public var live = LiveClock()
    /// The probes of the instance that found nothing since it was last reached (AppReducer+Reach).
    public var probesMissed = 0
    /// Whose changes these are, said beside every held change and in Review when this device has
    /// more than one account (nil with one).
    public var owner: String?
    /// The locked screen, while it is up: nothing of the account shows until its PIN is typed.
    public var lock: LockFeature.State?
    /// The person's last key, paste or click while the idle lock watches (AppReducer+Lock).
    public var lastActivity: Date?

    public init(instance: SavedInstance, session: StoredSession, capabilities: [Capability]? = nil,
                workspace: Workspace? = nil, property: Property? = nil, generation: GenerationID? = nil,
                activeTab: WorkTab = .account, connection: ConnectionState = .updating, outbox: OutboxCounts? = nil,
                notices: [Notice] = [], tabs: WorkTabs.State = WorkTabs.State(),
                account: AccountFeature.State = AccountFeature.State()) {
        self.instance = instance
        self.session = session
        self.capabilities = capabilities ?? instance.capabilities
        self.workspace = workspace
        self.property = property
        self.generation = generation
        generationBegun = generation != nil
        self.activeTab = activeTab
        self.connection = connection
        self.outbox = outbox
        self.notices = notices
        self.tabs = tabs
        self.account = account
    }

    /// The offline account of this session on this instance.
    public var offlineAccount: Account { Account(instanceKey: instance.key, personID: session.user.id.rawValue) }

    /// The partition of the chosen workspace.
    public var partition: Partition? {
        workspace.map { WorkContext.partition(instance: instance, session: session, workspace: $0.id) }
    }

    /// The context the tabs work in, once a property is chosen and its generation began.
    public var context: WorkContext? {
        guard let workspace, let property, let generation, let partition else { return nil }
        return WorkContext(instance: instance, session: session, workspace: workspace, property: property,
                           capabilities: capabilities, partition: partition, generation: generation, owner: owner)
    }

    /// The tabs the instance's capabilities and the role's grants allow, in their fixed order
    /// (Account always): a housekeeper sees no Today or Search, the desk no My tasks (#31).
    public var visibleTabs: [WorkTab] {
        WorkTab.allCases.filter { tab in
            (tab.capability.map(capabilities.contains) ?? true)
                && (workspace.map { tab.isReadable(with: $0.permissions) } ?? true)
        }
    }
}

/// A question asked before something that deletes or ends.
public struct Confirmation: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case quit
        case signOut(DeviceSessionID)
        case removeInstance(SavedInstance)
        case discard(Int64)
        /// "Forgot PIN" on the locked screen: sign that account out.
        case forgotPIN(DeviceSessionID)
    }

    public var purpose: Purpose
    /// The sentence, saying what would be deleted (how many unsent changes).
    public var question: String
    /// The words of the answer that goes ahead ("Sign out").
    public var confirmLabel: String
    /// Whether the focus is on going ahead (it starts on keeping things as they are).
    public var focusOnConfirm: Bool
    /// A second way ahead (`m`), when there is one: a sign-out with unsent changes offers "Sign
    /// out and keep them for me" beside "Sign out and delete N changes" (#35).
    public var alternativeLabel: String?
    /// Whether the focus is on the second way ahead.
    public var focusOnAlternative: Bool

    public init(purpose: Purpose, question: String, confirmLabel: String, focusOnConfirm: Bool = false,
                alternativeLabel: String? = nil, focusOnAlternative: Bool = false) {
        self.purpose = purpose
        self.question = question
        self.confirmLabel = confirmLabel
        self.focusOnConfirm = focusOnConfirm
        self.alternativeLabel = alternativeLabel
        self.focusOnAlternative = focusOnAlternative
    }

    /// The key of the second way ahead.
    public static let alternativeKey: Character = "m"

    /// The focus moved one answer down (`forward`) or up: keep, go ahead, the second way, keep.
    mutating func moveFocus(forward: Bool) {
        guard alternativeLabel != nil else {
            focusOnConfirm.toggle()
            return
        }
        let order = [(false, false), (true, false), (false, true)]
        let index = order.firstIndex { $0 == (focusOnConfirm, focusOnAlternative) } ?? 0
        (focusOnConfirm, focusOnAlternative) = order[(index + (forward ? 1 : order.count - 1)) % order.count]
    }
}
