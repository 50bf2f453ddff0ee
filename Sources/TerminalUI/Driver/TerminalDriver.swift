import AppCore

/// What the main loop draws on and reads from: `NCursesDriver` for a real terminal, a scripted
/// fake in tests. Every call comes from the one UI thread.
@MainActor
public protocol TerminalDriver: AnyObject {
    /// Sets the terminal up ahead of the first frame, writing there only what must go before it;
    /// `start` then finishes. Throws `TerminalError` when it cannot (unknown `TERM`).
    func prepare() throws
    /// Takes the terminal (preparing it first when that was not done). Throws `TerminalError`
    /// when it cannot (unknown `TERM`).
    func start() throws
    /// Gives the terminal back as it was. Safe to call more than once, and before `start`.
    func stop()
    /// The terminal's size in cells.
    func size() -> (width: Int, height: Int)
    /// The next input already waiting, or `nil`; never blocks.
    func read() -> RawInput?
    /// Blocks until the terminal has input, `wakeFD` is readable, or a signal arrives.
    func wait(wakeFD: Int32) -> WaitOutcome
    /// Draws a laid-out screen and puts the cursor where it says.
    func draw(_ grid: CellGrid)
    /// The locked screen comes (true) or goes: on coming, everything drawn before is wiped, the
    /// terminal's scrollback too, and the keys that would signal are read as keys until it goes.
    func setLocked(_ locked: Bool)
}

extension TerminalDriver {
    public func prepare() throws {}
    public func setLocked(_ locked: Bool) {}
}

/// Why `wait` returned.
public enum WaitOutcome: Equatable, Sendable {
    /// Something may be ready: read input, drain the store.
    case ready
    /// The terminal is gone (its input hung up or reached its end): save and exit.
    case terminalGone
}
