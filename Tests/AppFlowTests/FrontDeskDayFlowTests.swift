import AppCore
import AppHarness
import Testing

/// The front desk's day (#12), the whole program in the process (#33; this was
/// Tests/e2e/frontdesk_day.sh): Today → an arrival without a room → assign a free room → check
/// in; a dirty room is refused with the sentence naming who can override, and the supervisor, on a
/// device of their own, checks it in with a reason; with the instance stopped, Today shows its
/// saved lists and `guestcraft report today` prints them.
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskDayFlowTests {
    /// Today names the date, each arrival's room status ("101  Amelia Hart · HV-1001 · 3 nights"
    /// … "✗ Dirty"), what a departure owes ("Owes EUR 121.50"). Filtering "HV-1004" leaves Amelia
    /// Hart out; Enter opens 李娜's reservation, "Unassigned · Twin"; `a` lists the free Twin rooms,
    /// Enter takes room 203 (one assignment applied); `c` shows the instance's checks with "✓ Room
    /// status Clean", Enter checks in ("● Checked in", one check-in applied). Esc: Today, still
    /// filtered, shows "203  李娜 · HV-1004" "✓ Checked in"; Esc again: all of Today.
    /// Then Amelia Hart's dirty room 101: `c` shows "✗ Room status Dirty", Enter says the room "is
    /// not ready" and that a role allowed to override readiness can check it in; nothing applied.
    @Test func anArrivalIsAssignedAndCheckedInAndADirtyRoomIsRefused() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try app.expect("李娜 · HV-1004 · 1 night")
        #expect(app.line(containing: "Amelia Hart")?.contains(/101  Amelia Hart · HV-1001 · 3 nights.*✗ Dirty/) == true,
                "the arrival's room status:\n\(app.screenText)")
        #expect(app.line(containing: "Jonas Weber")?.contains(/Jonas Weber · HV-1002.*Owes EUR 121\.50/) == true,
                "the departure's balance:\n\(app.screenText)")

        try await app.type("/HV-1004\n")
        try app.expect("Filter: HV-1004")
        app.expectNo("Amelia Hart", "the filter narrows the lists")
        try await app.press(.enter)
        try app.expect("Reservation HV-1004")
        try app.expect("Unassigned · Twin")
        try await app.press(.character("a"))
        try app.expect("Free Twin rooms for the whole stay")
        try app.expect("Room 203")
        try await app.press(.enter)
        try app.expect("Room 203 · Twin")
        #expect(try await app.stats().writesApplied["stays.assign", default: 0] == 1, "the assignment was applied once")
        try await app.press(.character("c"))
        try app.expect("The instance checks:")
        try app.expect("✓ Room status Clean")
        try await app.press(.enter)
        try app.expect("● Checked in")
        #expect(try await app.stats().writesApplied["stays.check_in", default: 0] == 1, "the check-in was applied once")

        try await app.press(.escape)
        try app.expect("Filter: HV-1004")
        try app.expect("✓ Checked in")
        #expect(app.line(containing: "李娜 · HV-1004")?.contains(/203  李娜 · HV-1004.*✓ Checked in/) == true,
                "Today shows the check-in:\n\(app.screenText)")
        try await app.press(.escape)
        try app.expect("Today · 2026-11-02")

        try await app.press(.home, .enter)
        try app.expect("Reservation HV-1001")
        try app.expect("Room 101")
        try await app.press(.character("c"))
        try app.expect("✗ Room status Dirty")
        try await app.press(.enter)
        try app.expect("is not ready")
        try app.expect("override readiness")
        #expect(try await app.stats().writesApplied["stays.check_in", default: 0] == 1, "a refused check-in was not applied")
    }

    /// The supervisor opens Amelia Hart's reservation: `c` says "Room status Dirty: needs a
    /// reason", Enter asks "Check in room 101 anyway?", and with "VIP, room checked by phone" and
    /// Enter the room shows "● Checked in", applied.
    @Test func theSupervisorChecksADirtyRoomInWithAReason() async throws {
        let desk = try await AppHarness(member: .frontdesk)
        let app = try await desk.anotherDevice(member: .supervisor)
        try await app.open()
        try app.expect("101  Amelia Hart")
        try await app.press(.enter)
        try app.expect("Reservation HV-1001")
        try app.expect("Room 101")
        try await app.press(.character("c"))
        try app.expect("Room status Dirty: needs a reason")
        try await app.press(.enter)
        try app.expect("Check in room 101 anyway?")
        try await app.type("VIP, room checked by phone")
        try await app.press(.enter)
        try app.expect("● Checked in")
        #expect(try await app.stats().writesApplied["stays.check_in", default: 0] == 1,
                "the supervisor's check-in was applied")
    }

    /// With the instance stopped, the next start shows Today's saved lists ("Offline · last
    /// updated", Arrivals, Jonas Weber's stay), and `guestcraft report today` prints them: the
    /// property, "Arrivals (4)", "Departures (2)".
    @Test func offlineTodayShowsItsSavedListsAndTheReportPrintsThem() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try app.expect("Jonas Weber · HV-1002")
        app.stop()

        app.demo.stop()
        try await app.restart()
        try app.expect("Offline · last updated")
        try app.expect("Arrivals")
        try app.expect("Jonas Weber · HV-1002")
        app.stop()

        let report = try app.reportToday()
        #expect(report.status == 0, "report today: \(report.text)")
        #expect(report.text.hasPrefix("Harbour View Hotel"), "the report names the property:\n\(report.text)")
        #expect(report.text.contains("Arrivals (4)"), "the report's arrivals:\n\(report.text)")
        #expect(report.text.contains("Departures (2)"), "the report's departures:\n\(report.text)")
    }
}
