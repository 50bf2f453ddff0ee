import AppCore
import AppHarness
import GuestCraftAPI
import Testing

/// The harness itself (#33): a screen that shows the wrong thing once the program is idle fails
/// the test; idle waits for an answer still on its way; it never moves the app's clock.
@MainActor @Suite(.timeLimit(.minutes(2))) struct HarnessSelfTests {
    @Test func aScreenShowingTheWrongThingAfterIdleFailsTheTest() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try await app.press(.function(3))
        withKnownIssue("the room list does not show a room 999") {
            try app.expect("999 F9")
        }
        withKnownIssue("room 101 is on the list") {
            app.expectNo("101 F1")
        }
    }

    /// Idle is not "nothing drawn for a while": after `r`, a room list the instance answers
    /// 400 ms late (with room 101 cleaned meanwhile) is on screen when `waitUntilIdle` returns.
    @Test func idleWaitsForAnAnswerStillOnItsWay() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try app.expect("3 Housekeeping")
        #expect(app.line(containing: "101 F1")?.hasSuffix("✗ Dirty") == true)
        _ = try await app.admin.setUnitHousekeeping(number: "101", status: .clean)
        _ = try await app.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .delay, count: 1, delayMS: 400))
        let pressed = ContinuousClock.now
        try await app.press(.character("r"))
        #expect(ContinuousClock.now - pressed >= .milliseconds(400), "the harness waited for the answer")
        #expect(app.line(containing: "101 F1")?.hasSuffix("✓ Clean") == true, "\(app.screenText)")
    }

    /// Idle never moves the clock: a timer of the app (the room read again after its change) fires
    /// only when the test advances the clock past it.
    @Test func idleLeavesTheClockWhereItIs() async throws {
        let app = try await AppHarness(member: .housekeeper, environment: ["GUESTCRAFT_REFRESH_SECONDS": "60"])
        try await app.start()
        try await app.press(.function(3))
        try await app.type("101\n")
        let before = try await app.requests("units.get")
        try await app.press(.character("c"))
        try await app.waitUntilIdle()
        #expect(try await app.requests("units.get") == before, "no room read before the clock moves")
        try await app.advance(by: .seconds(10))
        #expect(try await app.requests("units.get") > before)
    }
}
