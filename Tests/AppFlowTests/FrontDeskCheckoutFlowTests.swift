import AppCore
import AppHarness
import Testing

/// Check-out with money owed (#12), the whole program in the process (#33; this was
/// Tests/e2e/frontdesk_checkout.sh): the front desk is refused before anything is sent, told who
/// can approve; the manager, on a device of their own, checks the last room out with a reason,
/// applied once.
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskCheckoutFlowTests {
    /// From Today, Jonas Weber's reservation HV-1002 (filtered by "1002", then Enter), showing its
    /// balance of EUR 121.50.
    static func openWeber(_ app: AppHarness) async throws {
        try await app.open()
        try app.expect("Jonas Weber · HV-1002")
        try await app.type("/1002")
        try app.expect("Filter: 1002")
        try await app.press(.enter, .enter)
        try app.expect("Reservation HV-1002")
        try app.expect("Balance EUR 121.50")
    }

    /// The front desk's `o` shows "Would remain owed EUR 121.50"; Enter says a role allowed to
    /// approve an open balance (such as a manager's) can, "Nothing was sent.", and no check-out is
    /// applied. The manager's `o`, Enter asks "Check out room 102 with money owed?"; with the reason
    /// "Invoice to Weber Logistik" and Enter the room shows "Checked out", applied once.
    @Test func theFrontDeskIsRefusedAndTheManagerChecksOutWithAReason() async throws {
        let desk = try await AppHarness(member: .frontdesk)
        try await Self.openWeber(desk)
        try await desk.press(.character("o"))
        try desk.expect("Would remain owed EUR 121.50")
        try await desk.press(.enter)
        try desk.expect("such")
        try desk.expect("Nothing was sent.")
        try desk.expect("approve an open balance", "the sentence says who can approve")
        #expect(try await desk.stats().writesApplied["stays.check_out", default: 0] == 0, "a refused check-out was not applied")

        let manager = try await desk.anotherDevice(member: .manager)
        try await Self.openWeber(manager)
        try await manager.press(.character("o"))
        try manager.expect("Would remain owed EUR 121.50")
        try await manager.press(.enter)
        try manager.expect("Check out room 102 with money owed?")
        try await manager.type("Invoice to Weber Logistik")
        try await manager.press(.enter)
        try manager.expect("Checked out")
        #expect(try await manager.stats().writesApplied["stays.check_out", default: 0] == 1,
                "the manager's check-out was applied once")
    }
}
