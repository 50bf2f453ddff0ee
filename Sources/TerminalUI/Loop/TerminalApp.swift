import Dispatch
import AppCore
import DeviceServices
import Glibc

/// The main loop: ties a store, its view and a terminal driver together.
///
/// One thread does everything curses: it reads and decodes input, sends the actions, drains the
/// actions effects sent back, lays out and draws the screen, then waits with `poll()` on the
/// terminal and the wake-up pipe. Idle, it sleeps in `poll()` with no timer. It draws after each
/// batch that changed something and on resize, and puts the terminal back on every way out.
public enum TerminalApp {
    /// Why the loop ended.
    public enum ExitReason: Equatable, Sendable, CustomStringConvertible {
        /// `shouldQuit` became true.
        case quit
        /// SIGINT, SIGTERM or SIGHUP arrived.
        case signal(Int32)
        /// The terminal went away (an SSH connection dropped): save and exit.
        case terminalGone

        /// For the log, written out: interpolating the case by reflection scanned the binary's
        /// conformance records at every quit (#18).
        public var description: String {
            switch self {
            case .quit: "quit"
            case .signal(let number): "signal(" + String(number) + ")"
            case .terminalGone: "terminalGone"
            }
        }
    }


    /// Runs until the app quits, a signal arrives or the terminal is gone; the terminal is given
    /// back (`endwin`, bracketed paste off) before it returns or throws.
    ///
    /// - Parameters:
    ///   - view: the screen for a state (pure).
    ///   - input: the action for something the person did, or `nil` to ignore it.
    ///   - shouldQuit: whether the state asks to end the program.
    ///   - catchSignals: install SIGINT/SIGTERM/SIGHUP handlers for the duration of the run.
    ///   - onFrame: called with every grid drawn (end-to-end tests dump it on failure).
    ///   - onInputFrame: called after each frame drawn for input (a key, a paste, a click, a
    ///     resize) with how long that took (benchmarks; `GUESTCRAFT_FRAME_TIMES`).
    ///   - firstFrame: when given, nothing is drawn until the state is ready for its first frame
    ///     or the hold's time is up, whichever comes first (the start's frames of a screen still
    ///     being read are laid out, written and parsed by the terminal for nothing, #18); the
    ///     terminal is taken (`driver.start`) then, and its input read from then on.
    ///   - scanGap: the longest gap between a scanner's characters split across reads
    ///     (`ScanAssembler`); zero hands every key on at once.
    @MainActor
    public static func run<State, Action: Sendable>(
        store: Store<State, Action>,
        view: @escaping (State) -> Screen,
        input: @escaping (InputEvent) -> Action?,
        shouldQuit: @escaping (State) -> Bool,
        driver: some TerminalDriver,
        log: Log? = nil,
        catchSignals: Bool = true,
        scanGap: Duration = ScanAssembler.defaultGap,
        onFrame: ((CellGrid) -> Void)? = nil,
        onInputFrame: ((FrameTiming) -> Void)? = nil,
        firstFrame: FirstFrameHold<State>? = nil
    ) throws -> ExitReason {
        let loop = try TerminalLoop(store: store, view: view, input: input, shouldQuit: shouldQuit, driver: driver,
                                    log: log, catchSignals: catchSignals, scanGap: scanGap, onFrame: onFrame,
                                    onInputFrame: onInputFrame, firstFrame: firstFrame)
        defer { loop.end() }
        try loop.begin()
        while true {
            if let reason = try loop.turn() { return reason }
            if let reason = loop.wait() { return reason }
        }
    }
}

/// `TerminalApp.run`'s loop, a turn at a time: `begin`, then `turn` (read what input waits,
/// reduce it, drain the effects' actions, draw) and `wait` until something wakes it, and `end`.
/// The real program runs it in `TerminalApp.run`; the in-process test harness (#33) calls `turn`
/// itself, with its own time for the scanner's gaps (`now`), so a test runs the same loop the
/// person's terminal does.
@MainActor
public final class TerminalLoop<State, Action: Sendable, Driver: TerminalDriver> {
    private let store: Store<State, Action>
    private let view: (State) -> Screen
    private let input: (InputEvent) -> Action?
    private let shouldQuit: (State) -> Bool
    private let driver: Driver
    private let log: Log?
    private let catchSignals: Bool
    private let onFrame: ((CellGrid) -> Void)?
    private let onInputFrame: ((FrameTiming) -> Void)?
    private let now: () -> ContinuousClock.Instant
    private let pipe: WakePipe

    private var started = false
    private var relayed = false
    private var hold: FirstFrameHold<State>?
    private var holdEnds: ContinuousClock.Instant?
    /// Keys wait (unread, in the terminal) while the hold says they must, never past its time.
    private var inputHold: ((State) -> Bool)?
    private var decoder = InputDecoder()
    /// A scanner's burst split across reads is put together by its timing (#31).
    private var scans: ScanAssembler
    private var scanWakeAt: ContinuousClock.Instant?
    private var viewport = Viewport()
    /// The grid drawn last.
    public private(set) var grid: CellGrid?
    private var needsDraw = true
    /// Whether the screen drawn last was the locked one.
    private var locked = false
    /// When the input of the frame being made was read (only timed when someone listens).
    private var inputRead: ContinuousClock.Instant?

    /// `now` is the time the scanner's gaps are measured in (the harness's own; the terminal's
    /// clock otherwise).
    public init(store: Store<State, Action>, view: @escaping (State) -> Screen, input: @escaping (InputEvent) -> Action?,
                shouldQuit: @escaping (State) -> Bool, driver: Driver, log: Log? = nil, catchSignals: Bool = true,
                scanGap: Duration = ScanAssembler.defaultGap, onFrame: ((CellGrid) -> Void)? = nil,
                onInputFrame: ((FrameTiming) -> Void)? = nil, firstFrame: FirstFrameHold<State>? = nil,
                now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) throws {
        self.store = store
        self.view = view
        self.input = input
        self.shouldQuit = shouldQuit
        self.driver = driver
        self.log = log
        self.catchSignals = catchSignals
        self.onFrame = onFrame
        self.onInputFrame = onInputFrame
        self.now = now
        pipe = try WakePipe()
        scans = ScanAssembler(gap: scanGap)
        hold = firstFrame
        inputHold = firstFrame?.acceptsInput
    }

    /// With a hold, curses is set up now (`prepare`: the bytes it must write before any frame go
    /// while the start still works) and the terminal is taken when the first frame is drawn: that
    /// frame then reaches the terminal in one write, not behind bursts of set-up a millisecond
    /// apart, each of which the terminal (or, over SSH, the link) handles first (#18). Keys typed
    /// meanwhile wait in the terminal for that frame. The signal relay comes after curses, which
    /// keeps its own resize handler only when it finds none — and with curses set up, before
    /// anything else: a signal's default action would leave the terminal in curses' modes.
    public func begin() throws {
        if hold == nil {
            try takeTerminal()
        } else {
            try driver.prepare()
            relaySignals()
        }
        store.effects.setWake { [pipe] in pipe.wake() }
        // The hold ends at its time even when nothing else happens: a wake-up then.
        if let atMost = hold?.atMost {
            holdEnds = now() + atMost
            // A dispatch timer, not a sleeping task: `Task.sleep`'s first use asks whether the
            // executor schedules, a scan of every conformance record, beside the first frame (#18).
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(atMost.nanoseconds))) { [pipe] in pipe.wake() }
        }
    }

    /// Gives the terminal back (and the signals, and the effects' wake-up).
    public func end() {
        store.effects.setWake {}
        if relayed { SignalRelay.uninstall() }
        driver.stop()
    }

    private func relaySignals() {
        guard catchSignals, !relayed else { return }
        SignalRelay.install(pipe: pipe)
        relayed = true
    }

    private func takeTerminal() throws {
        try driver.start()
        relaySignals()
        started = true
    }

    private func releaseInputIfDue() {
        guard let held = inputHold, let holdEnds else { return }
        if held(store.state) || now() >= holdEnds { inputHold = nil }
    }

    private func dispatch(_ event: InputEvent) {
        if let action = input(event) { store.send(action) }
    }

    /// A key goes to the app, unless it would act on a focused row scrolled out of sight; a scroll
    /// key that moved no focus scrolls the page (`Scrolling`, #30). The screen is made for that
    /// only while a page is scrolled or for a scroll key.
    private func send(_ key: Key) {
        if !viewport.reading.isEmpty,
           let shown = Scrolling.revealing(viewport, for: key, on: view(store.state)) {
            viewport = shown
            return
        }
        guard Scrolling.isScrollKey(key) else { return dispatch(.key(key)) }
        let before = view(store.state)
        dispatch(.key(key))
        viewport = Scrolling.scrolled(viewport, by: key, before: before, after: view(store.state))
    }

    private func handle(_ outputs: [ScanAssembler.Output]) {
        for output in outputs {
            if onInputFrame != nil, inputRead == nil { inputRead = ContinuousClock.now }
            needsDraw = true
            switch output {
            case .key(let key): send(key)
            case .scan(let text): dispatch(.scan(text))
            }
        }
    }

    /// Whether digits of a possible scan are held for their gap.
    public var isHoldingScan: Bool { scans.isHolding }

    /// One turn: the input waiting, the effects' actions, the frame. Answers why the loop ends,
    /// or nil to wait and turn again.
    public func turn() throws -> TerminalApp.ExitReason? {
        var raw: [RawInput] = []
        releaseInputIfDue()
        while started, inputHold == nil, let next = driver.read() { raw.append(next) }
        let readAt = now()
        handle(scans.expire(at: readAt))
        let events = decoder.decode(raw)
        // A burst in one read: two or more characters and Enter, nothing else (a tag of any
        // shape, also over SSH); split across reads, the assembler's timing decides.
        let keys = events.compactMap { event -> Key? in if case .key(let key) = event { key } else { nil } }
        let scan = keys.count == events.count && !scans.isHolding ? ScanBurst.text(of: keys) : nil
        if let scan { handle([.scan(scan)]) }
        // Lines pasted without bracketed paste are text, never keys that run commands.
        let pasted = scan == nil && keys.count == events.count ? UnbracketedPaste.text(of: keys) : nil
        if let pasted {
            handle(scans.interrupt())
            if onInputFrame != nil, inputRead == nil { inputRead = ContinuousClock.now }
            needsDraw = true
            dispatch(.paste(pasted))
        }
        for event in scan == nil && pasted == nil ? events : [] {
            if case .key(let key) = event {
                handle(scans.take(key, at: readAt))
                continue
            }
            handle(scans.interrupt())
            if onInputFrame != nil, inputRead == nil { inputRead = ContinuousClock.now }
            needsDraw = true
            switch event {
            case .key: break
            case .paste(let text): dispatch(.paste(text))
            case .press(let x, let y):
                if let target = grid?.target(atX: x, y: y) { dispatch(.click(target)) }
            case .resize:
                let size = driver.size()
                dispatch(.resize(width: size.width, height: size.height))
            }
        }
        if store.drain() > 0 { needsDraw = true }

        if catchSignals, let number = SignalRelay.take() {
            log?.write("signal \(number): leaving")
            return .signal(number)
        }
        if shouldQuit(store.state) { return .quit }

        if let held = hold, let holdEnds {
            if held.ready(store.state) || now() >= holdEnds { hold = nil }
        }
        if needsDraw, hold == nil {
            if !started { try takeTerminal() }
            let size = driver.size()
            let screen = view(store.state)
            if screen.isLocked != locked {
                locked = screen.isLocked
                driver.setLocked(locked)
            }
            let frame = ScreenLayout.layout(screen, width: size.width, height: size.height, viewport: viewport)
            viewport = frame.viewport
            grid = frame.grid
            let laidOut = inputRead.map { _ in ContinuousClock.now }
            driver.draw(frame.grid)
            onFrame?(frame.grid)
            if let read = inputRead, let laidOut, let onInputFrame {
                onInputFrame(FrameTiming(toLayout: laidOut - read, toDrawn: .now - read))
            }
            inputRead = nil
            needsDraw = false
        }

        releaseInputIfDue()
        // Held digits of a possible scan go on as keys when their gap passes: a wake-up then.
        scans.waiting(at: now())
        // Again when a wake-up came a little early (dispatch's clock is not this one).
        if let deadline = scans.deadline, deadline != scanWakeAt || now() >= deadline {
            scanWakeAt = deadline
            let delay = max(Duration.zero, deadline - now()) + .milliseconds(1)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay.nanoseconds))) { [pipe] in
                pipe.wake()
            }
        }
        return nil
    }

    /// Blocks until the terminal has input or something wakes the loop; answers `.terminalGone`
    /// when the terminal went away.
    public func wait() -> TerminalApp.ExitReason? {
        if !started || inputHold != nil {
            pipe.wait()
        } else if driver.wait(wakeFD: pipe.readFD) == .terminalGone {
            log?.write("terminal gone: leaving")
            return .terminalGone
        }
        pipe.drain()
        return nil
    }

    /// Empties the wake-up pipe (the harness, after it was woken).
    public func drainWakes() { pipe.drain() }
}

/// The start's hold on drawing (`TerminalApp.run`'s `firstFrame`): no frame before `ready` says
/// the state is worth one, or `atMost` has passed. Keys are read once `acceptsInput` says so
/// (a first frame drawn from part of what it shows, #18), or `atMost` has passed; meanwhile they
/// wait in the terminal.
public struct FirstFrameHold<State> {
    public var ready: (State) -> Bool
    public var acceptsInput: (State) -> Bool
    public var atMost: Duration

    public init(atMost: Duration, ready: @escaping (State) -> Bool,
                acceptsInput: @escaping (State) -> Bool = { _ in true }) {
        self.ready = ready
        self.acceptsInput = acceptsInput
        self.atMost = atMost
    }
}

/// How long a frame drawn for input took, from reading the input's bytes: to the screen laid out
/// (the app's reduce, view and layout) and to the terminal written (ncurses' refresh returned).
public struct FrameTiming: Sendable, Equatable {
    public var toLayout: Duration
    public var toDrawn: Duration

    public init(toLayout: Duration, toDrawn: Duration) {
        self.toLayout = toLayout
        self.toDrawn = toDrawn
    }
}
