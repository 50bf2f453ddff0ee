import AppCore
import AppHarness
import Testing

/// Housekeeping as the housekeeper and the front desk, the whole program in the process (#33;
/// these were Tests/e2e/housekeeping_own_write.sh and frontdesk_role.sh).
@MainActor @Suite(.timeLimit(.minutes(2))) struct HousekeepingFlowTests {
    /// The way back from the app's own write is short: marking room 101 clean sends one
    /// units.housekeeping, the room takes the answer's state, and no units.list follows (the
    /// 2,000-room list is not read again on a poor link); a few seconds later the app reads just
    /// that room (units.get), not the list (#19).
    @Test func theAppsOwnWriteReadsBackTheRoomNotTheList() async throws {
        let app = try await AppHarness(member: .housekeeper, environment: ["GUESTCRAFT_REFRESH_SECONDS": "60"])
        try await app.start()
        try app.expect("3 Housekeeping")
        try await app.press(.function(3))
        try app.expect("101 F1")
        let before = try await app.stats()

        try await app.type("101\n")
        try await app.press(.character("c"))
        let after = try await app.stats()
        #expect(after.writesApplied["units.housekeeping", default: 0] == before.writesApplied["units.housekeeping", default: 0] + 1)
        let row = try #require(app.line(containing: "101 "))
        #expect(row.hasSuffix("✓ Clean"), "room 101 shows clean from the answer: \(row)")
        #expect(!row.contains("↑"), "nothing waits: \(row)")
        #expect(after.requests["units.list", default: 0] == before.requests["units.list", default: 0],
                "units.list is not read again after the app's own write")

        try await app.advance(by: .seconds(10))
        let later = try await app.stats()
        #expect(later.requests["units.get", default: 0] > before.requests["units.get", default: 0],
                "room 101 is read again after its change was sent")
        #expect(later.requests["units.list", default: 0] == before.requests["units.list", default: 0],
                "the room, not the list")
    }

    /// An action the role cannot take is shown as such (#13): as the front desk (no
    /// housekeeping.write), d c i show disabled with the reason, and `d` says why and sends nothing.
    @Test func theFrontDeskSeesWhyItCannotChangeARoom() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await app.start()
        try app.expect("Choose a property")
        try await app.press(.down, .enter)
        try app.expect("3 Housekeeping")
        try await app.press(.function(3))
        try app.expect("d c i not your role")
        let before = try await app.stats()
        try await app.press(.character("d"))
        try app.expect("Your role cannot change room status")
        #expect(try await app.stats().writesApplied == before.writesApplied, "no room was changed")
        app.expectNo("to send", "nothing waits to be sent")
    }
}
