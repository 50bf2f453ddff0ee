import Dispatch
import Locking

/// A value read once ahead of its first use, handed to that use only: the first `take` gets
/// what `offer` gave before it (and nothing after — a later offer is dropped, so a value is
/// never handed out after the app has read it itself); every later `take` gets nil and reads
/// for itself.
final class FirstRead<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case offered(Value)
        case taken
    }

    private let state = Locked(State.waiting)

    init() {}

    /// Keeps `value` for the first `take`, unless it came already.
    func offer(_ value: Value) {
        state.withLock { state in
            if case .waiting = state { state = .offered(value) }
        }
    }

    /// Whether a value waits for the first `take` (for tests, which must not race the offer).
    var isOffered: Bool {
        state.withLock { state in
            if case .offered = state { return true }
            return false
        }
    }

    /// The value offered, the first time; nil after, or when none was offered before.
    func take() -> Value? {
        state.withLock { state in
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
