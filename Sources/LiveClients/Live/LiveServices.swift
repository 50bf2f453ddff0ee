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
    /// The outbox entries' payloads as decoded for the rows' marks, so a round's reads of the
    /// marks (Housekeeping's, My tasks') decode only entries not seen before (#32).
    let decodedPayloads = DecodedPayloads()
    /// When each session last succeeded, for a 401's proxy hint (#35).
    let sessionAnswers = SessionAnswers()
    /// The accounts' lock PINs, hashed (`pins`).
    let pins: PINStore
    /// The full screen's start: what is read ahead, what waits for the first frame, the holds
    /// (`AppStart`; with `readAhead` only).
    let start: AppStart
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
        let start = AppStart(environment: environment, readAhead: readAhead, gate: afterFirstFrame)
        self.start = start
        self.clock = clock ?? .dispatch
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
        // the offline store; it is handed none when the opening fails after this.
        start.beginReadAhead(PreferencesFile(directory: directory, log: log))
        var opened = false
        defer { if !opened { start.storeFailed() } }
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
        // The full screen cleans the store up after its first frame (`AppStart.storeOpened`), and
        // opens its reading connection after it: its reads before it go through the writing one.
        let store: OfflineStore
        do {
            store = try OfflineStore(directory: directory, cleanUpLater: readAhead, readsOnWriterWhile: start.readsOnWriter)
        } catch {
            log.write("offline store: \(error)")
            throw StartupError(ErrorText.offline(error))
        }
        offline = store
        opened = true
        start.storeOpened(store, credentials: credentials, pins: pins, log: log)
        if let damage = offline.recoveredDamage {
            log.write("offline store: \(ErrorText.damagedOfflineFile(movedTo: damage.movedTo)) (SQLite: \(damage.reason))")
        }
        let registry = WorkOperations.registry()
        outboxEnabled = !registry.isEmpty
        outbox = OutboxEngine(store: offline, registry: registry, timing: Self.outboxTiming(environment, clock: outboxClock ?? clock),
                              requestsAtOnce: { $0.requestsAtOnce })
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

    /// The preferences, read once at the start: the read ahead's copy when it has one.
    func loadPreferences() -> AppPreferences {
        start.preferences.take() ?? preferences.load()
    }

    /// The preferences file beside the credentials.
    var preferences: PreferencesFile { PreferencesFile(directory: stateDirectory, log: log) }
}

/// Why the program could not start: the sentence to print on stderr.
public struct StartupError: Error {
    public let message: String
    init(_ message: String) { self.message = message }
}
