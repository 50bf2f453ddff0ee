import AppCore
import Foundation
import GuestCraftAPI
import Locking
import Testing
import TestSupport

/// Search's client over answers the test sets, recording each text sent.
final class SearchWorld: Sendable {
    let answers = Locked<[ReadResult<SearchResults>]>([])
    let sent = Recorder<String>()
    let desk = DeskWorld()

    var environment: SearchEnvironment {
        SearchEnvironment(search: { text in
            self.sent.append(text)
            return self.answers.withLock { $0.isEmpty ? .offline : $0.removeFirst() }
        }, detail: desk.environment)
    }
}

enum SearchFixture {
    static let hart = ReservationSummary(
        id: "rsv_0001", code: "HV-1001", guest: GuestRef(id: "gst_0001", name: "Amelia Hart"),
        arrival: HotelFixture.date, departure: HotelFixture.date.adding(days: 3), status: .confirmed,
        rooms: [StayBrief(id: "sty_0001", roomType: RoomTypeRef(id: "rmt_dbl", name: "Double"),
                          unit: UnitRef(id: "unt_h101", number: "101"), status: .reserved)])
    static let hartGuest = GuestSummary(id: "gst_0001", name: "Amelia Hart",
                                        contact: Contact(email: "amelia.hart@example.com", phone: "+44 20 7946 0011"))
    static let both = SearchResults(reservations: [hart], guests: [hartGuest])
    /// A role with `reservations.read` but not `guests.read`: guests answer null.
    static let noGuests = SearchResults(reservations: [hart], guests: nil)
}

@MainActor
@Suite struct SearchFeatureTests {
    typealias Feature = SearchFeature
    let world = SearchWorld()

    func makeStore(_ state: Feature.State = Feature.State()) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    func typed(_ text: String) -> Feature.State {
        var state = Feature.State(hasLoaded: true)
        state.query.insert(text)
        return state
    }

    @Test func openingPutsTheCursorInTheFieldAndEveryPrintableKeyIsText() async {
        let store = makeStore(Feature.State(isEditing: false))
        await store.send(.appeared) {
            $0.hasLoaded = true
            $0.isEditing = true
        }
        for character in "q1?r" {
            await store.send(.keyPressed(.character(character))) { $0.query.insert(String(character)) }
        }
        await store.finish()
        #expect(world.sent.all.isEmpty, "nothing is sent while typing")
    }

    @Test func oneCharacterIsNotSentAndTheLineSaysWhy() async {
        let store = makeStore(typed(" a "))
        await store.send(.keyPressed(.enter)) { $0.notice = Notice(.info, "Type at least 2 characters to search.") }
        await store.finish()
        #expect(world.sent.all.isEmpty)
    }

    @Test func enterSendsTheTrimmedTextAndTheResultsTakeTheFocus() async {
        world.answers.withLock { $0 = [.fresh(SearchFixture.both, at: HotelFixture.freshAt)] }
        let store = makeStore(typed(" hart "))
        await store.send(.keyPressed(.enter)) {
            $0.searched = "hart"
            $0.isSearching = true
        }
        await store.receive(.searched("hart", .fresh(SearchFixture.both, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.results = SearchFixture.both
            $0.focus = "search.reservation.rsv_0001"
            $0.isEditing = false
        }
        await store.send(.keyPressed(.character("j"))) { $0.focus = "search.guest.gst_0001" }
        await store.send(.keyPressed(.character("j")))
        await store.send(.keyPressed(.character("k"))) { $0.focus = "search.reservation.rsv_0001" }
        // Up from the first result goes back to the field.
        await store.send(.keyPressed(.up)) { $0.isEditing = true }
        await store.finish()
        #expect(world.sent.all == ["hart"])
    }

    @Test func aKindTheRoleCannotSearchSaysWhyInsteadOfAnError() async {
        world.answers.withLock { $0 = [.fresh(SearchFixture.noGuests, at: HotelFixture.freshAt)] }
        let store = makeStore(typed("hart"))
        await store.send(.keyPressed(.enter)) {
            $0.searched = "hart"
            $0.isSearching = true
        }
        await store.receive(.searched("hart", .fresh(SearchFixture.noGuests, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.results = SearchFixture.noGuests
            $0.focus = "search.reservation.rsv_0001"
            $0.isEditing = false
        }
        let text = SearchView.view(store.state).rows.map { $0.spans.map(\.text).joined() }
        #expect(text.contains("Your role cannot search guests."))
        #expect(SearchView.view(store.state).notices.isEmpty)
        await store.finish()
    }

    @Test func offlineItSaysSearchNeedsTheInstanceAndOffersTodaysSavedLists() async {
        let store = makeStore(typed("hart"))
        await store.send(.keyPressed(.enter)) {
            $0.searched = "hart"
            $0.isSearching = true
        }
        await store.receive(.searched("hart", .offline)) {
            $0.isSearching = false
            $0.isOffline = true
            $0.focus = "search.today"
            $0.isEditing = false
        }
        await store.send(.keyPressed(.enter))
        await store.receive(.delegate(.openTab(.today)))
        // `r` tries the same search again.
        world.answers.withLock { $0 = [.fresh(SearchFixture.both, at: HotelFixture.freshAt)] }
        await store.send(.keyPressed(.character("r"))) { $0.isSearching = true }
        await store.receive(.searched("hart", .fresh(SearchFixture.both, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.isOffline = false
            $0.results = SearchFixture.both
            $0.focus = "search.reservation.rsv_0001"
        }
        await store.finish()
    }

    @Test func theInstancesTooShortRefusalIsTheSameSentence() async {
        world.answers.withLock { $0 = [.failed(problemCode: "search.query_too_short")] }
        let store = makeStore(typed("ab"))
        await store.send(.keyPressed(.enter)) {
            $0.searched = "ab"
            $0.isSearching = true
        }
        await store.receive(.searched("ab", .failed(problemCode: "search.query_too_short"))) {
            $0.isSearching = false
            $0.notice = Notice(.error, "Type at least 2 characters to search.")
        }
        await store.finish()
    }

    @Test func a401EndsTheSession() async {
        world.answers.withLock { $0 = [.sessionEnded] }
        let store = makeStore(typed("hart"))
        await store.send(.keyPressed(.enter)) {
            $0.searched = "hart"
            $0.isSearching = true
        }
        await store.receive(.searched("hart", .sessionEnded)) { $0.isSearching = false }
        await store.receive(.delegate(.sessionEnded))
        await store.finish()
    }
}

/// The Search tab at 40 × 12 and 80 × 24, in the app's frame.
@Suite struct SearchSnapshotTests {
    static func with(_ results: SearchResults?, offline: Bool = false) -> SearchFeature.State {
        var state = SearchFeature.State(isEditing: results == nil && !offline, searched: "hart", results: results,
                                        isOffline: offline, hasLoaded: true)
        state.query.insert("hart")
        state.focus = state.rowIDs.first
        return state
    }

    @Test func results() {
        assertSnapshot(of: SearchView.view(Self.with(SearchFixture.both)).framed(.search), named: "search-results")
    }

    @Test func aKindNotPermitted() {
        assertSnapshot(of: SearchView.view(Self.with(SearchFixture.noGuests)).framed(.search), named: "search-no-guests")
    }

    @Test func tooShort() {
        var state = SearchFeature.State(hasLoaded: true)
        state.query.insert("h")
        state.notice = Notice(.info, "Type at least 2 characters to search.")
        assertSnapshot(of: SearchView.view(state).framed(.search), named: "search-too-short")
    }

    @Test func offline() {
        assertSnapshot(of: SearchView.view(Self.with(nil, offline: true)).framed(.search, header: .harbour(.offline)),
                       named: "search-offline")
    }
}
