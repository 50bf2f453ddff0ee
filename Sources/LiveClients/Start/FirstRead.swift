import DeviceServices
import Dispatch
import Glibc
import Locking

/// A value read once ahead of its first use, handed to that use only: the first `take` gets
/// what `offer` gave before it (and nothing after — a later offer is dropped, so a value is
/// never handed out after the app has read it itself); every later `take` gets nil and reads
/// for itself. Once the reader says it has begun (`reading`), the first `take` waits for its
/// offer — at most `waitAtMost` — rather than read the same files again beside it (#18).
final class FirstRead<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case reading
        case offered(Value)
        case taken
    }

    /// How a take waits for the offer: true when it came within the duration. The semaphore's
    /// timed wait; a test gives one that says when a take waits, or that gives up at once (#33).
    typealias Wait = @Sendable (_ arrived: DispatchSemaphore, _ atMost: Duration) -> Bool

    private let state = Locked(State.waiting)
    private let arrived = DispatchSemaphore(value: 0)
    /// How long a take waits for a read under way: the start's reads take a few milliseconds;
    /// this is for a reader the cores starve.
    let waitAtMost: Duration
    private let wait: Wait

    init(waitAtMost: Duration = .milliseconds(50),
         wait: @escaping Wait = { $0.wait(timeout: .now() + .nanoseconds(Int($1.nanoseconds))) == .success }) {
        self.waitAtMost = waitAtMost
        self.wait = wait
    }

    /// The read has begun: the first `take` waits for its offer.
    func reading() {
        state.withLock { state in
            if case .waiting = state { state = .reading }
        }
    }

    /// Keeps `value` for the first `take`, unless it came already.
    func offer(_ value: Value) {
        let wakes = state.withLock { state -> Bool in
            switch state {
            case .waiting:
                state = .offered(value)
                return false
            case .reading:
                state = .offered(value)
                return true
            case .offered, .taken:
                return false
            }
        }
        if wakes { arrived.signal() }
    }

    /// Whether a value waits for the first `take` (for tests, which must not race the offer).
    var isOffered: Bool {
        state.withLock { state in
            if case .offered = state { return true }
            return false
        }
    }

    /// The value offered, the first time (waiting for a read under way); nil after, or when
    /// none was offered before (or in time).
    func take() -> Value? {
        if state.withLock({ if case .reading = $0 { true } else { false } }) {
            _ = wait(arrived, waitAtMost)
        }
        return state.withLock { state in
            defer { state = .taken }
            if case .offered(let value) = state { return value }
            return nil
        }
    }
}

/// A read of a store's file with the store's `writes` when it began: current while they are the
/// same (a write through this process's store since then makes it stale).
struct StoreRead<Value: Sendable>: Sendable {
    let value: Value
    let writes: Int
}

extension FirstRead {
    /// The value offered, the first time, when the store has not written since it was read
    /// (`writes` now); nil otherwise: the caller reads for itself.
    func take<Read: Sendable>(writesNow: Int) -> Read? where Value == StoreRead<Read> {
        take().flatMap { $0.writes == writesNow ? $0.value : nil }
    }
}

/// A value one thread hands to another that waits for it: the store, from the opening to the
/// read ahead begun before it (#18). Offered once (nil when there is none to hand); a `wait`
/// after the offer answers at once.
final class Handoff<Value: Sendable>: Sendable {
    private let value = Locked<Value??>(nil)
    private let offered = DispatchSemaphore(value: 0)

    init() {}

    /// Hands `value` to those waiting and to come; later offers are ignored.
    func offer(_ value: Value?) {
        let first = self.value.withLock { held -> Bool in
            guard held == nil else { return false }
            held = .some(value)
            return true
        }
        if first { offered.signal() }
    }

    /// The value offered, waiting for the offer; nil when the offer was of none.
    func wait() -> Value? {
        offered.wait()
        // The next waiter (if any) goes on at once.
        offered.signal()
        return value.withLock { $0 ?? nil }
    }
}

/// The start's work the first frame does not use, held until that frame is on the terminal
/// (#18): the whole saved list's decode once its head is shown, the generation's row. On two
/// cores that work competed with the rest of the start and, once the frame was written, with
/// the terminal parsing and painting it (a terminal on the same machine: the frame showed a
/// millisecond or two later). `frameWritten` opens the gate `settle` later; a wait never lasts
/// past `atMost` from the gate's making (no frame comes when the terminal fails: the work then
/// goes on anyway).
final class AfterFirstFrame: Sendable {
    /// What the app's start uses: 10 ms for the terminal, never more than a quarter of a second.
    static let settle: Duration = .milliseconds(10)
    static let atMost: Duration = .milliseconds(250)

    /// How the gate tells and spends time: the continuous clock, a semaphore's timed wait and
    /// `usleep` (`live`, what the start uses); a test gives a clock it moves itself, so a wait
    /// ends when the test says, never when a loaded run's scheduler gets to it (#33).
    struct Timing: Sendable {
        let now: @Sendable () -> ContinuousClock.Instant
        /// Blocks until `semaphore` is signalled (true) or `atMost` has passed (false).
        let wait: @Sendable (_ semaphore: DispatchSemaphore, _ atMost: Duration) -> Bool
        /// Blocks for `duration`.
        let sleep: @Sendable (_ duration: Duration) -> Void

        static let live = Timing(
            now: { .now },
            wait: { $0.wait(timeout: .now() + .nanoseconds(Int($1.nanoseconds))) == .success },
            sleep: { _ = usleep(useconds_t(min($0.nanoseconds / 1_000, Int64(UInt32.max)))) })
    }

    private let opensAt = Locked<ContinuousClock.Instant?>(nil)
    private let written = DispatchSemaphore(value: 0)
    /// The semaphores of `wait(orUntil:)` calls waiting for the first frame (signalled with it).
    private let alsoWaiting = Locked<[DispatchSemaphore]>([])
    private let deadline: ContinuousClock.Instant
    private let settle: Duration
    private let timing: Timing

    init(settle: Duration = AfterFirstFrame.settle, atMost: Duration = AfterFirstFrame.atMost,
         timing: Timing = .live) {
        self.settle = settle
        self.timing = timing
        deadline = timing.now() + atMost
    }

    /// The first frame is on the terminal (later calls change nothing).
    func frameWritten() {
        let first = opensAt.withLock { opensAt -> Bool in
            guard opensAt == nil else { return false }
            opensAt = timing.now() + settle
            return true
        }
        if first {
            written.signal()
            for semaphore in alsoWaiting.withLock({ $0 }) { semaphore.signal() }
        }
    }

    /// How long until the gate opens at the latest (zero once open): the deadline while no frame
    /// was written, the settle's end after.
    var untilOpen: Duration {
        let until = opensAt.withLock { $0 }.map { min($0, deadline) } ?? deadline
        return max(.zero, timing.now().duration(to: until))
    }

    /// Whether the gate is open now (for tests).
    var isOpen: Bool {
        let now = timing.now()
        return now >= deadline || opensAt.withLock { $0.map { now >= $0 } ?? false }
    }

    /// Blocks the calling thread (one of the start's own, never Swift's pool) until the first
    /// frame was written and `settle` passed, or until the deadline.
    func wait() {
        if opensAt.withLock({ $0 == nil }) {
            let left = timing.now().duration(to: deadline)
            if left > .zero, timing.wait(written, left) {
                // The next waiter (if any) goes on at once.
                written.signal()
            }
        }
        sleepUntilOpen()
    }

    /// `wait()`, or less: until `release` is signalled before the first frame is written (then at
    /// once). `release` is signalled by the first frame too; use it for one wait only.
    func wait(orUntil release: DispatchSemaphore) {
        let waits = opensAt.withLock { opensAt -> Bool in
            guard opensAt == nil else { return false }
            alsoWaiting.withLock { $0.append(release) }
            return true
        }
        if waits {
            let left = timing.now().duration(to: deadline)
            if left > .zero { _ = timing.wait(release, left) }
            // Released before any frame: at once.
            if opensAt.withLock({ $0 == nil }), timing.now() < deadline { return }
        }
        sleepUntilOpen()
    }

    /// Sleeps until the settle after the frame ends, or the deadline.
    private func sleepUntilOpen() {
        let until = opensAt.withLock { $0 }.map { min($0, deadline) } ?? deadline
        let rest = timing.now().duration(to: until)
        if rest > .zero { timing.sleep(rest) }
    }
}
