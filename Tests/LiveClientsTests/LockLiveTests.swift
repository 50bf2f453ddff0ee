import AppCore
import Foundation
import GuestCraftAPI
import InstanceClient
import Locking
@testable import LiveClients
import Testing
import TestSupport

/// The PIN lock's live side (#15): the PIN file (one Argon2id string per account, nothing else,
/// 0600 in a 0700 directory under umask 022), the system-wide file, and no PIN in the log while
/// the real reducer sets, checks and changes PINs through the live lock client.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct LockLiveTests {
    static let front = Account(instanceKey: "ins_00000000000000aa", personID: "usr_frontdesk")
    static let maid = Account(instanceKey: "ins_00000000000000aa", personID: "usr housekeeper/2")

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Setting and checking a PIN (Argon2id) wait for the hashes' own queue (`PINHashing`), not for
    /// one of Swift's threads: held behind work on that queue, a PIN is not set until it ends.
    @Test func hashesRunOnTheirOwnQueue() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-lock-tests")
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.appendingPathComponent("state").path,
                                                      "GUESTCRAFT_SYSTEM_CONFIG": home.url.appendingPathComponent("none").path])
        let lock = AppEnvironment.live(services).lock
        let release = DispatchSemaphore(value: 0)
        let held = AsyncStream<Void>.makeStream()
        let holding = Task.detached {
            await PINHashing.run {
                held.continuation.yield()
                release.wait()
            }
        }
        // The PIN is set once the queue is held (its work says so), not after a guess (#33).
        var holds = held.stream.makeAsyncIterator()
        #expect(await holds.next() != nil)
        let done = Locked(false)
        let setting = Task.detached {
            let result = await lock.setPIN(Self.front, PIN("907142"))
            done.withLock { $0 = true }
            return result
        }
        // An Argon2id hash takes well under this on a free thread; behind the held queue it waits.
        try await Task.sleep(for: .milliseconds(400))
        #expect(!done.withLock { $0 }, "the PIN was set while its queue was held")
        release.signal()
        await holding.value
        #expect(try await setting.value.get() == ())
        #expect(await lock.verify(Self.front, PIN("907142")))
        #expect(await PINHashing.run { PINHashing.isCurrent })
        #expect(!PINHashing.isCurrent)
    }

    @Test func thePINFileHoldsOneArgon2idStringPerAccountAndIs0600UnderUmask022() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-lock-tests")
        let directory = home.url.appendingPathComponent("state")
        let old = umask(0o022)
        defer { umask(old) }
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": directory.path,
                                                      "GUESTCRAFT_SYSTEM_CONFIG": home.url.appendingPathComponent("none").path])
        let lock = AppEnvironment.live(services).lock
        #expect(await lock.accountsWithPIN() == [])
        #expect(try await lock.setPIN(Self.front, PIN("907142")).get() == ())
        #expect(try await lock.setPIN(Self.maid, PIN("5566")).get() == ())
        // Changing a PIN replaces its line.
        #expect(try await lock.setPIN(Self.front, PIN("90714263")).get() == ())

        let file = try String(contentsOf: services.pins.fileURL, encoding: .utf8)
        let lines = file.split(separator: "\n")
        #expect(lines.count == 2, "\(file)")
        for line in lines {
            let parts = line.split(separator: " ")
            #expect(parts.count == 2)
            #expect(parts.last?.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$") == true, "interactive limits: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix("ins_00000000000000aa/usr_frontdesk $argon2id$") })
        #expect(lines.contains { $0.hasPrefix("ins_00000000000000aa/usr%20housekeeper%2F2 $argon2id$") })
        for pin in ["907142", "90714263", "5566"] { #expect(!file.contains(pin)) }
        #expect(mode(directory.path) == 0o700)
        #expect(mode(services.pins.fileURL.path) == 0o600)
        #expect(mode(directory.appendingPathComponent("pins.lock").path) == 0o600)

        #expect(await lock.accountsWithPIN() == [Self.front, Self.maid])
        #expect(await lock.verify(Self.front, PIN("90714263")))
        #expect(!(await lock.verify(Self.front, PIN("907142"))), "the old PIN no longer opens")
        #expect(!(await lock.verify(Self.maid, PIN("90714263"))), "each account has its own")
        #expect(try await lock.removePIN(Self.maid).get() == ())
        #expect(await lock.accountsWithPIN() == [Self.front])
        // Start-up clean-up: the PINs of accounts no longer signed in go.
        try services.pins.retain([])
        #expect(await lock.accountsWithPIN() == [])
        #expect(try String(contentsOf: services.pins.fileURL, encoding: .utf8) == "")
    }

    /// The start-up clean-up runs on every start, before the first frame (#18): when it drops
    /// nothing it writes nothing — no new file, no replaced file, no disk sync.
    @Test func theStartUpCleanUpWritesNothingWhenNoPINGoes() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-lock-tests")
        let directory = home.url.appendingPathComponent("state")
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": directory.path,
                                                      "GUESTCRAFT_SYSTEM_CONFIG": home.url.appendingPathComponent("none").path])
        try services.pins.retain([Self.front])
        #expect(!FileManager.default.fileExists(atPath: services.pins.fileURL.path), "no PIN, no file")

        let lock = AppEnvironment.live(services).lock
        #expect(try await lock.setPIN(Self.front, PIN("907142")).get() == ())
        func inode() -> ino_t? {
            var info = stat()
            return lstat(services.pins.fileURL.path, &info) == 0 ? info.st_ino : nil
        }
        let before = inode()
        try services.pins.retain([Self.front, Self.maid])
        #expect(inode() == before, "the file is not replaced when every PIN stays")
        #expect(await lock.accountsWithPIN() == [Self.front])
        try services.pins.retain([Self.maid])
        #expect(inode() != before, "a PIN that goes is written away")
        #expect(await lock.accountsWithPIN() == [])
    }

    @Test func theSystemFileRequiresALockAndTheVariableSetsTheIdleTime() throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-lock-tests")
        let config = home.url.appendingPathComponent("guestcraft.conf")
        try "# lobby terminals\nrequire_lock = yes\nlock_idle_seconds = 600\nwhatever\n".write(to: config, atomically: true, encoding: .utf8)
        let state = home.url.appendingPathComponent("state").path
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": state, "GUESTCRAFT_SYSTEM_CONFIG": config.path])
        #expect(services.lockPolicy == LockPolicy(required: true, idleSeconds: 600))
        let log = try String(contentsOf: URL(fileURLWithPath: state).appendingPathComponent("guestcraft.log"), encoding: .utf8)
        #expect(log.contains("line 4: not key = value"))
        let shorter = try LiveServices(environment: ["GUESTCRAFT_HOME": state, "GUESTCRAFT_SYSTEM_CONFIG": config.path,
                                                     "GUESTCRAFT_LOCK_IDLE_SECONDS": "3"])
        #expect(shorter.lockPolicy == LockPolicy(required: true, idleSeconds: 3))
        let none = try LiveServices(environment: ["GUESTCRAFT_HOME": state,
                                                  "GUESTCRAFT_SYSTEM_CONFIG": home.url.appendingPathComponent("missing").path,
                                                  "GUESTCRAFT_LOCK_IDLE_SECONDS": "soon"])
        #expect(none.lockPolicy == .none)
    }

    /// Runs the store until `done` holds (effects answer on other threads). Each step hashes or
    /// checks a PIN with Argon2id (64 MiB): 5–6 s a step under AddressSanitizer, and a step passed
    /// 20 s on a loaded machine; so no bound of its own (#33: it was 90 s), the suite's time limit
    /// ends a run that never gets there.
    func run(_ store: Store<AppState, AppAction>, until done: (AppState) -> Bool,
             sourceLocation: SourceLocation = #_sourceLocation) async {
        while !done(store.state), !Task.isCancelled {
            store.drain()
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(done(store.state), sourceLocation: sourceLocation)
    }

    func type(_ keys: String, _ store: Store<AppState, AppAction>) {
        for key in keys { store.send(.keyPressed(key == "\n" ? .enter : .character(key))) }
    }

    @Test func noPINReachesTheLogWhileTheAppSetsChecksAndChangesOne() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-lock-tests")
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path,
                                                      "GUESTCRAFT_SYSTEM_CONFIG": home.url.appendingPathComponent("none").path])
        let log = services.log
        let origin = try #require(InstanceOrigin(string: "https://hotel.example.com"))
        let instance = SavedInstance(key: "ins_00000000000000aa", origin: origin, name: "Harbour Hotels",
                                     capabilities: [.mobileSessions], savedAt: Instant(Date()), checkedAt: Instant(Date()))
        let user = User(id: "usr_frontdesk", name: "Fatima Okafor", email: "frontdesk@demo.guestcraft.test")
        let session = StoredSession(origin: origin, token: "gcd_not_a_real_token", sessionID: "dvs_1", createdAt: Instant(Date()),
                                    user: user, deviceName: "desk")
        let state = AppState(route: .work, current: CurrentInstance(instance: instance, session: session, activeTab: .account))
        let store = Store(initialState: state, reducer: AppReducer(environment: .live(services)),
                          onEffectError: { log.write("effect failed: \($0)") })
        defer { store.effects.cancelAll() }

        // Set 7391 5 in Account (twice), lock, two wrong PINs, the right one, then change it to 2846 0.
        type("p", store)
        type("73915\n73915\n", store)
        await run(store, until: { $0.pins == [Self.front] && $0.pinForm == nil })
        store.send(.keyPressed(.control("x")))
        #expect(store.state.isLocked)
        for _ in 0..<2 {
            type("55555\n", store)
            await run(store, until: { $0.current?.lock?.checking == false })
        }
        #expect(store.state.current?.lock?.attempts.failures == 2)
        type("73915\n", store)
        await run(store, until: { !$0.isLocked })
        type("p", store)
        type("73915\n", store)
        await run(store, until: { $0.pinForm?.step == .new })
        type("28460\n28460\n", store)
        await run(store, until: { $0.pinForm == nil })
        #expect(await AppEnvironment.live(services).lock.verify(Self.front, PIN("28460")))

        let text = try String(contentsOf: home.url.appendingPathComponent("guestcraft.log"), encoding: .utf8)
        #expect(text.contains("lock: the PIN was set") && text.contains("lock: a wrong PIN (2 in a row)")
                && text.contains("lock: unlocked"), "\(text)")
        for pin in ["73915", "55555", "28460"] {
            #expect(!text.contains(pin), "the log holds \(pin)")
            let preferences = try String(contentsOf: home.url.appendingPathComponent("preferences.json"), encoding: .utf8)
            #expect(!preferences.contains(pin))
            #expect(!(try String(contentsOf: services.pins.fileURL, encoding: .utf8)).contains(pin))
        }
    }
}
