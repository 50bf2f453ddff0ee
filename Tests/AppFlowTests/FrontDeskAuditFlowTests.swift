import AppCore
import AppHarness
import GuestCraftAPI
import Testing

/// After the night audit (#30), the whole program in the process (#33; this was
/// Tests/e2e/frontdesk_audit.sh): the stays due out on 2026-11-02 and never checked out are on
/// Today's Departures under "Overdue since 2026-11-02" once Today is read again, the header names
/// the new business date, `[` jumps to them, the next start shows them offline, and `guestcraft
/// report today` lists them as of the property's local time.
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskAuditFlowTests {
    /// Before the audit Today and the header name 2026-11-02 and nothing is overdue; after it and
    /// `r`, Today names 2026-11-03, Departures lead with "⚠ Overdue since 2026-11-02" above Jonas
    /// Weber (room 102, owing EUR 121.50) and Emma Laurent (room 202, nothing owed), and the header
    /// names 2026-11-03 too.
    @Test func theOverdueStaysLeadDeparturesAfterTheNightAudit() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        try app.expect("Jonas Weber · HV-1002")
        #expect(app.lines.first?.contains("2026-11-02") == true, "the header names 2026-11-02: \(app.lines.first ?? "")")
        app.expectNo("Overdue since", "nothing is overdue before the audit")

        #expect(try await app.admin.nightAudit().businessDate.description == "2026-11-03", "the night audit moves to 2026-11-03")
        try await app.press(.character("r"))
        try app.expect("Today · 2026-11-03")
        try app.expect("⚠ Overdue since 2026-11-02")
        #expect(app.line(containing: "Jonas Weber · HV-1002")?.contains(/^102  Jonas Weber · HV-1002.*Owes EUR 121\.50/) == true,
                "the overdue stay and what it owes:\n\(app.screenText)")
        #expect(app.line(containing: "Emma Laurent · HV-1006")?.contains(/^202  Emma Laurent · HV-1006.*Nothing owed/) == true,
                "the second overdue stay:\n\(app.screenText)")
        let overdue = try #require(app.lineNumber(containing: "⚠ Overdue since 2026-11-02"))
        let jonas = try #require(app.lineNumber(containing: "Jonas Weber · HV-1002"))
        #expect(overdue < jonas, "'Overdue since' is above the stay")
        #expect(app.lines.first?.contains("2026-11-03") == true, "the header names the new date: \(app.lines.first ?? "")")
    }

    /// From In house (End), `[` jumps back to Departures (Arrivals is empty after the audit): the
    /// cursor lands on the first overdue stay, room 102's.
    @Test func theJumpBackLandsOnTheFirstOverdueStay() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        _ = try await app.admin.nightAudit()
        try await app.press(.character("r"))
        try app.expect("⚠ Overdue since 2026-11-02")
        try await app.press(.end, .character("["))
        #expect(app.focusedLine?.hasPrefix("102  Jonas Weber") == true,
                "the cursor is on \(app.focusedLine ?? "nothing"):\n\(app.screenText)")
    }

    /// The header's date is remembered: with the instance stopped, the next start names 2026-11-03
    /// and shows the saved Today with its overdue stays, "Offline"; then `guestcraft report today`
    /// heads the report "Business date 2026-11-03 · as of <date> <hh:mm> Europe/Berlin" and lists
    /// the two departures, Jonas Weber's 121.50 EUR among them.
    @Test func theNextStartOfflineAndTheReportKeepTheNewDate() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.open()
        _ = try await app.admin.nightAudit()
        try await app.press(.character("r"))
        try app.expect("⚠ Overdue since 2026-11-02")
        try await app.quit()

        app.demo.stop()
        try await app.restart()
        try app.expect("Offline")
        #expect(app.lines.prefix(2).contains { $0.contains("2026-11-03") },
                "the next start names the new date: \(app.lines.prefix(2))")
        try app.expect("⚠ Overdue since 2026-11-02")
        try await app.quit()

        let report = try app.reportToday()
        #expect(report.status == 0, "report today: \(report.text)")
        #expect(report.text.contains(/(?m)^Business date 2026-11-03 · as of 20[0-9-]* [0-9][0-9]:[0-9][0-9] Europe\/Berlin/),
                "the report's heading:\n\(report.text)")
        #expect(report.text.contains("Departures (2)"), "the report's departures:\n\(report.text)")
        #expect(report.text.contains(/Jonas Weber.*121\.50 EUR/), "the report lists the overdue stay:\n\(report.text)")
    }
}
