import Dispatch
import Locking

/// A clock for code that blocks a thread until a time (a semaphore's timed wait, a sleep), moved
/// only by the test (`advance(by:)`): the start's gate (`AfterFirstFrame`) waits this way on the
/// start's own threads, where `ManualClock`'s async sleep cannot go (#33). It counts the waits
/// begun and ended, and those under way that its time has not ended (`waiting`): how a test knows
/// a thread is blocked on it, or has gone on.
public final class ManualThreadClock: Sendable {
    private struct Wait {
        var deadline: Duration
        /// The clock passed the deadline (the wait ends, false), though its thread may not have
        /// come back yet.
        var due: Bool
        let woken: DispatchSemaphore
    }

    private struct State {
        var elapsed: Duration = .zero
        var nextID = 0
        var waits: [Int: Wait] = [:]
        var begun = 0
        var ended = 0
    }

    private let origin = ContinuousClock.now
    private let state = Locked(State())

    public init() {}

    /// The time at the making plus every `advance` since.
    public var now: ContinuousClock.Instant { origin + state.withLock { $0.elapsed } }

    /// Waits begun so far, and waits ended (their thread come back).
    public var waitsBegun: Int { state.withLock { $0.begun } }
    public var waitsEnded: Int { state.withLock { $0.ended } }

    /// Waits under way that the clock has not ended: right after `advance` this counts exactly
    /// those still blocked on a time (a wait whose semaphore was signalled counts until its thread
    /// notices, within a millisecond).
    public var waiting: Int { state.withLock { $0.waits.values.filter { !$0.due }.count } }

    /// Moves time forward; every wait whose deadline has come ends, before this returns, as
    /// far as `waiting` counts (its thread comes back when the scheduler gets to it).
    public func advance(by duration: Duration) {
        let due = state.withLock { s -> [DispatchSemaphore] in
            s.elapsed += duration
            var due: [DispatchSemaphore] = []
            for (id, wait) in s.waits where !wait.due && wait.deadline <= s.elapsed {
                s.waits[id]?.due = true
                due.append(wait.woken)
            }
            return due
        }
        due.forEach { $0.signal() }
    }

    /// Blocks until `semaphore` is signalled (true) or the clock has moved `atMost` on (false),
    /// as `DispatchSemaphore.wait(timeout:)` does in wall time. The semaphore is looked at every
    /// millisecond: a thread cannot block on it and on the clock at once.
    public func wait(_ semaphore: DispatchSemaphore, atMost: Duration) -> Bool {
        let id = begin(atMost)
        while true {
            if semaphore.wait(timeout: .now() + .milliseconds(1)) == .success {
                end(id)
                return true
            }
            if state.withLock({ $0.waits[id]?.due ?? true }) {
                end(id)
                return false
            }
        }
    }

    /// Blocks until the clock has moved `duration` on.
    public func sleep(for duration: Duration) {
        let id = begin(duration)
        let woken = state.withLock { $0.waits[id]?.woken }
        if state.withLock({ !($0.waits[id]?.due ?? true) }) { woken?.wait() }
        end(id)
    }

    private func begin(_ duration: Duration) -> Int {
        state.withLock { s in
            s.nextID += 1
            s.begun += 1
            s.waits[s.nextID] = Wait(deadline: s.elapsed + duration, due: duration <= .zero,
                                     woken: DispatchSemaphore(value: 0))
            return s.nextID
        }
    }

    private func end(_ id: Int) {
        state.withLock { s in
            s.waits[id] = nil
            s.ended += 1
        }
    }
}
