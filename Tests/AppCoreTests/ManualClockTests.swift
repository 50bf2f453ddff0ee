import AppCore
import Foundation
import Testing
import TestSupport

@Suite struct ManualClockTests {
    @Test func sleepersWakeWhenTheirTimeComesInOrder() async throws {
        let clock = ManualClock()
        let woken = Recorder<Int>()
        let sleep = clock.client.sleep
        let long = Task { try await sleep(.seconds(10)); woken.append(10) }
        let short = Task { try await sleep(.seconds(3)); woken.append(3) }
        while clock.sleeperCount < 2 { try await Task.sleep(for: .milliseconds(1)) }
        await clock.advance(by: .seconds(5))
        try await short.value
        #expect(woken.all == [3])
        await clock.advance(by: .seconds(5))
        try await long.value
        #expect(woken.all == [3, 10])
        #expect(clock.now == Date(timeIntervalSince1970: 1_800_000_010))
    }

    @Test func cancellingASleeperThrowsCancellation() async throws {
        let clock = ManualClock()
        let sleep = clock.client.sleep
        let task = Task { try await sleep(.seconds(10)) }
        while clock.sleeperCount < 1 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }
}
