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
}
