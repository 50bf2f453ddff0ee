import AppCore
import Foundation
import Locking
@testable import LiveClients
import Testing

/// The live clock's sleep on dispatch timers (#18): it lasts its duration, and ends at once, with
/// `CancellationError`, when its task is cancelled — during the sleep or before it began.
///
/// The cancelled sleeps are an hour long, and the test waits for their end (`SleepEnd.ended`),
/// not for a time (#33): a loaded run's scheduler may be slow to resume a task (30 s once under
/// ASan in CI). A sleep that ignored its cancellation fails the test at its time limit instead of
/// holding the run for the hour.
@Suite struct DispatchSleepTests {
    /// A real sleep: it never ends before its duration (a lower bound, which no load breaks).
    @Test func aSleepLastsItsDuration() async throws {
        let start = ContinuousClock.now
        try await DispatchSleep.sleep(for: .milliseconds(80))
        #expect(start.duration(to: .now) >= .milliseconds(80))
        try await DispatchSleep.sleep(for: .zero)
    }

    /// Cancelled once its timer is set (`armed`), not after a sleep of 50 ms.
    @Test(.timeLimit(.minutes(5)))
    func aCancelledSleepEndsAtOnce() async throws {
        let end = SleepEnd()
        let armed = AsyncStream<Void>.makeStream()
        let sleeper = Task {
            await end.record { try await DispatchSleep.sleep(for: .seconds(3600), armed: { armed.continuation.yield() }) }
        }
        var began = armed.stream.makeAsyncIterator()
        #expect(await began.next() != nil, "the sleep began")
        sleeper.cancel()
        #expect(await end.ended() == .cancelled)
    }

    @Test(.timeLimit(.minutes(5)))
    func aSleepOfACancelledTaskEndsBeforeItBegins() async throws {
        let end = SleepEnd()
        Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await end.record { try await DispatchSleep.sleep(for: .seconds(3600)) }
        }
        #expect(await end.ended() == .cancelled)
    }

    @Test(.timeLimit(.minutes(5)))
    func theLiveEnvironmentsClockSleepsThisWay() async throws {
        let end = SleepEnd()
        let sleeper = Task { await end.record { try await ClockClient.dispatch.sleep(.seconds(3600)) } }
        sleeper.cancel()
        #expect(await end.ended() == .cancelled)
    }
}

/// How a sleep in another task ended, waited for without awaiting that task (which an hour's
/// sleep that ignored its cancellation would hold).
private final class SleepEnd: Sendable {
    enum Outcome: Equatable { case slept, cancelled, otherError, notYet }

    private struct State {
        var outcome = Outcome.notYet
        var waiter: CheckedContinuation<Outcome, Never>?
    }

    private let state = Locked(State())

    func record(_ sleep: () async throws -> Void) async {
        let ended: Outcome
        do {
            try await sleep()
            ended = .slept
        } catch is CancellationError {
            ended = .cancelled
        } catch {
            ended = .otherError
        }
        let waiter = state.withLock { s -> CheckedContinuation<Outcome, Never>? in
            s.outcome = ended
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: ended)
    }

    /// The outcome, once the sleep ended; `.notYet` when the waiting task is cancelled first (the
    /// test's time limit). One waiter at a time.
    func ended() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let now = state.withLock { s -> Outcome? in
                    if s.outcome != .notYet { return s.outcome }
                    if Task.isCancelled { return .notYet }
                    s.waiter = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { s -> CheckedContinuation<Outcome, Never>? in
                defer { s.waiter = nil }
                return s.waiter
            }
            waiter?.resume(returning: .notYet)
        }
    }
}
