import AppCore
import AppHarness
import GuestCraftAPI
import Testing

/// What a desk action comes to when something else happens (#12, #30), the whole program in the
/// process (#33; this was Tests/e2e/frontdesk_outcomes.sh): an undo of a check-in on the business
/// date (asked first); a reservation changed by another device between the read and the action
/// (412: the sentence and the new state); an answer lost after the instance applied it (the screen
/// says it was done, applied once); an answer slower than the client waits (never "not done",
/// then the truth, applied once).
@MainActor @Suite(.timeLimit(.minutes(2))) struct FrontDeskOutcomesFlowTests {
    /// From Today (Harbour View), Carlos Mendes's reservation HV-1005 (rooms 103 and 104).
    static func openMendes(_ app: AppHarness) async throws {
        try await app.open()
        try app.expect("Carlos Mendes · HV-1005")
        try await app.type("/1005")
        try app.expect("Filter: 1005")
        try await app.press(.enter, .enter)
        try app.expect("Reservation HV-1005")
        try app.expect("Room 104")
    }

    static func applied(_ app: AppHarness, _ operation: String) async throws -> Int {
        try await app.stats().writesApplied[operation, default: 0]
    }

    /// Room 103 (inspected) checked in ("● Checked in", applied); `z` asks "Undo the check-in of
    /// Carlos Mendes in room 103?" and sends nothing until Enter, which undoes it once: the room
    /// no longer shows checked in.
    @Test func aCheckInIsUndoneOnTheBusinessDateAfterAQuestion() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await Self.openMendes(app)
        try await app.press(.character("c"))
        try app.expect("✓ Room status Inspected")
        try await app.press(.enter)
        try app.expect("● Checked in")
        #expect(try await Self.applied(app, "stays.check_in") == 1, "the check-in was applied")
        try await app.press(.character("z"))
        try app.expect("Undo the check-in of Carlos Mendes in room 103?")
        #expect(try await Self.applied(app, "stays.undo_check_in") == 0, "z did not send the undo before it was confirmed")
        try await app.press(.enter)
        #expect(try await Self.applied(app, "stays.undo_check_in") == 1, "the undo was sent")
        app.expectNo("● Checked in", "the check-in is undone")
    }

    /// Another device checks room 103 in while this one shows it reserved: this device, idle,
    /// still does not show it; its check-in meets 412, says "Room 103 changed meanwhile (now
    /// checked in)" and shows it checked in; the stale check-in is not applied.
    @Test func aReservationChangedByAnotherDeviceIsExplained() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await Self.openMendes(app)
        let other = try await app.anotherDevice(member: .frontdesk)
        try await Self.openMendes(other)
        try await other.press(.character("c"))
        try other.expect("✓ Room status Inspected")
        try await other.press(.enter)
        try other.expect("● Checked in")
        #expect(try await Self.applied(app, "stays.check_in") == 1, "the other device's check-in was applied")

        try await app.waitUntilIdle()
        app.expectNo("● Checked in", "this device does not show the other's check-in yet")
        try await app.press(.character("c"))
        try app.expect("The instance checks:")
        try await app.press(.enter)
        try app.expect("Room 103 changed meanwhile (now checked in)")
        try app.expect("● Checked in")
        #expect(try await Self.applied(app, "stays.check_in") == 1, "the stale check-in was not applied")
    }

    /// The answer to room 104's check-in is lost after the instance applied it: the reservation is
    /// read again and the screen says "checked in (the answer was lost, but the reservation shows
    /// it was done)", applied once; `z` then asks "… in room 104?" and Enter says "Check-in of room
    /// 104 undone.", applied.
    @Test func aLostAnswerIsSaidDoneAndAppliedOnce() async throws {
        let app = try await AppHarness(member: .frontdesk)
        try await Self.openMendes(app)
        try await app.press(.down)
        _ = try await app.admin.armFault(DemoFaultRequest(operation: .staysCheckIn, kind: .dropAfterApply, count: 1))
        try await app.press(.character("c"))
        try app.expect("✓ Room status Clean")
        try await app.press(.enter)
        try app.expect("checked in (the answer was lost, but the reservation shows it was")
        #expect(try await Self.applied(app, "stays.check_in") == 1, "the check-in with the lost answer was applied exactly once")

        try await app.press(.character("z"))
        try app.expect("in room 104?")
        try await app.press(.enter)
        try app.expect("Check-in of room 104 undone.")
        #expect(try await Self.applied(app, "stays.undo_check_in") == 1, "the undo of 104 was applied")
    }

    /// #30: the instance holds room 104's check-in past the client's stall limit (libcurl's real
    /// time, not the app's clock: 15 s in the app, 1 s here), then applies it. The screen says "No answer yet to
    /// the check-in of room 104" and never that it was not done; once the instance has applied it,
    /// the next read again (the app's clock) shows "Room 104 checked in (the answer was lost, but
    /// the reservation …" and "No answer yet" is gone; applied once.
    @Test func aSlowAnswerIsNeverSaidNotDone() async throws {
        let app = try await AppHarness(member: .frontdesk)
        app.stallLimit = .seconds(1)
        try await Self.openMendes(app)
        try await app.press(.down)
        // Held until the test lets it go (`endDelays`), well past the stall limit.
        _ = try await app.admin.armFault(DemoFaultRequest(operation: .staysCheckIn, kind: .delay, count: 1, delayMS: 60_000))
        try await app.press(.character("c"))
        try app.expect("✓ Room status")
        let mark = app.frameMark
        try await app.press(.enter)
        try app.expect("No answer yet to the check-in of room 104")
        #expect(try await Self.applied(app, "stays.check_in") == 0, "the instance holds the check-in still")

        app.demo.endDelays()
        try await app.untilInstance("the held check-in applied") { try await Self.applied(app, "stays.check_in") == 1 }
        try await app.untilInstance("the held request answered") { try app.demo.idempotencyKeysInFlight() == 0 }
        for delay in DeskDetail.lostAnswerRereads where !app.screenText.contains("Room 104 checked in (the answer was lost") {
            try await app.advance(by: delay)
        }
        try app.expect("Room 104 checked in (the answer was lost, but the reservation")
        for screen in try app.screens(since: mark) {
            #expect(!screen.contains(/(?i)room 104 not checked in|was not done/), "a frame said the check-in was not done:\n\(screen)")
        }
        app.expectNo("No answer yet", "\"No answer yet\" does not stay up beside the truth")
        #expect(try await Self.applied(app, "stays.check_in") == 1, "the slow check-in was applied exactly once")
    }
}
