import DeviceServices
import Foundation
import Testing

/// #18: background work runs on a thread of its own at a lowered priority, which threads it
/// starts inherit, and the thread that asked keeps its own.
@Suite struct BackgroundTests {
    @Test func workRunsLowerAndWhatItStartsToo() async throws {
        let callerBefore = Background.currentNice()
        let seen = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Int32, Int32), any Error>) in
            Background.run(name: "test background") {
                let own = Background.currentNice()
                let done = DispatchSemaphore(value: 0)
                let child = LockedNice()
                let thread = Thread {
                    child.value = Background.currentNice()
                    done.signal()
                }
                thread.start()
                done.wait()
                continuation.resume(returning: (own, child.value))
            }
        }
        let expected = min(19, callerBefore + Background.niceIncrement)
        #expect(seen.0 == expected, "the background thread")
        #expect(seen.1 == expected, "a thread it started")
        #expect(Background.currentNice() == callerBefore, "the caller's own priority is unchanged")
    }
}

/// A value written by one thread and read by another after a semaphore.
private final class LockedNice: @unchecked Sendable {
    var value: Int32 = -100
}

