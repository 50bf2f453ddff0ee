import Foundation
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
    /// and both decoded the credentials on the two cores the first frame was waiting for).
    @Test func aTakeWhileTheValueIsBeingReadWaitsForIt() async throws {
        let read = FirstRead<Int>(waitAtMost: .seconds(60))
        read.reading()
        let asked = Task.detached { read.take() }
        try await Task.sleep(for: .milliseconds(50))
        read.offer(4)
        #expect(await asked.value == 4)
        #expect(read.take() == nil, "once")
    }

    /// A read that never answers holds the take back `waitAtMost`, then the app reads for itself.
    @Test func aReadThatNeverAnswersHoldsTheTakeOnlySoLong() {
        let read = FirstRead<Int>(waitAtMost: .milliseconds(30))
        read.reading()
        let asked = ContinuousClock.now
        #expect(read.take() == nil)
        #expect(asked.duration(to: .now) >= .milliseconds(30))
        read.offer(5)
        #expect(read.take() == nil, "an answer after the take gave up is dropped")
    }
}
