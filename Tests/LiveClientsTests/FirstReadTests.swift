import Foundation
import Locking
import Testing
@testable import LiveClients

/// #18: what the read ahead read of the preferences goes to the app's first load of them only.
@Suite struct FirstReadTests {
    @Test func theFirstTakeGetsWhatWasOfferedBeforeItAndNothingElseDoes() {
        let read = FirstRead<Int>()
        read.offer(1)
        read.offer(2)
        #expect(read.take() == 1, "the first offer is kept")
        #expect(read.take() == nil, "once")
        read.offer(3)
        #expect(read.take() == nil, "an offer after the first take is dropped")
    }

    @Test func anOfferAfterTheFirstTakeIsDropped() {
        let read = FirstRead<String>()
        #expect(read.take() == nil, "nothing offered yet: the app reads for itself")
        read.offer("late")
        #expect(read.take() == nil)
    }

    /// A take while the value is being read waits for it rather than read the same files again
    /// beside it (the start's first ask came a few milliseconds before the start read's answer,
    /// and both decoded the credentials on the two cores the first frame was waiting for). The
    /// offer comes once the take waits (its wait says so), not after a sleep of 50 ms (#33).
    @Test(.timeLimit(.minutes(2)))
    func aTakeWhileTheValueIsBeingReadWaitsForIt() async throws {
        let waiting = AsyncStream<Duration>.makeStream()
        let read = FirstRead<Int>(waitAtMost: .seconds(3600)) { arrived, atMost in
            waiting.continuation.yield(atMost)
            return arrived.wait(timeout: .now() + .nanoseconds(Int(atMost.nanoseconds))) == .success
        }
        read.reading()
        let asked = Task.detached { read.take() }
        var waits = waiting.stream.makeAsyncIterator()
        #expect(await waits.next() == .seconds(3600), "the take waits for the read under way")
        read.offer(4)
        #expect(await asked.value == 4)
        #expect(read.take() == nil, "once")
    }

    /// A read that never answers holds the take back `waitAtMost`, then the app reads for itself:
    /// the wait is asked for that long and here gives up at once, as when the time is up.
    @Test func aReadThatNeverAnswersHoldsTheTakeOnlySoLong() {
        let asked = Locked<[Duration]>([])
        let read = FirstRead<Int>(waitAtMost: .milliseconds(30)) { _, atMost in
            asked.withLock { $0.append(atMost) }
            return false
        }
        read.reading()
        #expect(read.take() == nil)
        #expect(asked.withLock { $0 } == [.milliseconds(30)])
        read.offer(5)
        #expect(read.take() == nil, "an answer after the take gave up is dropped")
        #expect(asked.withLock { $0 } == [.milliseconds(30)], "a later take does not wait")
    }

    /// The app's start waits 50 ms at most on the semaphore: a take with no read under way
    /// does not wait at all.
    @Test func aTakeWithNoReadUnderWayDoesNotWait() {
        let asked = Locked<[Duration]>([])
        let read = FirstRead<Int> { _, atMost in asked.withLock { $0.append(atMost) }; return false }
        #expect(read.waitAtMost == .milliseconds(50))
        #expect(read.take() == nil)
        #expect(asked.withLock { $0 }.isEmpty)
    }
}
