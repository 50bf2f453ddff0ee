import AppCore
import Foundation
import HTTPClient
import InstanceClient
import OfflineStore
import DeviceServices
import TerminalUI

/// The full screen's start, in one place (docs/startup.md): what is read ahead beside the opening
/// and handed to the app's first asks, what waits until the first frame is on the terminal, and
/// how long the first frame and the network are held. The rest of the app sees three words:
/// a screen is *ready* (`AppView.isFirstFrameReady`), the loop *holds* the first frame and the
/// network until then (`firstFrame`, `holdNetwork`), and the frame's write *releases* what waited
/// (`frameWritten`). Its cost is held by the start's guard (`make start-guard`), not by rules in
/// comments.
final class AppStart: Sendable {
    /// The opening list, read and decoded on another thread while the app opens.
    let prefetch: SavedReadPrefetch
    /// What waits for the first frame (the full screen only; nil for the one-shot commands and
    /// `guestcraft send`, which have no frame).
    let gate: AfterFirstFrame?
    /// The preferences the read ahead read, for the app's first load of them.
    let preferences = FirstRead<AppPreferences>()
    /// The saved instances and the accounts with a PIN, read beside the opening for the app's
    /// first ask of each.
    let instances = FirstRead<StoreRead<Result<[InstanceSummary], StorageFailure>>>()
    let pinAccounts = FirstRead<StoreRead<Set<Account>>>()
    private let environment: [String: String]
    private let storeHandoff: Handoff<OfflineStore>?

    /// `readAhead`: the full screen's start (else nothing is read ahead and nothing waits).
    /// `gate`: what waits for the first frame (tests hand their own).
    init(environment: [String: String], readAhead: Bool, gate: AfterFirstFrame?) {
        self.environment = environment
        self.gate = readAhead ? gate : nil
        storeHandoff = readAhead ? Handoff<OfflineStore>() : nil
        // A screen waits 50 ms for the read ahead; `GUESTCRAFT_READ_AHEAD_WAIT_MS` raises it for
        // counting the start under callgrind, where 50 ms passed first and the list was decoded twice.
        prefetch = SavedReadPrefetch(waitAtMostMilliseconds: Self.milliseconds(environment["GUESTCRAFT_READ_AHEAD_WAIT_MS"],
                                                                                otherwise: 50))
    }

    // MARK: Read ahead

    /// Begins reading, on another thread while the rest opens: the preferences first (they go to
    /// the app's first load of them), then — once `storeOpened` hands it the offline store — the
    /// list the full screen most likely opens with.
    func beginReadAhead(_ preferencesFile: PreferencesFile) {
        guard let storeHandoff else { return }
        let preferences = self.preferences
        preferences.reading()
        prefetch.start(preferences: {
            let loaded = preferencesFile.load()
            preferences.offer(loaded)
            return loaded
        }, store: { storeHandoff.wait() }, afterHead: gate)
    }

    /// The opening failed before the offline store opened: the read ahead reads nothing.
    func storeFailed() { storeHandoff?.offer(nil) }

    /// The offline store is open: the read ahead reads its list, and another thread reads what
    /// the app's start asks first — the saved instances with their unsent counts, and the
    /// accounts with a PIN. A write through this process's stores after that read (the demo
    /// saves its instance before the app asks) makes the first ask read again (`StoreRead`).
    /// Then, once the first frame is on the terminal, the store's opening clean-up.
    func storeOpened(_ store: OfflineStore, credentials: CredentialStore, pins: PINStore, log: Log) {
        guard let storeHandoff else { return }
        storeHandoff.offer(store)
        let instances = self.instances, pinAccounts = self.pinAccounts, gate = self.gate
        instances.reading()
        pinAccounts.reading()
        let thread = Thread {
            let credentialWrites = credentials.writes
            instances.offer(StoreRead(value: InstancesClient.list(credentials, store), writes: credentialWrites))
            let pinWrites = pins.writes
            pinAccounts.offer(StoreRead(value: LockClient.accounts(pins, log: log), writes: pinWrites))
            gate?.wait()
            do {
                try store.cleanUpAfterOpening()
            } catch {
                log.write("offline store: the opening's clean-up failed: \(error)")
            }
        }
        thread.name = "start read"
        thread.start()
    }

    /// Whether reads go through the store's writing connection: until the first frame (its
    /// reading connection opens after it); nil when nothing waits for a frame.
    var readsOnWriter: (@Sendable () -> Bool)? {
        guard let gate else { return nil }
        return { !gate.isOpen }
    }

    // MARK: Hold and release

    /// The first frame is the screen from its saved read, not "Opening…" frames before it — or
    /// from the head of a long saved list while the whole is read, keys waiting for the whole; a
    /// slow read shows what there is after a quarter of a second (`GUESTCRAFT_FIRST_FRAME_HOLD_MS`:
    /// longer, for counting the start under callgrind).
    static func firstFrame(_ environment: [String: String]) -> FirstFrameHold<AppState> {
        FirstFrameHold(atMost: holdMilliseconds(environment["GUESTCRAFT_FIRST_FRAME_HOLD_MS"], otherwise: 250),
                       ready: AppView.isFirstFrameReady, acceptsInput: AppView.acceptsInput)
    }

    var firstFrame: FirstFrameHold<AppState> { Self.firstFrame(environment) }

    /// No request (so no libcurl) until the first frame from saved reads is on screen, and never
    /// longer than half a second (`GUESTCRAFT_NETWORK_HOLD_MS`, 0 to 60,000, for callgrind).
    func holdNetwork() { NetworkStart.app.hold(atMost: Self.networkHold(environment)) }

    /// The app ends: whatever still waits for the network goes.
    func releaseNetwork() { NetworkStart.app.release() }

    /// A frame was written: what waited for the first frame goes (its gate settles); once the
    /// screen is past the start (`AppView.isStartedScreen`), the network too.
    func frameWritten(startedScreen: @autoclosure () -> Bool) {
        gate?.frameWritten()
        if NetworkStart.app.isHeld, startedScreen() { NetworkStart.app.release() }
    }

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
}
