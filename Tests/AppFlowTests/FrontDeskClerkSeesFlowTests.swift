import AppCore
import AppHarness
import Testing

/// What a clerk must see (#30), the whole program in the process (#33; this was
/// Tests/e2e/frontdesk_clerk_sees.sh; the clicks through a real terminal's mouse bytes are
/// Tests/e2e/terminal.sh): a click on a focused row opens it (a click on another row only focuses it); the
/// reservation lists its folio's charges and payments under the balance; check-out and check-in
/// show the reservation's notes, at 80x24 and on a 40x12 handheld.
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskClerkSeesFlowTests {
    /// One click on Jonas Weber's departure moves the focus there and Today stays on screen; a
    /// second click on the focused row opens Reservation HV-1002, as Enter does.
    @Test func aClickFocusesAStayAndASecondClickOpensIt() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try app.expect("102  Jonas Weber · HV-1002")
        try await app.click(on: "102  Jonas Weber · HV-1002")
        #expect(app.focusedLine?.contains("Jonas Weber") == true, "a click focuses Jonas Weber's stay: \(app.focusedLine ?? "")")
        app.expectNo("Reservation HV-1002", "a click on a row without the focus does not open it")
        try await app.click(on: "102  Jonas Weber · HV-1002")
        try app.expect("Reservation HV-1002")
    }

    /// Under "Balance EUR 121.50", "Charges" lists "2026-10-30 Room 102, Double … EUR 129.00" and
    /// "2026-11-01 Minibar … EUR 14.50", "Payments" lists "2026-10-30 Card … EUR 280.00"; `o` shows
    /// "Check out room 102" with "Notes Invoice to Weber Logistik GmbH." and "Would remain owed
    /// EUR 121.50"; Esc, Esc is Today again.
    @Test func theReservationListsItsFolioAndCheckOutShowsTheNotes() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await app.click(on: "102  Jonas Weber · HV-1002")
        try await app.click(on: "102  Jonas Weber · HV-1002")
        try app.expect("Balance EUR 121.50")
        try app.expect("Charges")
        #expect(app.lines.contains { $0.wholeMatch(of: /\ \ 2026-10-30 Room 102, Double +EUR 129\.00/) != nil },
                "the first night's charge:\n\(app.screenText)")
        #expect(app.lines.contains { $0.wholeMatch(of: /\ \ 2026-11-01 Minibar +EUR 14\.50/) != nil },
                "the minibar:\n\(app.screenText)")
        try app.expect("Payments")
        #expect(app.lines.contains { $0.wholeMatch(of: /\ \ 2026-10-30 Card +EUR 280\.00/) != nil },
                "the card payment:\n\(app.screenText)")

        try await app.press(.character("o"))
        try app.expect("Check out room 102")
        try app.expect("Notes Invoice to Weber Logistik GmbH.")
        try app.expect("Would remain owed EUR 121.50")
        try await app.press(.escape)
        try app.expect("Reservation HV-1002")
        try await app.press(.escape)
        try app.expect("Today · 2026-11-02")
    }

    /// With the focus on Jonas Weber's stay, Amelia Hart's arrival clicked once is focused and
    /// clicked again opens Reservation HV-1001, "Room 101 · Double"; `c` shows "Check in room 101"
    /// with "Notes Late arrival, around 22:00." above "The instance checks:" and the room status
    /// among them; on a 40x12 handheld the notes and the room status are both in reach too.
    @Test func checkInShowsTheNotesAboveTheChecksAt80x24And40x12() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await app.click(on: "102  Jonas Weber · HV-1002")
        try await app.click(on: "101  Amelia Hart · HV-1001")
        app.expectNo("Reservation HV-1001", "a click on a row without the focus does not open it")
        #expect(app.focusedLine?.contains("Amelia Hart") == true, "a click focuses Amelia Hart's stay: \(app.focusedLine ?? "")")
        try await app.click(on: "101  Amelia Hart · HV-1001")
        try app.expect("Reservation HV-1001")
        try app.expect("Room 101 · Double")
        try await app.press(.character("c"))
        try app.expect("Check in room 101")
        try app.expect("Notes Late arrival, around 22:00.")
        let notes = try #require(app.lineNumber(containing: "Notes Late arrival"))
        let checks = try #require(app.lineNumber(containing: "The instance checks:"))
        #expect(notes < checks, "the notes come before the checks")
        try app.expect("Room status")
        try await app.resize(width: 40, height: 12)
        try app.expect("Notes Late arrival, around 22:00.")
        try app.expect("Room status")
        try await app.press(.escape)
        try await app.resize(width: 80, height: 24)
        try await app.quit()
    }
}
