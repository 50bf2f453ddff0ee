import Foundation
import GuestCraftAPI
import ClientModel

/// Everything the app needs from the outside world, as structs of `@Sendable` closures: the
/// instance, the credentials, the offline store, the outbox, preferences, the clock and the log.
/// The executable builds the live one (`Sources/guestcraft/Live`); tests hand in fakes that fail
/// when called unexpectedly. Reducers never do I/O themselves: they call these inside effects.
public struct AppEnvironment: Sendable {
    public var instances: InstancesClient
    public var pairing: PairingClient
    public var signIn: SignInClient
    public var api: SessionAPIClient
    public var offline: OfflineClient
    public var outbox: OutboxClient
    public var preferences: PreferencesClient
    public var clock: ClockClient
    /// A time as the person reads it ("09:41" today, with the date otherwise), in the terminal's zone.
    public var formatTime: @Sendable (Date) -> String
    /// A line for the log file (details of failures; never a token).
    public var log: @Sendable (String) -> Void
    /// The device name offered when pairing or signing in (`<hostname> terminal`).
    public var defaultDeviceName: @Sendable () -> String
    /// What the work tabs need (their features' own clients).
    public var tabs: WorkTabs.Environment
    /// How often a live list on screen follows the instance (`GUESTCRAFT_REFRESH_SECONDS`).
    public var live: LiveRefreshSettings
    /// How the instance is looked for while it cannot be reached (nil: never, as in most tests).
    public var probe: ReachProbeSettings?
    /// The accounts' PINs (hashed in a file of their own).
    public var lock: LockClient
    /// What the device sets for every account's lock (`/etc/guestcraft/guestcraft.conf`, `--lock-idle-seconds`).
    public var lockPolicy: LockPolicy

    public init(instances: InstancesClient, pairing: PairingClient, signIn: SignInClient, api: SessionAPIClient,
                offline: OfflineClient, outbox: OutboxClient, preferences: PreferencesClient, clock: ClockClient,
                formatTime: @escaping @Sendable (Date) -> String,
                log: @escaping @Sendable (String) -> Void, defaultDeviceName: @escaping @Sendable () -> String,
                tabs: WorkTabs.Environment, live: LiveRefreshSettings = .off, probe: ReachProbeSettings? = nil,
                lock: LockClient = .unavailable, lockPolicy: LockPolicy = .none) {
        self.live = live
        self.probe = probe
        self.lock = lock
        self.lockPolicy = lockPolicy
        self.instances = instances
        self.pairing = pairing
        self.signIn = signIn
        self.api = api
        self.offline = offline
        self.outbox = outbox
        self.preferences = preferences
        self.clock = clock
        self.formatTime = formatTime
        self.log = log
        self.defaultDeviceName = defaultDeviceName
        self.tabs = tabs
    }
}

/// A failure of this device's own storage (credentials file, offline database): a sentence for
/// the screen and the details for the log.
public struct StorageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for the log (never shown raw; never a token).
    public var details: String

    public init(_ details: String) { self.details = details }

    public var description: String { details }
}

/// A saved instance as Connect lists it: the instance, this device's sessions there (one per
/// person signed in, each an account of its own), and how many changes wait there (in every
/// account and workspace).
public struct InstanceSummary: Equatable, Sendable {
    public var instance: SavedInstance
    /// In the order they were added.
    public var sessions: [StoredSession]
    /// Unsent changes kept for this instance (to send and to review).
    public var unsent: Int

    public init(instance: SavedInstance, session: StoredSession?, unsent: Int) {
        self.init(instance: instance, sessions: session.map { [$0] } ?? [], unsent: unsent)
    }

    public init(instance: SavedInstance, sessions: [StoredSession], unsent: Int) {
        self.instance = instance
        self.sessions = sessions
        self.unsent = unsent
    }

    /// The first account there, if this device is signed in.
    public var session: StoredSession? { sessions.first }

    /// Its accounts.
    public var accounts: [SignedIn] { sessions.map { SignedIn(instance: instance, session: $0) } }
}

/// Saved instances and their sessions (`credentials.json`), and checking an address.
public struct InstancesClient: Sendable {
    /// Every saved instance with its session and unsent count, oldest first.
    public var list: @Sendable () async -> Result<[InstanceSummary], StorageFailure>
    /// Normalizes a typed address and checks the instance there (discovery, no credentials).
    public var connect: @Sendable (_ address: String) async -> Result<ConnectedInstance, ConnectError>
    /// Checks a saved instance's origin again.
    public var check: @Sendable (InstanceOrigin) async -> Result<ConnectedInstance, ConnectError>
    /// Saves a checked instance (saving an origin again keeps its key and session).
    public var save: @Sendable (ConnectedInstance) async -> Result<SavedInstance, StorageFailure>
    /// Removes an instance: signs this device out there, deletes its offline data and its entry.
    public var remove: @Sendable (SavedInstance) async -> Result<SignOutOutcome?, StorageFailure>

    public init(list: @escaping @Sendable () async -> Result<[InstanceSummary], StorageFailure>,
                connect: @escaping @Sendable (String) async -> Result<ConnectedInstance, ConnectError>,
                check: @escaping @Sendable (InstanceOrigin) async -> Result<ConnectedInstance, ConnectError>,
                save: @escaping @Sendable (ConnectedInstance) async -> Result<SavedInstance, StorageFailure>,
                remove: @escaping @Sendable (SavedInstance) async -> Result<SignOutOutcome?, StorageFailure>) {
        self.list = list
        self.connect = connect
        self.check = check
        self.save = save
        self.remove = remove
    }
}

/// A checked pairing link as the screen shows it before the code leaves the device: the
/// instance's name and host. The code stays inside the live client, found again by `ticket`.
public struct PairingOffer: Equatable, Sendable {
    /// Names the checked link inside the live client.
    public var ticket: Int
    public var name: String
    public var host: String
    public var origin: InstanceOrigin

    public init(ticket: Int, name: String, host: String, origin: InstanceOrigin) {
        self.ticket = ticket
        self.name = name
        self.host = host
        self.origin = origin
    }
}

/// A device session just made, with its saved instance.
public struct SignedIn: Equatable, Sendable {
    public var instance: SavedInstance
    public var session: StoredSession

    public init(instance: SavedInstance, session: StoredSession) {
        self.instance = instance
        self.session = session
    }
}

/// Pairing with a link: check it (no code sent), then exchange the code once the person confirmed.
public struct PairingClient: Sendable {
    public var check: @Sendable (_ link: String) async -> Result<PairingOffer, PairingError>
    public var exchange: @Sendable (PairingOffer, _ deviceName: String) async -> Result<SignedIn, PairingError>

    public init(check: @escaping @Sendable (String) async -> Result<PairingOffer, PairingError>,
                exchange: @escaping @Sendable (PairingOffer, String) async -> Result<SignedIn, PairingError>) {
        self.check = check
        self.exchange = exchange
    }
}

/// A browser sign-in that has opened its listener: the URL to show, and whether a browser started.
public struct BrowserSignInStarted: Equatable, Sendable {
    public var url: String
    public var browserOpened: Bool

    public init(url: String, browserOpened: Bool) {
        self.url = url
        self.browserOpened = browserOpened
    }
}

/// Browser sign-in: starts the listener and the browser (reported through `started`), waits for
/// the callback and exchanges the code. Cancelling the effect closes the listener (Esc).
public struct SignInClient: Sendable {
    public var browser: @Sendable (ConnectedInstance, _ deviceName: String,
                                   _ started: @escaping @Sendable (BrowserSignInStarted) -> Void) async
        -> Result<SignedIn, SignInError>

    public init(browser: @escaping @Sendable (ConnectedInstance, String, @escaping @Sendable (BrowserSignInStarted) -> Void) async
                    -> Result<SignedIn, SignInError>) {
        self.browser = browser
    }
}

/// Calls made with a device session (the app's own, outside the work tabs).
public struct SessionAPIClient: Sendable {
    public var workspaces: @Sendable (StoredSession) async -> Result<WorkspaceList, GuestCraftError>
    /// A page of a workspace's properties after `cursor`.
    public var properties: @Sendable (StoredSession, WorkspaceID, _ cursor: String?) async
        -> Result<PropertyPage, GuestCraftError>
    /// Revokes the device session there (`If-Match`), then deletes exactly its token here.
    public var signOut: @Sendable (StoredSession) async -> Result<SignOutOutcome, StorageFailure>
    /// Deletes exactly this token here (after a 401); a newer session stays.
    public var forgetToken: @Sendable (StoredSession) async -> Void
    /// Whether this session's 401 came within seconds of a success of the same session (its
    /// pairing or sign-in, an answered request): then a proxy may be dropping the
    /// `Authorization` header rather than the instance ending the session (#35).
    public var refusedRightAfterSuccess: @Sendable (StoredSession) async -> Bool

    public init(workspaces: @escaping @Sendable (StoredSession) async -> Result<WorkspaceList, GuestCraftError>,
                properties: @escaping @Sendable (StoredSession, WorkspaceID, String?) async -> Result<PropertyPage, GuestCraftError>,
                signOut: @escaping @Sendable (StoredSession) async -> Result<SignOutOutcome, StorageFailure>,
                forgetToken: @escaping @Sendable (StoredSession) async -> Void,
                refusedRightAfterSuccess: @escaping @Sendable (StoredSession) async -> Bool) {
        self.workspaces = workspaces
        self.properties = properties
        self.signOut = signOut
        self.forgetToken = forgetToken
        self.refusedRightAfterSuccess = refusedRightAfterSuccess
    }
}

/// The offline store's generations, deletions and counts.
public struct OfflineClient: Sendable {
    /// A new generation's id, made before its row is written so that the tabs can show their
    /// saved copies beside (not after) the write.
    public var newGeneration: @Sendable () -> GenerationID
    /// Writes the live row of generation `id` of a partition (saves of it insert only after).
    public var beginGeneration: @Sendable (Partition, GenerationID) async -> Result<GenerationID, StorageFailure>
    /// Ends a generation: its requests abort, its late saves insert nothing.
    public var endGeneration: @Sendable (GenerationID) async -> Void
    /// Deletes everything of one person on one instance (a sign-out that deletes the changes).
    public var forgetAccount: @Sendable (Account) async -> Result<Int, StorageFailure>
    /// A 401, or a sign-out that keeps the changes (#35): the saved reads go, the unsent changes
    /// stay sealed to the person and instance until they sign in again. Answers how many are kept.
    public var sealAccount: @Sendable (Account) async -> Result<Int, StorageFailure>
    /// Changes to send and to review in a partition.
    public var counts: @Sendable (Partition) async -> OutboxCounts
    /// Changes of an account in every workspace (what a sign-out would delete).
    public var accountCounts: @Sendable (Account) async -> OutboxCounts
    /// Start-up clean-up: deletes what accounts without a session still keep.
    public var retainAccounts: @Sendable (Set<Account>) async -> Void

    public init(newGeneration: @escaping @Sendable () -> GenerationID = { GenerationID(rawValue: UUID().uuidString) },
                beginGeneration: @escaping @Sendable (Partition, GenerationID) async -> Result<GenerationID, StorageFailure>,
                endGeneration: @escaping @Sendable (GenerationID) async -> Void,
                forgetAccount: @escaping @Sendable (Account) async -> Result<Int, StorageFailure>,
                sealAccount: @escaping @Sendable (Account) async -> Result<Int, StorageFailure>,
                counts: @escaping @Sendable (Partition) async -> OutboxCounts,
                accountCounts: @escaping @Sendable (Account) async -> OutboxCounts,
                retainAccounts: @escaping @Sendable (Set<Account>) async -> Void) {
        self.newGeneration = newGeneration
        self.beginGeneration = beginGeneration
        self.endGeneration = endGeneration
        self.forgetAccount = forgetAccount
        self.sealAccount = sealAccount
        self.counts = counts
        self.accountCounts = accountCounts
        self.retainAccounts = retainAccounts
    }
}

/// A change in the outbox as Account lists it.
public struct PendingChange: Equatable, Sendable {
    public var id: Int64
    /// What it changes, from the catalog ("Room 101: clean").
    public var summary: String
    public var createdAt: Date
    /// Set when it waits for the person's decision.
    public var hold: Hold?
    /// Its last attempt got no answer: the instance may have applied it.
    public var outcomeUnknown: Bool

    public init(id: Int64, summary: String, createdAt: Date, hold: Hold?, outcomeUnknown: Bool) {
        self.id = id
        self.summary = summary
        self.createdAt = createdAt
        self.hold = hold
        self.outcomeUnknown = outcomeUnknown
    }

    /// Why a change waits for the person: a conflict or a refusal, with the instance's problem
    /// code and its own explanation.
    public struct Hold: Equatable, Sendable {
        public var reason: HoldReason
        public var code: String?
        /// The instance's explanation (problem `detail`), untrusted text.
        public var detail: String?

        public init(reason: HoldReason, code: String?, detail: String?) {
            self.reason = reason
            self.code = code
            self.detail = detail
        }
    }
}

/// The outbox engine of the context on screen.
public struct OutboxClient: Sendable {
    /// Makes this context's partition the one sent (with its session's client); runs a round.
    public var activate: @Sendable (WorkContext) async -> Void
    /// No partition is active any more; the request in flight is aborted.
    public var deactivate: @Sendable () async -> Void
    /// "Send now".
    public var sendNow: @Sendable () async -> Void
    /// Discards a change of the active partition (the person's decision).
    public var discard: @Sendable (Int64) async -> Result<Bool, StorageFailure>
    /// The active partition's changes, held ones included, in order.
    public var changes: @Sendable () async -> Result<[PendingChange], StorageFailure>
    /// The engine's reports, for one listener for the app's lifetime.
    public var news: @Sendable () -> AsyncStream<OutboxNews>

    public init(activate: @escaping @Sendable (WorkContext) async -> Void,
                deactivate: @escaping @Sendable () async -> Void,
                sendNow: @escaping @Sendable () async -> Void,
                discard: @escaping @Sendable (Int64) async -> Result<Bool, StorageFailure>,
                changes: @escaping @Sendable () async -> Result<[PendingChange], StorageFailure>,
                news: @escaping @Sendable () -> AsyncStream<OutboxNews>) {
        self.activate = activate
        self.deactivate = deactivate
        self.sendNow = sendNow
        self.discard = discard
        self.changes = changes
        self.news = news
    }
}

/// The app's own small settings file: the last instance opened and, per instance and person,
/// the workspace and property chosen (so the app opens on them, offline too).
public struct PreferencesClient: Sendable {
    public var load: @Sendable () async -> AppPreferences
    public var save: @Sendable (AppPreferences) async -> Void

    public init(load: @escaping @Sendable () async -> AppPreferences,
                save: @escaping @Sendable (AppPreferences) async -> Void) {
        self.load = load
        self.save = save
    }
}
