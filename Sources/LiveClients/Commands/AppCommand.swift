import AppCore
import Catalog
import Foundation
import HTTPClient
import DeviceServices
import TerminalUI

/// The full-screen app: the store over the live environment, drawn by ncurses in the main loop.
public enum AppCommand {
    @MainActor
    public static func run(_ options: GuestcraftCommand.RunOptions, appOptions: AppOptions, services: LiveServices) -> Int32 {
        let log = services.log
        let store = makeStore(options, appOptions: appOptions, services: services)
        let driver = NCursesDriver(options: .fromEnvironment(services.environment, mouse: options.mouse), log: log)
        log.write("app: started (version \(AppVersion.current))")
        // A network change the system reports (Wi-Fi back, a new address) starts an outbox
        // round at once; its result tells the screens the instance is reachable again. Watched
        // from the first frame on: its socket and thread are not on the way to it (#18).
        var network: NetworkChangeMonitor?
        var networkWatched = false
        defer { network?.stop() }
        // No request (so no libcurl) before the first frame from saved reads is on screen.
        services.start.holdNetwork()
        defer { services.start.releaseNetwork() }
        store.send(.started)
        let reason: TerminalApp.ExitReason
        do {
            // The symbols are chosen with the terminal (the locale, terminfo, GUESTCRAFT_ASCII)
            // and every frame is drawn with them (#31).
            try driver.prepare()
            reason = try Glyphs.$current.withValue(driver.glyphs) { try TerminalApp.run(store: store, view: AppView.view, input: AppView.action(for:),
                                         shouldQuit: AppView.shouldQuit, driver: driver, log: log,
                                         onFrame: { _ in
                                             services.start.frameWritten(startedScreen: AppView.isStartedScreen(store.state))
                                             if !networkWatched {
                                                 networkWatched = true
                                                 network = watchNetwork(services)
                                             }
                                         },
                                         onInputFrame: FrameTimesFile.open(services.environment),
                                         firstFrame: services.start.firstFrame) }
        } catch let error as TerminalError {
            store.effects.cancelAll()
            Terminal.error(error.message)
            return 1
        } catch {
            store.effects.cancelAll()
            log.write("app: the terminal failed: \(error)")
            Terminal.error(L("cli.terminal_failed"))
            return 1
        }
        ended(store, services: services)
        log.write("app: ended (\(reason))")
        switch reason {
        case .quit, .terminalGone: return 0
        case .signal(let number): return 128 + number
        }
    }
}

extension AppCommand {
    /// The store over the live environment, as the full screen runs it (and the in-process
    /// harness, #33).
    @MainActor
    /// `adjust` changes the environment first (the harness counts the effects that wait).
    static func makeStore(_ options: GuestcraftCommand.RunOptions, appOptions: AppOptions, services: LiveServices,
                          adjust: (inout AppEnvironment) -> Void = { _ in }) -> Store<AppState, AppAction> {
        let log = services.log
        var environment = AppEnvironment.live(services)
        if let seconds = options.lockIdleSeconds { environment.lockPolicy.idleSeconds = seconds }
        adjust(&environment)
        return Store(initialState: AppState(options: appOptions),
                     reducer: AppReducer(environment: environment),
                     onEffectError: { log.write("effect failed: \($0)") })
    }

    /// What the app does as it ends, after its loop: effects cancelled, the generation on screen
    /// ended with the process (so the next start has no row of a dead process to delete, a write
    /// and a disk sync before its first frame), and the offline file's log emptied while nobody
    /// waits (the next start reads back whatever it holds, #18).
    @MainActor
    static func ended(_ store: Store<AppState, AppAction>, services: LiveServices) {
        let log = services.log
        store.effects.cancelAll()
        if let generation = store.state.current?.generation {
            do {
                _ = try services.offline.endGenerations(.generation(generation))
            } catch {
                log.write("app: ending the generation at exit failed: \(error)")
            }
        }
        do {
            try services.offline.checkpoint()
        } catch {
            log.write("app: emptying the offline file's log at exit failed: \(error)")
        }
    }

    /// Starts watching the system's network changes for the outbox; nil (and a line in the log)
    /// where the system offers no netlink socket.
    static func watchNetwork(_ services: LiveServices) -> NetworkChangeMonitor? {
        let (engine, log) = (services.outbox, services.log)
        let network = NetworkChangeMonitor {
            log.write("network: the system reported a change")
            Task.detached { await engine.networkChanged() }
        }
        if network == nil { log.write("network: no netlink socket; changes are not watched") }
        return network
    }
}

/// `GUESTCRAFT_FRAME_TIMES=FILE`: one line per frame drawn for input, appended to FILE, with the
/// microseconds from reading the input to the screen laid out and to the terminal written
/// (`Benchmarks/housekeeping_filter.sh` reads it beside its pseudo-terminal figures).
enum FrameTimesFile {
    @MainActor
    static func open(_ environment: [String: String]) -> ((FrameTiming) -> Void)? {
        guard let path = environment["GUESTCRAFT_FRAME_TIMES"], !path.isEmpty else { return nil }
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        return { timing in
            let line = Array("\(micros(timing.toLayout)) \(micros(timing.toDrawn))\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        }
    }

    private static func micros(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}
