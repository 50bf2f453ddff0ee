import AppCore
import Foundation
import Locking
@testable import LiveClients
import Testing

/// The live clock's sleep on dispatch timers (#18): it lasts its duration, and ends at once, with
/// `CancellationError`, when its task is cancelled — during the sleep or before it began.
///
/// The cancelled sleeps are an hour long, and the test looks for their end for five minutes
/// without awaiting them: a loaded run's scheduler may be slow to resume a task (30 s once under
/// ASan in CI), never that slow, and a sleep that ignored its cancellation fails the test at the
/// five minutes instead of holding the run for the hour.
@Suite struct DispatchSleepTests {
    @Test func aSleepLastsItsDuration() async throws {
        let start = ContinuousClock.now
        try await DispatchSleep.sleep(for: .milliseconds(80))
        #expect(start.duration(to: .now) >= .milliseconds(80))
        try await DispatchSleep.sleep(for: .zero)
    }

    @Test func aCancelledSleepEndsAtOnce() async throws {
        let end = SleepEnd()
        let sleeper = Task { await end.record { try await DispatchSleep.sleep(for: .seconds(3600)) } }
        try await Task.sleep(for: .milliseconds(50))
        sleeper.cancel()
        #expect(try await end.looked(for: .seconds(300)) == .cancelled)
    }

    @Test func aSleepOfACancelledTaskEndsBeforeItBegins() async throws {
        let end = SleepEnd()
        Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await end.record { try await DispatchSleep.sleep(for: .seconds(3600)) }
        }
        #expect(try await end.looked(for: .seconds(300)) == .cancelled)
    }

    @Test func theLiveEnvironmentsClockSleepsThisWay() async throws {
        let end = SleepEnd()
        let sleeper = Task { await end.record { try await ClockClient.dispatch.sleep(.seconds(3600)) } }
        sleeper.cancel()
        #expect(try await end.looked(for: .seconds(300)) == .cancelled)
    }
}

/// How a sleep in another task ended, looked for without awaiting that task.
private final class SleepEnd: Sendable {
    enum Outcome: Equatable { case slept, cancelled, otherError, notYet }

    private let outcome = Locked(Outcome.notYet)

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
        outcome.withLock { $0 = ended }
    }

    /// The outcome once there is one, or `.notYet` after `patience`.
    func looked(for patience: Duration) async throws -> Outcome {
        let until = ContinuousClock.now + patience
        while ContinuousClock.now < until {
            let seen = outcome.withLock { $0 }
            if seen != .notYet { return seen }
            try await Task.sleep(for: .milliseconds(10))
        }
        return .notYet
    }
}
