import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import Locking
import Testing
import TerminalUI
import TestSupport

/// The whole program in the test's process (#33): the real `AppReducer` over the live environment
/// (real SQLite in a temporary state directory, libcurl to an in-process demo instance on
/// 127.0.0.1), run by the real main loop (`TerminalLoop`) over a scripted terminal, with a manual
/// clock for every timer. A test types keys, waits until the program is idle, and reads the screen:
///
///     let app = try await AppHarness(member: .housekeeper)
///     try await app.open()
///     try await app.press(.function(3))
///     try app.expect("101")
///
/// "Idle" (`waitUntilIdle`) is: no action waiting, no outbox round running, and every effect
/// still running asleep on the manual clock or waiting for the outbox's news — so a check that
/// something did *not* happen is made once it no longer can, never after a fixed sleep.
@MainActor
public final class AppHarness {
    public private(set) var demo: DemoInstance
    public private(set) var admin: DemoAdminClient
    public let home: TemporaryDirectory
    private let demoData: TemporaryDirectory
    /// Whether the demo is this harness's to stop (not another device's, `sameInstanceAs`).
    private let ownsDemo: Bool
    /// Every timer of the app and the outbox waits on it; it moves only with `advance`.
    public let clock: ManualClock
    public private(set) var services: LiveServices
    public private(set) var width: Int
    public private(set) var height: Int

    private(set) var store: Store<AppState, AppAction>?
    private var loop: TerminalLoop<AppState, AppAction, HarnessDriver>?
    /// Internal, for the extensions that read every frame drawn (`screens(since:)`).
    private(set) var driver: HarnessDriver?
    private let parked = Parked()
    /// The scanner's time: a person's keys are `keyGap` apart in it, a scanner's in one read.
    private var terminalTime = ContinuousClock.now
    private let environment: [String: String]
    /// The environment a one-shot command runs in (`command`): the app's, unless a test changes it.
    public var commandEnvironment: [String: String]
    /// The demo `--demo` started inside the app, stopped as the app ends.
    private var launchedDemo: DemoLauncher.Started?
    /// Why the loop ended, once it did.
    public private(set) var exitReason: TerminalApp.ExitReason?

    /// How far apart a person's keys arrive: past the scanner's gap, so digits are keys.
    public static let keyGap: Duration = .milliseconds(100)

    /// A demo instance (of `rooms` rooms, else the demo's 120) on the examples' business date (2026-11-02), a temporary
    /// home and, with `member`, this device paired as that member (as `guestcraft pair --yes`).
    /// `configure` changes the demo's configuration before it starts; `environment` adds to the
    /// app's environment (`GUESTCRAFT_HOME` is the temporary home).
    public convenience init(member: DemoMember? = nil, rooms: Int? = nil, width: Int = 80, height: Int = 24,
                            environment: [String: String] = [:],
                            demo configure: (inout DemoConfiguration) -> Void = { _ in }) async throws {
        // The demo's data lives as long as the harness, so a demo stopped and started again
        // (`restartDemo`) is the same instance with the same sessions.
        let demoData = try TemporaryDirectory(prefix: "guestcraft-harness-demo")
        var configuration = DemoConfiguration(dataDirectory: demoData.url, log: { _ in })
        if let rooms { configuration.rooms = rooms }
        configure(&configuration)
        try self.init(demo: try DemoInstance.start(configuration), data: demoData, owned: true,
                      width: width, height: height, environment: environment)
        if let member { try await pair(member) }
    }

    /// Another device of the same instance (a colleague's handheld): its own home, clock and
    /// screen; the instance stays `other`'s (this one never stops it).
    public convenience init(sameInstanceAs other: AppHarness, member: DemoMember? = nil, width: Int = 80,
                            height: Int = 24, environment: [String: String] = [:]) async throws {
        try self.init(demo: other.demo, data: other.demoData, owned: false, width: width, height: height,
                      environment: environment)
        if let member { try await pair(member) }
    }

    private init(demo: DemoInstance, data: TemporaryDirectory, owned: Bool, width: Int, height: Int,
                 environment: [String: String]) throws {
        home = try TemporaryDirectory(prefix: "gc")
        demoData = data
        self.demo = demo
        ownsDemo = owned
        admin = DemoAdminClient(origin: try #require(InstanceOrigin(string: demo.origin)), adminKey: demo.adminKey)
        clock = ManualClock(now: Date())
        self.width = width
        self.height = height
        self.environment = environment.merging(["GUESTCRAFT_HOME": home.url.path]) { _, ours in ours }
        commandEnvironment = self.environment
        services = try Self.services(self.environment, clock: clock, parked: parked)
    }

    deinit {
        MainActor.assumeIsolated {
            if let store { store.effects.cancelAll() }
            loop?.end()
            launchedDemo?.stop()
            if ownsDemo { demo.stop() }
        }
    }

    /// How long an answer may stall before the HTTP client gives up: libcurl's real time, not
    /// the clock's (15 s in the app; a test of a stalled answer makes it short).
    public var stallLimit: Duration? = nil

    private func openServices() throws -> LiveServices {
        try Self.services(environment, clock: clock, parked: parked, stallLimit: stallLimit)
    }

    private static func services(_ environment: [String: String], clock: ManualClock,
                                 parked: Parked, stallLimit: Duration? = nil) throws -> LiveServices {
        do {
            return try LiveServices(environment: environment, readAhead: true, afterFirstFrame: AfterFirstFrame(),
                                    clock: parked.counting(clock.client), outboxClock: clock.client, stallLimit: stallLimit)
        } catch {
            throw HarnessError("the services did not open: \(error.message)")
        }
    }

    /// Starts the demo again (after `demo.stop()`, or stopping it now) on the same port with the
    /// same data, as an instance that was down comes back.
    public func restartDemo(_ configure: (inout DemoConfiguration) -> Void = { _ in }) throws {
        demo.stop()
        var configuration = demo.configuration
        configuration.port = demo.port
        configuration.dataDirectory = demo.dataDirectory
        configure(&configuration)
        demo = try DemoInstance.start(configuration)
        admin = DemoAdminClient(origin: try #require(InstanceOrigin(string: demo.origin)), adminKey: demo.adminKey)
    }

    // MARK: The device

    /// Pairs this device as `member`, as `guestcraft pair LINK --yes` does.
    public func pair(_ member: DemoMember, deviceName: String = "harness terminal") async throws {
        let pairing = Pairing(connector: services.connector, credentials: services.credentials)
        let session = try await pairing.exchange(try await pairing.check(try demo.pairingURL(for: member)),
                                                 deviceName: deviceName)
        if let instance = try services.credentials.instance(for: session.origin) {
            services.signedIn(session, at: instance)
        }
    }

    /// Starts the full screen (`guestcraft`, or with `options` as its command line gives them)
    /// and waits until it is idle.
    public func start(_ options: AppOptions = AppOptions(), arguments: [String] = []) async throws {
        precondition(store == nil || exitReason != nil, "the app is running: quit or stop it first")
        // A process of its own: the services (the offline store, the credentials, the start's
        // read ahead) open now, after whatever the device did before.
        services = try openServices()
        let runOptions: GuestcraftCommand.RunOptions
        if case .success(.run(let parsed)) = GuestcraftCommand.parse(arguments) { runOptions = parsed } else {
            throw HarnessError("not the full screen's command line: \(arguments)")
        }
        var options = options
        if options.link == nil { options.link = runOptions.link }
        // A damaged offline file moved aside is said on the first screen (main.swift).
        if options.damagedOfflineFile == nil { options.damagedOfflineFile = services.offline.recoveredDamage?.movedTo }
        if let demoOptions = runOptions.demo {
            switch await DemoLauncher.start(demoOptions, services: services) {
            case .success(let started):
                launchedDemo = started
                options.openOrigin = started.origin
                options.preferredProperty = started.preferredProperty
                options.startNotice = started.notice
            case .failure(let error):
                throw HarnessError("--demo did not start: \(error.message)")
            }
        }
        let parked = self.parked
        let store = AppCommand.makeStore(runOptions, appOptions: options, services: services) { environment in
            environment.outbox.news = parked.counting(environment.outbox.news)
        }
        let driver = HarnessDriver(width: width, height: height)
        let services = self.services
        let loop = try TerminalLoop(store: store, view: AppView.view, input: AppView.action(for:),
                                    shouldQuit: AppView.shouldQuit, driver: driver, log: services.log,
                                    catchSignals: false,
                                    onFrame: { _ in services.start.frameWritten(startedScreen: AppView.isStartedScreen(store.state)) },
                                    firstFrame: services.start.firstFrame, now: { [unowned self] in terminalTime })
        self.store = store
        self.driver = driver
        self.loop = loop
        exitReason = nil
        store.send(.started)
        try loop.begin()
        try await waitUntilIdle()
    }

    /// Starts the app, opens the first instance's first workspace's Harbour View and waits for
    /// Today (what `start_desk` did in the tmux scripts).
    public func open() async throws {
        try await start()
        try expect("Harbour View Hotel")
        try await press(.character("j"), .enter)
        try expect("Today · 2026-11-02")
    }

    /// `q`, and `y` when the app asks because changes are unsent; then the app's ending work.
    public func quit() async throws {
        try await press(.character("q"))
        if exitReason == nil, screenText.contains("Quit now?") { try await press(.character("y")) }
        guard exitReason != nil else { throw HarnessError("the app did not quit", screen: screenText) }
    }

    /// Ends the process as its end would (the loop's exit work) without a key: a later `start`
    /// is a new process over the same home.
    public func stop() {
        if let store, exitReason == nil { finish(store) }
    }

    /// Restarts the program over the same home: `stop` when it runs, then `start`.
    public func restart(_ options: AppOptions = AppOptions(), arguments: [String] = []) async throws {
        stop()
        try await start(options, arguments: arguments)
    }

    private func finish(_ store: Store<AppState, AppAction>) {
        loop?.end()
        AppCommand.ended(store, services: services)
        launchedDemo?.stop()
        launchedDemo = nil
        exitReason = exitReason ?? .terminalGone
    }

    // MARK: Keys

    /// Types `text` as a person does: each character its own read, `keyGap` apart.
    public func type(_ text: String) async throws {
        for character in text {
            try await read(RawInput.of(character == "\n" ? .enter : .character(character)))
        }
    }

    /// Presses each key in turn, as a person does.
    public func press(_ keys: Key...) async throws {
        for key in keys { try await read(RawInput.of(key)) }
    }

    /// A scanner's burst: `text` and Enter in one read.
    public func scan(_ text: String) async throws {
        try await read(RawInput.typing(text + "\r"))
    }

    /// Input arriving in one read (type-ahead over a slow link, a burst).
    public func burst(_ text: String) async throws {
        try await read(RawInput.typing(text))
    }

    /// A paste: between the bracketed-paste markers, or (`bracketed: false`) as a terminal without
    /// it gives it, its characters in one read.
    public func paste(_ text: String, bracketed: Bool = true) async throws {
        try await read(bracketed ? [.pasteBegin] + RawInput.typing(text) + [.pasteEnd] : RawInput.typing(text))
    }

    /// The terminal changes size.
    public func resize(width: Int, height: Int) async throws {
        self.width = width
        self.height = height
        driver?.resize(width: width, height: height)
        try await read([.resize])
    }

    /// Presses `key`, then turns the loop until the screen shows `text` rather than until idle:
    /// for a step that waits on something outside the program (a browser that never comes back,
    /// the person's other device) and so is never idle.
    public func press(_ key: Key, until text: String) async throws {
        try await read(RawInput.of(key), untilIdle: false)
        try await waitUntil { $0.screenText.contains(text) }
    }

    /// One read of `inputs`, then the program's work until it is idle (or, `untilIdle: false`,
    /// one turn).
    public func read(_ inputs: [RawInput], untilIdle: Bool = true) async throws {
        guard let driver, let loop, exitReason == nil else { throw HarnessError("the app is not running") }
        terminalTime += Self.keyGap
        driver.pending += inputs
        if untilIdle { try await waitUntilIdle() } else if let reason = try loop.turn() { exitReason = reason }
    }

    /// Turns the loop until `condition` holds (the test's time limit bounds it).
    public func waitUntil(_ condition: (AppHarness) -> Bool) async throws {
        guard let loop else { throw HarnessError("the app is not running") }
        while !condition(self) {
            if let reason = try loop.turn() {
                exitReason = reason
                return
            }
            loop.drainWakes()
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    // MARK: Time

    /// Moves the manual clock on by `duration` (timers due meanwhile fire, in order), then waits
    /// until the program is idle.
    public func advance(by duration: Duration) async throws {
        var left = duration
        // One second at a time, so each timer's follow-up (a countdown, a retry's round) runs
        // before the next is due.
        while left > .zero {
            let step = min(left, .seconds(1))
            clock.advance(Double(step.components.seconds) + Double(step.components.attoseconds) / 1e18)
            left -= step
            try await waitUntilIdle()
        }
    }

    /// Turns the loop until nothing is left to do: no action waiting, no outbox round running,
    /// no effect running but those asleep on the clock or waiting for news — twice in a row, a
    /// few milliseconds apart, with nothing processed between (an effect between two awaits is
    /// caught by the second look). Held scanner digits are let go (their gap passes at once).
    public func waitUntilIdle() async throws {
        guard let store, let loop, let driver else { throw HarnessError("the app is not running") }
        var calm = 0
        while true {
            if loop.isHoldingScan { terminalTime += ScanAssembler.defaultGap * 2 }
            let frames = driver.drawn
            let queued = store.effects.queuedCount
            if let reason = try loop.turn() {
                exitReason = reason
                finish(store)
                return
            }
            loop.drainWakes()
            let sending = await services.outbox.isSending
            let busy = store.effects.queuedCount > 0 || queued > 0 || sending || loop.isHoldingScan
                || store.effects.activeCount > parked.count || driver.drawn != frames || driver.pending.count > 0
            calm = busy ? 0 : calm + 1
            if calm >= 3 { return }
            try await Task.sleep(for: .milliseconds(calm == 0 ? 1 : 3))
        }
    }

    // MARK: The instance and the files

    /// The demo's counters.
    public func stats() async throws -> DemoStats { try await admin.stats() }

    /// How many requests of `operation` the demo received.
    public func requests(_ operation: String) async throws -> Int { try await admin.stats().requests[operation] ?? 0 }

    /// The log file's text.
    public func logText() throws -> String {
        (try? String(contentsOf: home.url.appendingPathComponent("guestcraft.log"), encoding: .utf8)) ?? ""
    }
}

/// A harness step that could not run (the app not running, a start refused).
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String, screen: String? = nil) {
        description = message + (screen.map { ":\n" + $0 } ?? "")
    }
}

/// The effects known to be waiting rather than working: asleep on the harness's clock, or
/// waiting for the outbox's next news.
final class Parked: Sendable {
    private let waiting = Locked(0)

    var count: Int { waiting.withLock { $0 } }

    /// `clock` with each sleep counted while it sleeps.
    func counting(_ clock: ClockClient) -> ClockClient {
        ClockClient(now: clock.now, sleep: { [self] duration in
            waiting.withLock { $0 += 1 }
            defer { waiting.withLock { $0 -= 1 } }
            try await clock.sleep(duration)
        })
    }

    /// The news stream with its reader counted while it waits for the next item.
    func counting(_ news: @escaping @Sendable () -> AsyncStream<OutboxNews>) -> @Sendable () -> AsyncStream<OutboxNews> {
        { [self] in
            let reader = Reader(news())
            return AsyncStream(unfolding: { [self] in
                waiting.withLock { $0 += 1 }
                defer { waiting.withLock { $0 -= 1 } }
                return await reader.next()
            })
        }
    }

    /// One stream's iterator, read by the one effect that reads the stream.
    private final class Reader: @unchecked Sendable {
        private var iterator: AsyncStream<OutboxNews>.Iterator
        init(_ stream: AsyncStream<OutboxNews>) { iterator = stream.makeAsyncIterator() }
        func next() async -> OutboxNews? { await iterator.next() }
    }
}
