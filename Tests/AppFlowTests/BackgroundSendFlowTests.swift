import AppCore
import AppHarness
import Foundation
import GuestCraftAPI
import Testing

/// Changes sent while someone else is on screen, or by `guestcraft send` with the app closed
/// (#16, #31; were Tests/e2e/shared_handheld.sh and background_send.sh), the whole program in
/// the process (#33).
@MainActor @Suite(.timeLimit(.minutes(2))) struct BackgroundSendFlowTests {
    /// A shared handheld: the housekeeper makes a change while the instance cannot be reached,
    /// switches to the supervisor (Account says her change waits and keeps being sent, before and
    /// after the switch), the instance comes back, and her change is applied once while he is on
    /// screen — sent for her, never shown in his lists.
    @Test func theFirstPersonsChangeIsSentWhileTheSecondIsOnScreen() async throws {
        let app = try await AppHarness(member: .supervisor, environment: ["GUESTCRAFT_RETRY_CAP_SECONDS": "2"])
        try await app.pair(.housekeeper)
        try await app.start()
        try app.expect("Harbour View Hotel")
        try await app.press(.character("j"), .enter)
        try app.expect("Amelia Hart · HV-1001")
        try await app.press(.function(5))
        try app.expect("Accounts on this device (2)")
        try await app.press(.character("a"))
        try app.expect("was chosen automatically")
        try app.expect("101 F1  Arriving")

        app.demo.stop()
        try await app.type("102\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")
        try await app.press(.function(5))
        try app.expect("Signed in  Hana Kowalski")
        try app.expect("Switching keeps your 1 change: it keeps being sent in the background.")

        try await app.press(.character("a"))
        try app.expect("Hana Kowalski has 1 change waiting; it keeps being sent in the background.")
        try app.expect("Samir Haddad · Harbour View Demo")
        try app.expect("Amelia Hart · HV-1001")
        try await app.press(.function(5))
        try app.expect("Signed in  Samir Haddad")
        try app.expect("Hana Kowalski has 1 change waiting; it keeps being sent in the background.")
        app.expectNo("Room 102", "his Account lists none of her changes")

        try app.restartDemo()
        for _ in 0..<30 where try await app.stats().writesApplied["units.housekeeping", default: 0] == 0 {
            try await app.advance(by: .seconds(1))
        }
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1, "her change was sent in the background")
        try app.expect("Signed in  Samir Haddad", "the supervisor is still on screen")
        let status = try await app.command(["status"])
        #expect(status.out.split(separator: "\n").contains { $0.contains("Hana Kowalski") && $0.contains("0 to send, 0 to review") },
                "\(status)")
        #expect(app.line(containing: "Hana Kowalski · Harbour View Demo")?.contains("0 to send") == true,
                "Account counts her change as sent:\n\(app.screenText)")
        app.expectNo("Room 102")
        try await app.advance(by: .seconds(10))
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1, "applied once")
        try await app.quit()
    }

    /// No false conflict after a background send: room 101 marked clean offline, the app quits;
    /// `guestcraft send` applies it; the app opens again on its saved rooms (the room list fails,
    /// so they still have 101's old version) and marks 101 inspected: applied, not held — two
    /// room writes, two room requests (no 409), no held mark, nothing to review.
    @Test func aChangeOnACopyOlderThanABackgroundSendIsNotAConflict() async throws {
        let app = try await AppHarness(member: .supervisor)
        let v0 = try await app.admin.setUnitHousekeeping(number: "101", status: .dirty).housekeepingVersion
        try await app.start()
        try app.expect("Choose a property")
        try await app.press(.character("j"), .enter)
        try app.expect("3 Housekeeping")
        try await app.press(.function(3))
        try app.expect("All sent")
        #expect(app.line(containing: "101 F1")?.contains("✗ Dirty") == true)
        try await app.quit()

        app.demo.stop()
        try await app.start()
        try await app.press(.function(3))
        try app.expect("Offline · last updated")
        try await app.type("101\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")
        #expect(app.line(containing: "101 F1")?.contains("✓ Clean ↑") == true)
        try await app.quit()

        try app.restartDemo()
        let sent = try await app.command(["send"])
        #expect(sent.status == 0, "\(sent)")
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1)

        _ = try await app.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .serverError, count: 20))
        try await app.start()
        try await app.press(.function(3))
        #expect(app.line(containing: "101 F1")?.contains("✗ Dirty") == true, "the saved copy: 101 dirty")
        try await app.type("101\n")
        try await app.press(.character("i"))
        let row = try #require(app.line(containing: "101 F1"))
        #expect(row.contains("★ Inspected") && !row.contains("↑") && !row.contains("⚠"), "\(row)")
        try app.expect("All sent")
        let stats = try await app.stats()
        #expect(stats.writesApplied["units.housekeeping"] == 2)
        #expect(stats.requests["units.housekeeping"] == 2, "no 409")
        app.expectNo("to review")
        app.expectNo("changed by someone else first")
        #expect(try await app.admin.setUnitHousekeeping(number: "101", status: .dirty).housekeepingVersion == v0 + 3)
        try await app.quit()
    }
}
