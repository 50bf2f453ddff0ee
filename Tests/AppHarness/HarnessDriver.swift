import AppCore
import TerminalUI

/// The harness's terminal: input a test put there, read by the loop; every frame kept.
@MainActor
final class HarnessDriver: TerminalDriver {
    var pending: [RawInput] = []
    private(set) var frames: [CellGrid] = []
    /// Frames drawn so far.
    private(set) var drawn = 0
    private var width: Int
    private var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    func start() throws {}
    func stop() {}
    func size() -> (width: Int, height: Int) { (width, height) }

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    func read() -> RawInput? { pending.isEmpty ? nil : pending.removeFirst() }

    /// The harness turns the loop itself; the loop never waits on this terminal.
    func wait(wakeFD: Int32) -> WaitOutcome { .ready }

    func draw(_ grid: CellGrid) {
        // Only the frames since the last look are needed; a long test keeps a few.
        if frames.count > 64 { frames.removeFirst(frames.count - 16) }
        frames.append(grid)
        drawn += 1
    }
}
