import Foundation
import Glibc

/// Work that must never hold up the app's own: run on a thread of its own whose nice value is
/// raised (#18: the start's read ahead decoded the saved rooms on both cores at the priority of
/// the UI thread, and the start's answer and the UI thread's wake-ups waited a millisecond at a
/// time for a core). Threads it starts inherit the nice value, so work it splits stays behind too.
/// On Linux the nice value is a thread's own; the thread ends with the work, so no pool thread is
/// left behind at a lower priority.
public enum Background {
    /// How much lower than the app's own work: a thread at nice +10 gets about a tenth of a core
    /// the UI thread also wants, and every core nobody else wants.
    public static let niceIncrement: Int32 = 10

    /// Runs `work` on a new thread at the lowered priority.
    public static func run(name: String, _ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            lowerCurrentThread()
            work()
        }
        thread.name = name
        thread.start()
    }

    /// Raises the calling thread's nice value by `niceIncrement` (to at most 19); false when the
    /// system refused.
    @discardableResult
    public static func lowerCurrentThread() -> Bool {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0 else { return false }
        return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceIncrement)) == 0
    }

    /// The calling thread's nice value (for tests).
    public static func currentNice() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
