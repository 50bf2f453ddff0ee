import Glibc
import Synchronization

/// Catches SIGINT, SIGTERM and SIGHUP while the screen is ours: the handler only remembers the
/// signal and writes a byte to the wake-up pipe; the main loop does the rest. SIGWINCH stays
/// ncurses's (its handler is called first, so `KEY_RESIZE` comes), and also writes to the pipe so
/// the loop wakes whichever thread the signal landed on.
///
/// The handlers are real functions (not `SIG_IGN`), so programs the app starts get the default
/// dispositions back on `exec`.
enum SignalRelay {
    /// Signals that end the loop.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private final class State: Sendable {
        let pipeFD = Atomic<Int32>(-1)
        let lastSignal = Atomic<Int32>(0)
        /// ncurses's SIGWINCH handler, as a bit pattern (0 when there is none to call).
        let resizeHandler = Atomic<Int>(0)
    }

    private static let state = State()
    private static let previous = Mutex<[Int32: sighandler_t?]>([:])
    private static let previousMask = Mutex<sigset_t?>(nil)

    /// Installs the handlers, writing to `pipe` when a signal arrives. Call after curses started.
    static func install(pipe: WakePipe) {
        let state = self.state  // initialised here, never first inside a handler
        state.lastSignal.store(0, ordering: .sequentiallyConsistent)
        state.pipeFD.store(pipe.writeFD, ordering: .sequentiallyConsistent)
        previous.withLock { saved in
            for number in handled {
                saved[number] = signal(number) { number in
                    let saved = errno
                    SignalRelay.state.lastSignal.store(number, ordering: .sequentiallyConsistent)
                    SignalRelay.wakeLoop()
                    errno = saved
                }
            }
            let curses = signal(SIGWINCH) { number in
                let saved = errno
                let handler = SignalRelay.state.resizeHandler.load(ordering: .sequentiallyConsistent)
                if handler != 0 {
                    unsafeBitCast(handler, to: (@convention(c) (Int32) -> Void).self)(number)
                }
                SignalRelay.wakeLoop()
                errno = saved
            }
            saved[SIGWINCH] = curses
            let bits = curses.map { unsafeBitCast($0, to: Int.self) } ?? 0
            state.resizeHandler.store(bits > 1 ? bits : 0, ordering: .sequentiallyConsistent)  // not DFL/IGN
        }
        // This thread must receive them even if something blocked them (a test harness does).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in handled + [SIGWINCH] { sigaddset(&unblock, number) }
        var old = sigset_t()
        if pthread_sigmask(SIG_UNBLOCK, &unblock, &old) == 0 { previousMask.withLock { $0 = old } }
    }

    /// Puts the handlers and the signal mask that were there before back.
    static func uninstall() {
        if var mask = previousMask.withLock({ $0 }) {
            _ = pthread_sigmask(SIG_SETMASK, &mask, nil)
            previousMask.withLock { $0 = nil }
        }
        previous.withLock { saved in
            for (number, handler) in saved { _ = signal(number, handler ?? SIG_DFL) }
            saved.removeAll()
        }
        state.pipeFD.store(-1, ordering: .sequentiallyConsistent)
        state.resizeHandler.store(0, ordering: .sequentiallyConsistent)
    }

    /// The ending signal received since the last call, if any.
    static func take() -> Int32? {
        let number = state.lastSignal.exchange(0, ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    /// Writes one byte to the pipe: async-signal-safe.
    private static func wakeLoop() {
        let fd = state.pipeFD.load(ordering: .sequentiallyConsistent)
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }
}
