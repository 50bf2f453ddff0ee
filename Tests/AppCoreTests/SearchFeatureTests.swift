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
    /// The saved room list and Today's list a room number is looked up in.
    let units = Locked<UnitList?>(nil)
    let today = Locked<TodayOverview?>(nil)
    let roomReads = Recorder<String>()
    let desk = DeskWorld()

    var environment: SearchEnvironment {
        SearchEnvironment(search: { text in
            self.sent.append(text)
            return self.answers.withLock { $0.isEmpty ? .offline : $0.removeFirst() }
        }, savedUnits: {
            self.roomReads.append("units")
            return self.units.withLock { $0 }
        }, today: {
            self.roomReads.append("today")
            return self.today.withLock { $0 }
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
        await store.send(.keyPressed(.down)) { $0.focus = "search.guest.gst_0001" }
        await store.send(.keyPressed(.down))
        await store.send(.keyPressed(.up)) { $0.focus = "search.reservation.rsv_0001" }
        // Up from the first result goes back to the field.
        await store.send(.keyPressed(.up)) { $0.isEditing = true }
        await store.finish()
        #expect(world.sent.all == ["hart"])
    }

    /// The results of "hart", the first one focused.
    func showingResults(_ results: SearchResults = SearchFixture.both, badge: OutboxBadge = OutboxBadge()) -> Feature.State {
        var state = Feature.State(isEditing: false, searched: "hart", results: results, badge: badge, hasLoaded: true)
        state.query.insert("hart")
        state.focus = state.rowIDs.first
        return state
    }

    /// #30: typing the next name over the results edits the query; no letter runs a command
    /// (`r` searched again, `j`/`k` moved, `n`/`v` sent or reviewed the outbox, `/` was a key).
    @Test func typingANameOverTheResultsEditsTheQueryAndRunsNoCommand() async {
        let store = makeStore(showingResults(badge: OutboxBadge(toSend: 1, toReview: 1)))
        await store.send(.keyPressed(.character(" "))) {
            $0.query.insert(" ")
            $0.isEditing = true
        }
        for character in "Jacques rvnjk/" {
            await store.send(.keyPressed(.character(character))) { $0.query.insert(String(character)) }
        }
        await store.send(.keyPressed(.backspace)) { $0.query = TextInput("hart Jacques rvnjk", limit: 100) }
        // From the results again, Backspace and the cursor keys edit the query too.
        await store.send(.keyPressed(.down)) { $0.isEditing = false }
        await store.send(.keyPressed(.backspace)) {
            $0.query = TextInput("hart Jacques rvnj", limit: 100)
            $0.isEditing = true
        }
        await store.send(.keyPressed(.down)) { $0.isEditing = false }
        await store.send(.keyPressed(.left)) {
            _ = $0.query.apply(.left)
            $0.isEditing = true
        }
        await store.finish()
        #expect(world.sent.all.isEmpty, "nothing is sent while typing")
        #expect(SearchView.view(store.state).focus == "search.field")
    }

    /// #30: the results are moved through with the arrows, PgUp/PgDn and Home/End (in the
    /// field Home and End move its cursor); Enter in the field searches.
    @Test func arrowsPagesHomeAndEndMoveThroughTheResults() async {
        let reservations = (1...12).map { number in
            var reservation = SearchFixture.hart
            reservation.id = ReservationID("rsv_\(1000 + number)")
            reservation.code = "HV-\(1000 + number)"
            return reservation
        }
        var state = showingResults(SearchResults(reservations: reservations, guests: [SearchFixture.hartGuest]))
        state.isEditing = true
        state.focus = nil
        let rows = state.rowIDs
        #expect(rows.count == 13)
        let store = makeStore(state)
        await store.send(.keyPressed(.home)) { _ = $0.query.apply(.home) }
        await store.send(.keyPressed(.end)) { _ = $0.query.apply(.end) }
        await store.send(.keyPressed(.pageDown)) {
            $0.isEditing = false
            $0.focus = rows[9]
        }
        await store.send(.keyPressed(.pageDown)) { $0.focus = rows[12] }
        await store.send(.keyPressed(.pageUp)) { $0.focus = rows[2] }
        await store.send(.keyPressed(.home)) { $0.focus = rows[0] }
        await store.send(.keyPressed(.end)) { $0.focus = rows[12] }
        await store.send(.keyPressed(.up)) { $0.focus = rows[11] }
        await store.send(.keyPressed(.home)) { $0.focus = rows[0] }
        // Up (or PgUp) from the first result is the field; down is the result it left.
        await store.send(.keyPressed(.pageUp)) { $0.isEditing = true }
        await store.send(.keyPressed(.down)) { $0.isEditing = false }
        await store.send(.keyPressed(.up)) { $0.isEditing = true }
        world.answers.withLock { $0 = [.fresh(SearchFixture.both, at: HotelFixture.freshAt)] }
        await store.send(.keyPressed(.enter)) { $0.isSearching = true }
        await store.receive(.searched("hart", .fresh(SearchFixture.both, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.results = SearchFixture.both
            $0.focus = "search.reservation.rsv_0001"
            $0.isEditing = false
        }
        await store.finish()
        #expect(world.sent.all == ["hart"])
    }

    /// Results that come after the person typed on keep the cursor in the field: Enter then
    /// searches what is typed, never opens a result of the older text.
    @Test func resultsOfAnOlderTextLeaveTheCursorInTheField() async {
        var state = typed("hart")
        state.searched = "hart"
        state.isSearching = true
        state.query.insert(" jac")
        let store = makeStore(state)
        await store.send(.searched("hart", .fresh(SearchFixture.both, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.results = SearchFixture.both
            $0.focus = "search.reservation.rsv_0001"
        }
        #expect(store.state.isEditing)
        await store.finish()
    }

    /// #30: a number that is a room of the property finds the stay in that room tonight, from
    /// the saved rooms and Today's list, first, whatever the instance's search finds ("116"
    /// found GC-2116, in room 214, not the guest in room 116).
    @Test func aRoomNumberFindsTheStayInThatRoomTonight() async {
        world.units.withLock { $0 = HotelFixture.unitList }
        world.today.withLock { $0 = TodayFixture.overview }
        let elsewhere = SearchResults(reservations: [SearchFixture.hart], guests: [])
        world.answers.withLock { $0 = [.fresh(elsewhere, at: HotelFixture.freshAt)] }
        let priya = TodayFixture.overview.departures[0]
        let found = RoomStays(number: "201", businessDate: TodayFixture.date, stays: [priya])
        let store = makeStore(typed("201"))
        await store.send(.keyPressed(.enter)) {
            $0.searched = "201"
            $0.isSearching = true
        }
        await store.receive(.roomSearched("201", found)) { $0.room = found }
        await store.receive(.searched("201", .fresh(elsewhere, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.results = elsewhere
            $0.focus = "search.room.sty_0990"
            $0.isEditing = false
        }
        let text = SearchView.view(store.state).rows.map { $0.spans.map(\.text).joined() }
        #expect(text.contains("Room 201 tonight"))
        #expect(text.contains { $0.hasPrefix("HV-0990 Priya Natarajan") })
        await store.finish()
        #expect(world.roomReads.all == ["units", "today"])
    }

    @Test func aRoomIsLookedUpOnlyForTextWithADigit() async {
        world.answers.withLock { $0 = [.fresh(SearchFixture.both, at: HotelFixture.freshAt)] }
        let store = makeStore(typed("hart"))
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
        await store.finish()
        #expect(world.roomReads.all.isEmpty)
    }

    /// Which stays are in a room tonight: checked in (in house, or due out and not gone yet)
    /// first, then the arrival; a room of the property with none says so; a number that is no
    /// room (a code's digits) finds nothing here.
    @Test func theStaysOfARoomTonight() {
        let units = HotelFixture.unitList
        let today = TodayFixture.overview
        func stays(_ text: String) -> [StayID]? {
            RoomSearch.stays(text, units: units, today: today)?.stays.map(\.stayID)
        }
        #expect(stays("301") == ["sty_0985"], "in house")
        #expect(stays("101") == ["sty_1001"], "arriving")
        #expect(stays("203") == ["sty_1005"], "arrived today, once")
        #expect(stays("201") == ["sty_0990"], "due out, still checked in")
        #expect(stays("202") == [], "the departure has left")
        #expect(stays("103") == [], "a room nobody stays in tonight")
        #expect(stays("999") == nil && stays("1001") == nil && stays("hart") == nil)
        var inRoom = today
        inRoom.arrivals.append(TodayFixture.stay("1009", "Lena Müller", room: "201", nights: 2))
        #expect(RoomSearch.stays("201", units: units, today: inRoom)?.stays.map(\.stayID) == ["sty_0990", "sty_1009"])
        #expect(RoomSearch.stays("201", units: units, today: nil) == nil, "without Today's list nothing is said")
        #expect(RoomSearch.stays("301", units: nil, today: today)?.number == "301", "Today's list knows its rooms")
        #expect(RoomSearch.stays("103", units: nil, today: today) == nil)
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
        // Enter in the field tries the same search again (`r` is a letter of the search text).
        world.answers.withLock { $0 = [.fresh(SearchFixture.both, at: HotelFixture.freshAt)] }
        await store.send(.keyPressed(.up)) { $0.isEditing = true }
        await store.send(.keyPressed(.enter)) { $0.isSearching = true }
        await store.receive(.searched("hart", .fresh(SearchFixture.both, at: HotelFixture.freshAt))) {
            $0.isSearching = false
            $0.isOffline = false
            $0.results = SearchFixture.both
            $0.focus = "search.reservation.rsv_0001"
            $0.isEditing = false
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

    /// #30: a name typed over the results: the query is edited, the cursor in the field.
    @Test func typingOverTheResults() {
        var state = Self.with(SearchFixture.both)
        state.query.insert(" Jacq")
        state.isEditing = true
        assertSnapshot(of: SearchView.view(state).framed(.search), named: "search-typing-over-results")
    }

    /// #30: a room number: the stay in that room tonight first, then what the instance found.
    @Test func aRoomNumber() {
        var state = SearchFeature.State(isEditing: false, searched: "201",
                                        results: SearchResults(reservations: [SearchFixture.hart], guests: []),
                                        hasLoaded: true)
        state.query.insert("201")
        state.room = RoomStays(number: "201", businessDate: TodayFixture.date, stays: [TodayFixture.overview.departures[0]])
        state.focus = state.rowIDs.first
        assertSnapshot(of: SearchView.view(state).framed(.search), named: "search-room")
    }

    @Test func offline() {
        assertSnapshot(of: SearchView.view(Self.with(nil, offline: true)).framed(.search, header: .harbour(.offline)),
                       named: "search-offline")
    }
}
