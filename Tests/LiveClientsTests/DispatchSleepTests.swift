import AppCore
import Foundation
@testable import LiveClients
import Testing

/// The live clock's sleep on dispatch timers (#18): it lasts its duration, and ends at once, with
/// `CancellationError`, when its task is cancelled — during the sleep or before it began.
@Suite struct DispatchSleepTests {
    @Test func aSleepLastsItsDuration() async throws {
        let start = ContinuousClock.now
        try await DispatchSleep.sleep(for: .milliseconds(80))
        #expect(start.duration(to: .now) >= .milliseconds(80))
        try await DispatchSleep.sleep(for: .zero)
    }

    @Test func aCancelledSleepEndsAtOnce() async throws {
        let start = ContinuousClock.now
        let sleeper = Task { try await DispatchSleep.sleep(for: .seconds(60)) }
        try await Task.sleep(for: .milliseconds(50))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(start.duration(to: .now) < .seconds(30))
    }

    @Test func aSleepOfACancelledTaskEndsBeforeItBegins() async throws {
        let start = ContinuousClock.now
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await DispatchSleep.sleep(for: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(start.duration(to: .now) < .seconds(30))
    }

    @Test func theLiveEnvironmentsClockSleepsThisWay() async throws {
        let sleeper = Task { try await ClockClient.dispatch.sleep(.seconds(60)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
