import AppCore
import CNCurses
import Glibc
import Testing
@testable import TerminalUI
import TestSupport

/// The main loop with a scripted terminal: keys become actions, effects wake it, it redraws,
/// resizes, quits and always gives the terminal back.
@MainActor
@Suite(.serialized) struct TerminalAppTests {
    let clock = ManualClock()
    static let header = Header(instance: "Demo hotel", property: "Main House", businessDate: "Tue 12 Mar")

    func makeStore() -> Store<SampleShell.State, SampleShell.Action> {
        Store(initialState: SampleShell.State(header: Self.header),
              reducer: SampleShell(environment: .init(clock: clock.client)))
    }

    /// The loop with no scan gap unless asked: the scripted reads come at once, and a digit held
    /// for a scan would join the next step's batch.
    func run(_ store: Store<SampleShell.State, SampleShell.Action>, _ driver: ScriptedDriver,
             catchSignals: Bool = false, scanGap: Duration = .zero) throws -> TerminalApp.ExitReason {
        try TerminalApp.run(store: store, view: SampleShell.view, input: SampleShell.action(for:),
                            shouldQuit: \.quitRequested, driver: driver, catchSignals: catchSignals, scanGap: scanGap)
    }

    @Test func drawsTheFirstFrameThenFollowsKeysUntilQuit() throws {
        let store = makeStore()
        let driver = ScriptedDriver(steps: [
            .input(RawInput.typing("3")),
            .input(RawInput.typing("jj")),
            .input(RawInput.typing("q")),
        ])
        #expect(try run(store, driver) == .quit)
        #expect(driver.started && driver.stopped)
        #expect(TextGrid.lines(driver.frames[0])[2] == "Today")
        #expect(driver.screen[2] == "Housekeeping")
        #expect(driver.frames.count == 3, "one frame per batch that changed something, none after quit")
        #expect(driver.frames.last?.cursor == Position(x: 0, y: 7), "the cursor sits on the focused row")
    }

    @Test func eachFrameDrawnForInputIsTimedAndNoOtherIs() throws {
        let store = makeStore()
        let clock = self.clock
        let timings = Recorder<FrameTiming>()
        let driver = ScriptedDriver(steps: [
            .input(RawInput.typing("3")),
            .input(RawInput.typing("r")),
            .perform { Task.detached { await clock.advance(by: SampleShell.refreshDuration) } },
            .waitForWake,
            .input(RawInput.typing("q")),
        ])
        let reason = try TerminalApp.run(store: store, view: SampleShell.view, input: SampleShell.action(for:),
                                         shouldQuit: \.quitRequested, driver: driver, catchSignals: false, scanGap: .zero,
                                         onInputFrame: { timings.append($0) })
        #expect(reason == .quit)
        // The first frame (no input), "3", "r", the refresh's end (an effect, no input); q draws nothing.
        #expect(driver.frames.count == 4)
        #expect(timings.all.count == 2, "only the frames of 3 and r")
        #expect(timings.all.allSatisfy { $0.toLayout >= .zero && $0.toDrawn >= $0.toLayout })
    }

    /// The start holds its frames until the state is worth drawing (#18): the frames of a screen
    /// still being read are never laid out nor written, and the terminal is taken only for the
    /// first frame (curses' set-up and that frame reach it together); its keys are read from then on.
    @Test func aHeldFirstFrameIsDrawnOnceTheStateIsReady() throws {
        let store = makeStore()
        let clock = self.clock
        let driver = ScriptedDriver(steps: [.input(RawInput.typing("q"))])
        // What the start's effects do before the first frame: here a refresh, ended by the clock.
        store.send(.keyPressed(.character("r")))
        Task.detached { await clock.advance(by: SampleShell.refreshDuration) }
        var takenWhileHeld: [Bool] = []
        let reason = try TerminalApp.run(store: store, view: SampleShell.view, input: SampleShell.action(for:),
                                         shouldQuit: \.quitRequested, driver: driver, catchSignals: false, scanGap: .zero,
                                         firstFrame: FirstFrameHold(atMost: .seconds(600)) { state in
                                             takenWhileHeld.append(driver.started)
                                             return state.refreshCount == 1
                                         })
        #expect(reason == .quit)
        #expect(!takenWhileHeld.isEmpty && !takenWhileHeld.contains(true), "the terminal is not taken while held")
        #expect(driver.started && driver.stopped)
        #expect(driver.frames.count == 1, "nothing before the refresh ended, nothing after q")
        #expect(!TextGrid.lines(driver.frames[0]).contains { $0.contains("Refreshing") })
    }

    /// Curses is set up while the first frame is held (`prepare`): a signal then (Ctrl-C, a
    /// `kill`) goes through the relay like any other and the terminal is given back — the
    /// default action would end the process with the terminal left in curses' modes.
    @Test func aSignalWhileTheFirstFrameIsHeldGivesTheTerminalBack() throws {
        let driver = ScriptedDriver(steps: [.hangup])
        var relayedWhileHeld: [Bool] = []
        let reason = try TerminalApp.run(store: makeStore(), view: SampleShell.view, input: SampleShell.action(for:),
                                         shouldQuit: \.quitRequested, driver: driver, catchSignals: true,
                                         firstFrame: FirstFrameHold(atMost: .seconds(2)) { _ in
                                             var action = sigaction()
                                             _ = sigaction(SIGTERM, nil, &action)
                                             let relayed = action.__sigaction_handler.sa_handler != nil
                                             relayedWhileHeld.append(relayed)
                                             // Raised only where the relay catches it: the default would end the tests.
                                             if relayed && relayedWhileHeld.count == 1 { _ = raise(SIGTERM) }
                                             return false
                                         })
        #expect(relayedWhileHeld.first == true, "the relay is in place while the first frame is held")
        #expect(reason == .signal(SIGTERM))
        #expect(driver.prepared && !driver.started && driver.stopped)
        #expect(driver.frames.count == 0)
    }

    /// A first frame drawn from part of what it shows (the head of a long saved list, #18): its
    /// keys wait, unread, until the hold says the state takes them; then they are read.
    @Test func keysWaitUntilTheStateTakesThem() throws {
        let store = makeStore()
        let clock = self.clock
        let driver = ScriptedDriver(steps: [.input(RawInput.typing("q"))])
        store.send(.keyPressed(.character("r")))
        var readsWhileHeld: [Int] = []
        let reason = try TerminalApp.run(store: store, view: SampleShell.view, input: SampleShell.action(for:),
                                         shouldQuit: \.quitRequested, driver: driver, catchSignals: false, scanGap: .zero,
                                         firstFrame: FirstFrameHold(atMost: .seconds(600), ready: { _ in true },
                                                                    acceptsInput: { state in
                                             guard state.refreshCount == 1 else {
                                                 readsWhileHeld.append(driver.reads)
                                                 if readsWhileHeld.count == 1 {
                                                     Task.detached { await clock.advance(by: SampleShell.refreshDuration) }
                                                 }
                                                 return false
                                             }
                                             return true
                                         }))
        #expect(reason == .quit)
        #expect(!readsWhileHeld.isEmpty && readsWhileHeld.allSatisfy { $0 == 0 }, "no key read while held: \(readsWhileHeld)")
        #expect(driver.frames.count >= 1 && driver.reads > 0)
    }

    @Test func aHeldFirstFrameIsDrawnWhenItsTimeIsUp() throws {
        let driver = ScriptedDriver(steps: [.hangup])
        let reason = try TerminalApp.run(store: makeStore(), view: SampleShell.view, input: SampleShell.action(for:),
                                         shouldQuit: \.quitRequested, driver: driver, catchSignals: false, scanGap: .zero,
                                         firstFrame: FirstFrameHold(atMost: .milliseconds(50)) { _ in false })
        #expect(reason == .terminalGone)
        #expect(driver.started, "the hold's time up took the terminal")
        #expect(driver.frames.count == 1, "and the frame the state had was drawn")
        #expect(TextGrid.lines(driver.frames[0])[0].hasPrefix("Demo hotel"))
    }

    /// A terminal that cannot be taken is still an error when the start held its first frame.
    @Test func aTerminalThatCannotBeTakenFailsAtTheFirstFrame() throws {
        let driver = ScriptedDriver(steps: [.hangup])
        driver.failStart = .unknownTerminal("nope")
        #expect(throws: TerminalError.self) {
            try TerminalApp.run(store: makeStore(), view: SampleShell.view, input: SampleShell.action(for:),
                                shouldQuit: \.quitRequested, driver: driver, catchSignals: false, scanGap: .zero,
                                firstFrame: FirstFrameHold(atMost: .milliseconds(10)) { _ in true })
        }
        #expect(driver.frames.isEmpty)
    }

    @Test func anEffectWakesTheLoopWhichDrainsAndRedraws() throws {
        let store = makeStore()
        let clock = self.clock
        let driver = ScriptedDriver(steps: [
            .input(RawInput.typing("r")),
            .perform { Task.detached { await clock.advance(by: SampleShell.refreshDuration) } },
            .waitForWake,
            .input(RawInput.typing("q")),
        ])
        #expect(try run(store, driver) == .quit)
        #expect(store.state.refreshCount == 1)
        let refreshing = driver.frames.firstIndex { TextGrid.lines($0).contains { $0.contains("Refreshing") } }
        #expect(refreshing != nil)
        #expect(!TextGrid.lines(driver.frames[driver.frames.count - 1]).contains { $0.contains("Refreshing") })
    }

    @Test func resizingLaysOutAgainAndBelowTheMinimumAsksForMore() throws {
        let driver = ScriptedDriver(steps: [.resize(width: 30, height: 10), .resize(width: 40, height: 12), .hangup])
        #expect(try run(makeStore(), driver) == .terminalGone)
        #expect(driver.frames.map { "\($0.width)x\($0.height)" } == ["80x24", "30x10", "40x12"])
        #expect(TextGrid.lines(driver.frames[1]).joined(separator: " ").contains("larger"))
        #expect(TextGrid.lines(driver.frames[2])[0].hasPrefix("Demo hotel"))
    }

    @Test func clicksReachTabsAndRows() throws {
        let store = makeStore()
        let driver = ScriptedDriver(steps: [
            .perform {},
            .input([.mouse(x: 22, y: 1, .press)]),  // "3 Housekeeping" on the tab line
            .input([.mouse(x: 5, y: 8, .press)]),   // the fourth sample row
            .hangup,
        ])
        _ = try run(store, driver)
        #expect(TextGrid.lines(driver.frames[0])[1].contains("3 Housekeeping"))
        #expect(store.state.activeTab == .housekeeping)
        #expect(store.state.focus == 3)
    }

    @Test func aPasteReachesTheAppAsOneEvent() throws {
        let pasted = Recorder<String>()
        let store = makeStore()
        let driver = ScriptedDriver(steps: [.input(RawInput.typing("\u{1B}[200~R-1042\r\n\u{1B}[201~")), .hangup])
        _ = try TerminalApp.run(store: store, view: SampleShell.view, input: { event in
            if case .paste(let text) = event { pasted.append(text) }
            return nil
        }, shouldQuit: { _ in false }, driver: driver, catchSignals: false)
        #expect(pasted.all == ["R-1042\n"])
    }

    @Test func theTerminalGoingAwayEndsTheLoopAndGivesItBack() throws {
        let driver = ScriptedDriver(steps: [.hangup])
        #expect(try run(makeStore(), driver) == .terminalGone)
        #expect(driver.stopped)
    }

    @Test func aSignalEndsTheLoopThroughThePipe() throws {
        let driver = ScriptedDriver(steps: [.perform { _ = raise(SIGTERM) }, .waitForWake, .input([])])
        #expect(try run(makeStore(), driver, catchSignals: true) == .signal(SIGTERM))
        #expect(driver.stopped)
    }

    @Test func aTerminalThatCannotStartIsAnErrorWithASentence() throws {
        let driver = ScriptedDriver(steps: [])
        driver.failStart = .unknownTerminal("foot")
        #expect(throws: TerminalError.unknownTerminal("foot")) { try run(makeStore(), driver) }
        #expect(!driver.stopped)
        #expect(TerminalError.unknownTerminal("foot").message.contains("TERM=foot"))
        #expect(TerminalError.unknownTerminal("").message.contains("TERM is not set"))
    }

    /// #30: at 40 × 12 the lines under a list's last row were out of reach. End moves the focus
    /// to the last row (the app's key), End again scrolls to the last line; a letter meant for the
    /// focused row, now out of sight, brings it back instead of reaching the app.
    @Test func scrollKeysTheAppLeavesScrollToTheLastLine() throws {
        let store = Store(initialState: SampleShell.State(header: Self.header, rowCount: 5, footerLines: 12),
                          reducer: SampleShell(environment: .init(clock: clock.client)))
        let driver = ScriptedDriver(width: 40, height: 12, steps: [
            .input([.key(KEY_END)]),
            .input([.key(KEY_END)]),
            .input(RawInput.typing("x")),
            .input(RawInput.typing("q")),
        ])
        #expect(try run(store, driver) == .quit)
        let lines = driver.frames.map { TextGrid.lines($0) }
        #expect(lines[1].contains { $0.hasPrefix("Sample row 5") }, "End moved the focus to the last row")
        #expect(!lines[1].contains("Footer line 12"))
        #expect(lines[2].contains("Footer line 12"), "End again scrolled to the last line")
        #expect(!lines[2].contains { $0.hasPrefix("Sample row 5") })
        #expect(lines[3].contains { $0.hasPrefix("Sample row 5") }, "x brought the focused row back")
        #expect(store.state.keys == [.end, .end, .character("q")], "x never reached the app")
    }

    /// #31: a scanner's `203⏎` split into reads (on a loaded handheld each character came alone)
    /// switched tabs and typed "03"; the loop now puts it together by timing. A digit typed alone
    /// goes on as a key once its gap has passed (a wake-up, no key needed).
    @Test func aBurstSplitAcrossReadsIsOneScanAndADigitAloneIsAKey() throws {
        let store = makeStore()
        let driver = ScriptedDriver(steps: [
            .input(RawInput.typing("2")),
            .input(RawInput.typing("0")),
            .input(RawInput.typing("3")),
            .input([.scalar("\r")]),
            .input(RawInput.typing("3")),
            .waitForWake,
            .input(RawInput.typing("q")),
        ])
        #expect(try run(store, driver, scanGap: ScanAssembler.defaultGap) == .quit)
        #expect(store.state.scans == ["203"])
        #expect(store.state.keys == [.character("3"), .character("q")], "the scan's keys never reached the app as keys")
        #expect(store.state.activeTab == .housekeeping, "the 3 typed alone switched the tab")
    }

    /// #31: on the Linux console (no bracketed paste) a pasted "Done\nskip" ran its lines as
    /// keys. A read of text with a line break inside is a paste; one key and Enter stays keys.
    @Test func linesPastedWithoutBracketedPasteAreText() throws {
        let store = makeStore()
        let driver = ScriptedDriver(steps: [
            .input(RawInput.typing("Done\rskip it\r")),
            .input(RawInput.typing("j\r")),
            .input(RawInput.typing("q")),
        ])
        #expect(try run(store, driver) == .quit)
        #expect(store.state.pastes == ["Done\nskip it\n"])
        #expect(store.state.keys == [.character("j"), .enter, .character("q")])
    }
}

