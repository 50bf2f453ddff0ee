import AppCore
import CNCurses
import Glibc
@testable import TerminalUI

/// A terminal driver that plays a script and records every frame: the runner under test runs
/// for real (store, effects, wake-up pipe, layout) without a terminal.
@MainActor
final class ScriptedDriver: TerminalDriver {
    enum Step {
        /// Input waiting to be read.
        case input([RawInput])
        /// The terminal changes size (ncurses then reports KEY_RESIZE).
        case resize(width: Int, height: Int)
        /// Block until an effect or a signal writes to the wake-up pipe.
        case waitForWake
        /// Run something (from the loop's thread) before the next step.
        case perform(@MainActor () -> Void)
        /// The terminal goes away.
        case hangup
    }

    private var steps: [Step]
    private var pending: [RawInput] = []
    private var width: Int
    private var height: Int
    private(set) var frames: [CellGrid] = []
    private(set) var started = false
    /// Whether `prepare` was called (the start set the terminal up ahead of its first frame).
    private(set) var prepared = false
    private(set) var stopped = false
    /// How many `waitForWake` steps the pipe woke (rather than the step's 10 s running out).
    private(set) var wakes = 0
    var failStart: TerminalError?

    init(width: Int = 80, height: Int = 24, steps: [Step]) {
        self.width = width
        self.height = height
        self.steps = steps
    }

    /// The last frame as text.
    var screen: [String] { frames.last.map { TextGrid.lines($0) } ?? [] }

    func start() throws {
        if let failStart { throw failStart }
        started = true
    }

    func prepare() throws {
        if let failStart { throw failStart }
        prepared = true
    }

    func stop() { if started || prepared { stopped = true } }

    func size() -> (width: Int, height: Int) { (width, height) }

    /// How many times the loop asked for input.
    private(set) var reads = 0

    func read() -> RawInput? {
        reads += 1
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    func wait(wakeFD: Int32) -> WaitOutcome {
        while !steps.isEmpty {
            switch steps.removeFirst() {
            case .input(let inputs):
                pending += inputs
                return .ready
            case .resize(let width, let height):
                self.width = width
                self.height = height
                pending.append(.key(KEY_RESIZE))
                return .ready
            case .waitForWake:
                var fd = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, 10_000) > 0 { wakes += 1 }
                return .ready
            case .perform(let body):
                body()
            case .hangup:
                return .terminalGone
            }
        }
        return .terminalGone
    }

    func draw(_ grid: CellGrid) { frames.append(grid) }
}
