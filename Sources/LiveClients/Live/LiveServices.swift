import AppCore
import Catalog
import Foundation
import HTTPClient
import InstanceClient
import OfflineStore
import Outbox
import DeviceServices
import TerminalUI

/// The real things behind the app: the state directory with its log, credentials, offline store
/// and outbox engine, and one HTTP client (one connection cache) for every call.
public final class LiveServices: Sendable {
    let environment: [String: String]
    let stateDirectory: URL
    let log: Log
    let http: HTTPClient
    let credentials: CredentialStore
    public let offline: OfflineStore
    let connector: InstanceConnector
    let outbox: OutboxEngine<InstanceClient>
    /// Whether the engine knows any operation; an engine that knows none never sends (it would
    /// hold every entry as unknown).
    let outboxEnabled: Bool
    /// How often the live list on screen follows the instance (`GUESTCRAFT_REFRESH_SECONDS`).
    let liveRefresh: LiveRefreshSettings
    /// The photos fault report forms re-encoded, until their report is saved.
    let faultPhotos = FaultPhotoStore()
    /// When each session last succeeded, for a 401's proxy hint (#35).
    let sessionAnswers = SessionAnswers()
    /// The accounts' lock PINs, hashed (`pins`).
    let pins: PINStore
    /// The start's saved list, read ahead (`init(environment:readAhead:)`); a screen waits for it
    /// 50 ms, or `GUESTCRAFT_READ_AHEAD_WAIT_MS` (for counting the start under callgrind, where
    /// 50 ms passed before the read ahead some runs and the list was decoded twice).
    let prefetch: SavedReadPrefetch
    /// With the read ahead (the full screen): the start's work its first frame does not use
    /// waits for that frame (`AfterFirstFrame`; the app says when it is written).
    let afterFirstFrame: AfterFirstFrame?
    /// The device's lock settings: the system-wide file's, then `GUESTCRAFT_LOCK_IDLE_SECONDS`
    /// (the command line's `--lock-idle-seconds` is applied by the app's command).
    let lockPolicy: LockPolicy
    /// The time the app's effects, the screens' timers and the outbox's retries wait on: the
    /// system's, or a test's manual clock (the in-process harness, #33).
    let clock: ClockClient

    /// The system-wide configuration file (an administrator's; `GUESTCRAFT_SYSTEM_CONFIG` names
    /// another, for tests).
    public static let systemConfigPath = "/etc/guestcraft/guestcraft.conf"

    /// Opens everything in the state directory `environment` names. Throws a sentence to print.
    /// With `readAhead` (the full screen), the opening list is read ahead as soon as the offline
    /// store is open (`SavedReadPrefetch`), beside the rest of the opening (#18).
    public convenience init(environment: [String: String], readAhead: Bool = false) throws(StartupError) {
        try self.init(environment: environment, readAhead: readAhead, afterFirstFrame: readAhead ? AfterFirstFrame() : nil)
    }

    /// With the gate the full screen's deferred work waits for (tests hand their own).
    /// `clock`, when given, replaces the system's for the effects, and `outboxClock` (else
    /// `clock`) for the outbox's retries; `stallLimit` the HTTP client's 15 s (tests).
    init(environment: [String: String], readAhead: Bool, afterFirstFrame: AfterFirstFrame?,
         clock: ClockClient? = nil, outboxClock: ClockClient? = nil, stallLimit: Duration? = nil) throws(StartupError) {
        self.environment = environment
        prefetch = SavedReadPrefetch(waitAtMostMilliseconds: Self.milliseconds(environment["GUESTCRAFT_READ_AHEAD_WAIT_MS"],
                                                                                otherwise: 50))
        self.clock = clock ?? .dispatch
        self.afterFirstFrame = readAhead ? afterFirstFrame : nil
        let directory = StateDirectory.resolve(environment: environment)
        stateDirectory = directory
        do {
            try StateDirectory.prepare(directory)
        } catch {
            throw StartupError(ErrorText.offline(error))
        }
        do {
            log = try Log(stateDirectory: directory.filePath)
        } catch {
            throw StartupError(L("cli.log_failed", ["path": directory.filePath]))
        }
        // The read ahead begins now, reading the preferences while the rest opens, and waits for
        // the offline store (#18); it is handed none when the opening fails after this.
        let storeHandoff = readAhead ? Handoff<OfflineStore>() : nil
        defer { storeHandoff?.offer(nil) }
        if let storeHandoff {
            startPreferences.reading()
            Self.readAhead(prefetch, startPreferences, PreferencesFile(directory: directory, log: log), storeHandoff,
                           afterFirstFrame)
        }
        let system = Self.systemConfiguration(environment, log: log)
        var httpConfiguration = HTTPClientConfiguration(environment: environment,
                                                        caBundle: Self.caBundle(system, environment, log: log))
        if let stallLimit { httpConfiguration.lowSpeedTime = stallLimit }
        http = HTTPClient(configuration: httpConfiguration)
        let log = self.log
        let logger: ClientLogger = { entry in log.write(entry.description) }
        connector = InstanceConnector(http: http, logger: logger)
        do {
            credentials = try CredentialStore(directory: directory)
        } catch {
            log.write("credentials: \(error)")
            throw StartupError(L("cli.credentials_failed", ["path": directory.filePath]))
        }
        do {
            pins = try PINStore(directory: directory)
        } catch {
            log.write("pins: \(error)")
            throw StartupError(L("cli.credentials_failed", ["path": directory.filePath]))
        }
        // The full screen cleans the store up after its first frame (`readStart`), and opens its
        // reading connection after it: its reads before it go through the writing one.
        var readsOnWriter: (@Sendable () -> Bool)?
        if let gate = self.afterFirstFrame { readsOnWriter = { !gate.isOpen } }
        let store: OfflineStore
        do {
            store = try OfflineStore(directory: directory, cleanUpLater: readAhead, readsOnWriterWhile: readsOnWriter)
        } catch {
            log.write("offline store: \(error)")
            throw StartupError(ErrorText.offline(error))
        }
        offline = store
        storeHandoff?.offer(store)
        if readAhead {
            Self.readStart(instances: startInstances, credentials: credentials, store: store,
                           pinAccounts: startPINAccounts, pins: pins, log: log, afterFirstFrame: afterFirstFrame)
        }
        if let damage = offline.recoveredDamage {
            log.write("offline store: \(ErrorText.damagedOfflineFile(movedTo: damage.movedTo)) (SQLite: \(damage.reason))")
        }
        let registry = WorkOperations.registry()
        outboxEnabled = !registry.isEmpty
        outbox = OutboxEngine(store: offline, registry: registry, timing: Self.outboxTiming(environment, clock: outboxClock ?? clock))
        liveRefresh = Self.liveRefresh(environment, log: log)
        lockPolicy = Self.lockPolicy(system.lock, environment, log: log)
    }

    /// The system-wide file (`GUESTCRAFT_SYSTEM_CONFIG` names another, for tests), read once for
    /// the app, `guestcraft send` (so the send timer) and `guestcraft pair`; what cannot be read is
    /// said in the log and left out.
    static func systemConfiguration(_ environment: [String: String], log: Log) -> SystemConfiguration {
        let path = environment["GUESTCRAFT_SYSTEM_CONFIG"].flatMap { $0.isEmpty ? nil : $0 } ?? systemConfigPath
        // Most devices have no such file: asking Foundation for one that is not there built an
        // error worth 0.4 M instructions on the UI thread before the first frame (#18).
        guard access(path, F_OK) == 0, let data = FileManager.default.contents(atPath: path) else { return SystemConfiguration() }
        let (read, problems) = SystemConfiguration.parse(config: String(decoding: data, as: UTF8.self))
        for problem in problems { log.write("config \(path): \(problem)") }
        let policy = read.lock
        log.write("config \(path): lock \(policy.required ? "required" : "not required")\(policy.idleSeconds.map { ", idle \($0) s" } ?? "")"
                  + (read.caBundle.map { ", ca_bundle \($0)" } ?? ""))
        return read
    }

    /// The CA file added to the system's: `GUESTCRAFT_CA_BUNDLE` when set (it wins), else the
    /// file's `ca_bundle`. One that cannot be read is said in the log and still handed to libcurl,
    /// so every https request fails with its own sentence naming it rather than trusting less
    /// than the administrator asked without a word (issue #35).
    static func caBundle(_ system: SystemConfiguration, _ environment: [String: String], log: Log) -> String? {
        let variable = environment["GUESTCRAFT_CA_BUNDLE"].flatMap { $0.isEmpty ? nil : $0 }
        if let variable, let configured = system.caBundle, variable != configured {
            log.write("ca_bundle: GUESTCRAFT_CA_BUNDLE (\(variable)) wins over the configuration's \(configured)")
        }
        guard let path = variable ?? system.caBundle else { return nil }
        if access(path, R_OK) != 0 {
            log.write("ca_bundle \(path) cannot be read: \(String(cString: strerror(errno)))")
        }
        return system.caBundle
    }

    /// The system-wide file's `require_lock` and `lock_idle_seconds`, then
    /// `GUESTCRAFT_LOCK_IDLE_SECONDS`; what cannot be read is said in the log and left out.
    static func lockPolicy(_ read: LockPolicy, _ environment: [String: String], log: Log) -> LockPolicy {
        var policy = read
        if let text = environment["GUESTCRAFT_LOCK_IDLE_SECONDS"], !text.isEmpty {
            if let seconds = LockPolicy.idleSeconds(text) { policy.idleSeconds = seconds } else {
                log.write(L("cli.lock_idle_invalid", ["value": InertText.sanitize(text)]))
            }
        }
        return policy
    }

    /// `GUESTCRAFT_REFRESH_SECONDS`: whole seconds between the live list's reads, 0 for never;
    /// anything else is said in the log and the default (15) kept.
    static func liveRefresh(_ environment: [String: String], log: Log) -> LiveRefreshSettings {
        let text = environment["GUESTCRAFT_REFRESH_SECONDS"]
        if let settings = LiveRefreshSettings.parse(text) { return settings }
        log.write(L("cli.refresh_seconds_invalid", ["value": InertText.sanitize(text ?? "")]))
        return LiveRefreshSettings(interval: LiveRefreshSettings.defaultInterval)
    }

    /// How long the start holds the network back while it draws its first frame from saved reads
    /// (#18): half a second, or `GUESTCRAFT_NETWORK_HOLD_MS` (0 to 60,000; for measuring the start
    /// under callgrind, where the first frame takes seconds).
    static func networkHold(_ environment: [String: String]) -> Duration {
        holdMilliseconds(environment["GUESTCRAFT_NETWORK_HOLD_MS"], otherwise: 500)
    }

    /// A hold's length from a variable's milliseconds (0 to 60,000), else `otherwise`.
    static func holdMilliseconds(_ text: String?, otherwise: Int) -> Duration {
        .milliseconds(milliseconds(text, otherwise: otherwise))
    }

    static func milliseconds(_ text: String?, otherwise: Int) -> Int {
        text.flatMap(Int.init).map { max(0, min($0, 60_000)) } ?? otherwise
    }

    /// The outbox's retries while the instance cannot be reached: 2 s doubling to 2 minutes, with
    /// jitter, so a handheld back in Wi-Fi sends within two minutes without a key (issue #13).
    /// `GUESTCRAFT_RETRY_CAP_SECONDS` shortens the cap (tests, kiosks).
    static func outboxTiming(_ environment: [String: String], clock: ClockClient? = nil) -> OutboxTiming {
        let cap = environment["GUESTCRAFT_RETRY_CAP_SECONDS"].flatMap(Int.init).map { max(1, min($0, 120)) } ?? 120
        var timing = OutboxTiming(backoffBase: .seconds(min(2, cap)), backoffCap: .seconds(cap))
        if let clock {
            timing.now = clock.now
            timing.sleep = clock.sleep
        }
        return timing
    }

    /// The typed client of a session; a 401 forgets exactly its token. Its successes are
    /// recorded (`sessionAnswers`) for a later 401's proxy hint.
    func client(for session: StoredSession) -> InstanceClient {
        let log = self.log
        let answers = sessionAnswers
        return InstanceClient(session: session, http: http, logger: { entry in
            answers.record(entry, of: session)
            log.write(entry.description)
        }, onUnauthorized: credentials.forgetOnUnauthorized)
    }

    /// The process's settings, before any thread starts: two malloc arenas (`ProcessMemory`).
    public static func prepareProcess() {
        ProcessMemory.limitMallocArenas(to: 2)
    }

    /// The full screen's process, before its first thread: the executable's data pages faulted in
    /// at once (`ProcessMemory.populateProgramData`, #18). The one-shot commands (`--version`,
    /// `status`) touch too few of them for it to pay.
    public static func prepareFullScreen() {
        ProcessMemory.populateProgramData()
    }

    /// The process's environment, for `init(environment:)` (read from `environ`, #18).
    public static func processEnvironment() -> [String: String] { ProcessEnvironment.current() }

    /// Starts reading the list the full screen will most likely open with, on another thread while
    /// the app opens (#18; `SavedReadPrefetch`): the preferences first, which go to the app's
    /// first load of them, then — once `store` hands it the offline store — the list.
    private static func readAhead(_ prefetch: SavedReadPrefetch, _ startPreferences: FirstRead<AppPreferences>,
                                  _ preferences: PreferencesFile, _ store: Handoff<OfflineStore>,
                                  _ afterFirstFrame: AfterFirstFrame?) {
        prefetch.start(preferences: {
            let loaded = preferences.load()
            startPreferences.offer(loaded)
            return loaded
        }, store: { store.wait() }, afterHead: afterFirstFrame)
    }

    /// The preferences the read ahead read, for the app's first load of them (#18: the file was
    /// read and decoded twice on the way to the first frame).
    let startPreferences = FirstRead<AppPreferences>()
    /// The saved instances and the accounts with a PIN, read beside the opening for the app's
    /// start (`readStart`).
    let startInstances = FirstRead<StoreRead<Result<[InstanceSummary], StorageFailure>>>()
    let startPINAccounts = FirstRead<StoreRead<Set<Account>>>()

    /// Reads, on a thread of its own while the opening goes on, what the app's start asks first —
    /// the saved instances with their unsent counts, and the accounts with a PIN — for its first
    /// ask of each (#18: the UI thread waited 0.6 ms for that effect with nothing else to do).
    /// A write through this process's stores after the read (the demo saves its instance before
    /// the app asks) makes the first ask read again (`StoreRead`). Then, once the first frame is
    /// on the terminal, the store's opening clean-up (`OfflineStore.cleanUpAfterOpening`).
    private static func readStart(instances: FirstRead<StoreRead<Result<[InstanceSummary], StorageFailure>>>,
                                  credentials: CredentialStore, store: OfflineStore,
                                  pinAccounts: FirstRead<StoreRead<Set<Account>>>, pins: PINStore, log: Log,
                                  afterFirstFrame: AfterFirstFrame?) {
        instances.reading()
        pinAccounts.reading()
        let thread = Thread {
            let credentialWrites = credentials.writes
            instances.offer(StoreRead(value: InstancesClient.list(credentials, store), writes: credentialWrites))
            let pinWrites = pins.writes
            pinAccounts.offer(StoreRead(value: LockClient.accounts(pins, log: log), writes: pinWrites))
            afterFirstFrame?.wait()
            do {
                try store.cleanUpAfterOpening()
            } catch {
                log.write("offline store: the opening's clean-up failed: \(error)")
            }
        }
        thread.name = "start read"
        thread.start()
    }

    /// The preferences, read once at the start: the read ahead's copy when it has one.
    func loadPreferences() -> AppPreferences {
        startPreferences.take() ?? preferences.load()
    }

    /// The preferences file beside the credentials.
    var preferences: PreferencesFile { PreferencesFile(directory: stateDirectory, log: log) }
}

/// Why the program could not start: the sentence to print on stderr.
public struct StartupError: Error {
    public let message: String
    init(_ message: String) { self.message = message }
}
