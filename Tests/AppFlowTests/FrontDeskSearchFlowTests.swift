import AppCore
import AppHarness
import Testing

/// Search as a clerk types (#30), the whole program in the process (#33; this was
/// Tests/e2e/frontdesk_search.sh): typing the next name over Search's results edits the query (the
/// `q` of "Jacques" no longer quits, its `r` no longer searches again); "muller" and "mueller"
/// find Müller (a guest of Garden Court, in the same workspace); a room number finds the guest
/// staying in that room tonight, whom the instance's search does not find, and Enter opens that
/// stay's reservation; F10 quits.
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskSearchFlowTests {
    /// After "hart" finds "HV-1001 Amelia Hart" (the results focused, "Enter Open"), typing
    /// " Jacques r" shows "Search: hart Jacques r": the app is still there and no search ran (no
    /// "Searching for" on any frame, no request).
    @Test func typingOverTheResultsEditsTheQuery() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await app.press(.function(2))
        try app.expect("Search: code, guest name, room")
        try await app.type("hart\n")
        try app.expect("HV-1001 Amelia Hart")
        try app.expect("Enter Open")

        let searches = try await app.requests("search")
        let mark = app.frameMark
        try await app.type(" Jacques r")
        try app.expect("Search: hart Jacques r")
        #expect(app.exitReason == nil, "a q typed over the results did not quit the app")
        #expect(try app.screens(since: mark).allSatisfy { !$0.contains("Searching for") },
                "an r typed over the results did not search again")
        #expect(try await app.requests("search") == searches, "no search was sent")
    }

    /// Ctrl-U empties the field; "muller" finds Müller among the guests, and so does "mueller".
    @Test func mullerAndMuellerFindMüller() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await app.press(.function(2))
        try await app.type("hart\n")
        try app.expect("HV-1001 Amelia Hart")
        try await app.press(.control("u"))
        app.expectNo("Search: hart", "Ctrl-U empties the field")
        try await app.type("muller\n")
        try app.expect("Müller")
        #expect(app.lines.contains { $0.contains(/^Guests  *[1-9]/) }, "\"muller\" finds guests:\n\(app.screenText)")
        try await app.press(.control("u"))
        try await app.type("mueller\n")
        try app.expect("Search: mueller")
        app.expectNo("Searching for")
        try app.expect("Müller")
    }

    /// "201" lists "Room 201 tonight" with "HV-1003 Yuki Tanaka" "In house" under it; Enter opens
    /// Reservation HV-1003; Esc comes back to the results; F10 quits from Search.
    @Test func aRoomNumberFindsTonightsGuestAndF10Quits() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await app.press(.function(2))
        try await app.type("201\n")
        try app.expect("Room 201 tonight")
        let heading = try #require(app.lineNumber(containing: "Room 201 tonight"))
        #expect(app.lines.dropFirst(heading + 1).first?.contains(/HV-1003 Yuki Tanaka.*In house/) == true,
                "room 201 shows Yuki Tanaka, in house:\n\(app.screenText)")
        try await app.press(.enter)
        try app.expect("Reservation HV-1003")
        try await app.press(.escape)
        try app.expect("Room 201 tonight")
        try await app.press(.function(10))
        #expect(app.exitReason != nil, "F10 quits from Search:\n\(app.screenText)")
    }
}
