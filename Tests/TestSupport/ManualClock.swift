import Foundation
import Locking

/// A clock that moves only when a test says so (`advance(by:)`), for effects that wait
/// (the 10-second Undo, a retry delay) without a test waiting in real time. One for every test
/// target (the app core's `ClockClient`, the outbox's `OutboxTiming`).
public final class ManualClock: Sendable {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var start: Date
        var elapsed: Duration = .zero
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps begun whose continuation is not registered yet, and those cancelled meanwhile.
        var arriving: Set<UInt64> = []
        var cancelledBeforeSleeping: Set<UInt64> = []
    }

    private let state: Locked<State>

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Locked(State(start: now))
    }

    /// The start time plus every `advance` so far.
    public var now: Date {
        state.withLock { s in
            let (seconds, attoseconds) = s.elapsed.components
            return s.start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    /// Effects currently sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves time forward and wakes every sleeper whose time has come. An effect started just
    /// before may not be asleep yet: this first waits for one sleeper to appear — the event, not a
    /// time (#33: a bound of 2 s here let a loaded run advance before the effect slept, which then
    /// slept for ever). `giveUp` only ends the wait of a test in which no sleeper ever comes (a
    /// test that expects none waits for its effects to end instead, and moves time with
    /// `advance(_:)`).
    public func advance(by duration: Duration, giveUp: Duration = .seconds(Sanitizer.active ? 120 : 60)) async {
        let clock = ContinuousClock()
        let giveUp = clock.now.advanced(by: giveUp)
        while sleeperCount == 0, clock.now < giveUp, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(1))
        }
        let due = state.withLock { s -> [CheckedContinuation<Void, any Error>] in
            s.elapsed += duration
            let ready = s.sleepers.filter { $0.value.deadline <= s.elapsed }
            for id in ready.keys { s.sleepers[id] = nil }
            return ready.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        due.forEach { $0.resume() }
    }

    /// Moves time forward at once, waking every sleeper whose time has come (for code that
    /// only reads `now`).
    public func advance(_ seconds: TimeInterval) {
        let due = state.withLock { s -> [CheckedContinuation<Void, any Error>] in
            s.elapsed += .milliseconds(Int64((seconds * 1000).rounded()))
            let ready = s.sleepers.filter { $0.value.deadline <= s.elapsed }
            for id in ready.keys { s.sleepers[id] = nil }
            return ready.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        due.forEach { $0.resume() }
    }

    /// Moves `now` forward without waking any sleeper, as a process stopped and continued (or a
    /// terminal that slept) finds the time moved on before its timers fire.
    public func jump(_ seconds: TimeInterval) {
        state.withLock { s in
            s.start = s.start.addingTimeInterval(seconds)
        }
    }

    /// Sleeps until `advance` has moved the clock past `duration`; throws when cancelled.
    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { s in
            s.nextID += 1
            s.arriving.insert(s.nextID)
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { s -> Result<Void, any Error>? in
                    s.arriving.remove(id)
                    if s.cancelledBeforeSleeping.remove(id) != nil { return .failure(CancellationError()) }
                    if duration <= .zero { return .success(()) }
                    s.sleepers[id] = Sleeper(deadline: s.elapsed + duration, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { s -> Sleeper? in
                if let sleeper = s.sleepers.removeValue(forKey: id) { return sleeper }
                if s.arriving.contains(id) { s.cancelledBeforeSleeping.insert(id) }
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
