import AppCore
import AppHarness
import Testing

/// A front desk a clerk can trust (#30), the whole program in the process (#33; this was
/// Tests/e2e/frontdesk_trust.sh): a room another guest is still in is refused before anything is
/// sent (the checks name them, `s` opens their reservation, nothing is written); Enter after a
/// check-in does not check out.
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskTrustFlowTests {
    /// From Today's lists, the reservation `code` (filtered, then Enter).
    static func openCode(_ app: AppHarness, _ code: String) async throws {
        try await app.press(.escape)
        try app.expect("Today · 2026-11-02")
        try await app.type("/\(code)\n")
        try app.expect("Filter: \(code)")
        try await app.press(.enter)
        try app.expect("Reservation \(code)")
    }

    static func applied(_ app: AppHarness, _ operation: String) async throws -> Int {
        try await app.stats().writesApplied[operation, default: 0]
    }

    /// Amelia Hart (HV-1001) is moved to room 102, free from tonight while Jonas Weber is still in
    /// it: the free Double rooms list the ones a guest is still in last, 102 marked "guest still
    /// in"; 102 is assigned (applied); `c` shows "✗ Room 102 is still occupied: HV-1002 (Jonas
    /// Weber) has not checked out." and no tick for the room; Enter repeats it with "Nothing …",
    /// Enter again sends nothing, and `s` opens Jonas Weber's reservation HV-1002.
    @Test func aRoomAGuestIsStillInIsRefusedBeforeAnythingIsSent() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await Self.openCode(app, "HV-1001")
        try app.expect("Room 101 · Double")
        try await app.press(.character("a"))
        try app.expect("Free Double rooms for the whole stay")
        try app.expect("guest still in")
        let rooms = app.lines.filter { $0.contains(/^Room [0-9]+/) }
        #expect(rooms.last?.contains("guest still in") == true, "an occupied room is listed last: \(rooms)")
        #expect(rooms.first { $0.hasPrefix("Room 102 ") }?.contains("guest still in") == true, "room 102 is marked occupied: \(rooms)")
        try await app.press(.end)
        for _ in 0..<6 where app.focusedLine?.hasPrefix("Room 102 ") != true {
            try await app.press(.character("k"))
        }
        #expect(app.focusedLine?.hasPrefix("Room 102 ") == true, "room 102 is focused:\n\(app.screenText)")
        try await app.press(.enter)
        try app.expect("Room 102 · Double")
        #expect(try await Self.applied(app, "stays.assign") == 1, "the assignment to 102 was applied")

        try await app.press(.character("c"))
        try app.expect("✗ Room 102 is still occupied: HV-1002 (Jonas Weber) has not checked out.")
        app.expectNo("✓ Room 102 for tonight", "the checks do not tick a room a guest is still in")
        try await app.press(.enter)
        try app.expect("(Jonas Weber) has not checked out. Nothing")
        try await app.press(.enter)
        #expect(try await Self.applied(app, "stays.check_in") == 0, "no check-in into an occupied room was sent")
        try await app.press(.character("s"))
        try app.expect("Reservation HV-1002")
        try app.expect("Jonas Weber")
        try await app.press(.escape)
        try app.expect("Reservation HV-1001")
        try await app.quit()
    }

    /// Carlos Mendes's room 103 checked in ("Room 103 checked in."), then Enter three more times:
    /// no frame starts a check-out, the room "is in house until 2026-11-06", nothing is checked
    /// out; `o` asks "Check out Carlos Mendes 4 nights early?", and Esc sends nothing.
    @Test func enterAfterACheckInDoesNotCheckOut() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try await Self.openCode(app, "HV-1005")
        try app.expect("Room 104 · Twin")
        try await app.press(.character("c"))
        try app.expect("✓ Room status Inspected")
        try await app.press(.enter)
        try app.expect("Room 103 checked in.")
        let mark = app.frameMark
        try await app.press(.enter, .enter, .enter)
        try app.expect("Room 103 is in house until 2026-11-06")
        for screen in try app.screens(since: mark) {
            #expect(!screen.contains(/Check out room 103|nights early/), "Enter after a check-in started its check-out:\n\(screen)")
        }
        #expect(try await Self.applied(app, "stays.check_out") == 0, "Enter after a check-in did not check the guest out")
        try await app.press(.character("o"))
        try app.expect("Check out Carlos Mendes 4 nights early?")
        try await app.press(.escape)
        #expect(try await Self.applied(app, "stays.check_out") == 0, "the early check-out was not sent without its question")
        try await app.quit()
    }
}
