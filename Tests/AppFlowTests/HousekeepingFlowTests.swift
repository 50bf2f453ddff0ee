import AppCore
import AppHarness
import Catalog
import GuestCraftAPI
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

    /// Keys arriving in one read (type-ahead on a slow link, #31): `c j c j j j c` while the first
    /// change's answer is held by the instance marks the three dirty rooms clean, each applied once, and no
    /// row says "not saved" (a change submitted while a round ran was read as gone).
    @Test func keysInOneBurstMarkEveryRoomAndNoneSaysNotSaved() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try await app.press(.function(3))
        try app.expect("101 F1")
        let rooms = app.lines.compactMap { line -> String? in
            guard line.hasSuffix("✗ Dirty") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
        try #require(Array(rooms.prefix(3)) == ["101", "102", "201"], "the dirty rooms:\n\(app.screenText)")
        _ = try await app.admin.armFault(DemoFaultRequest(operation: .unitsHousekeeping, kind: .delay, count: 1, delayMS: 400))

        try await app.burst("cjcjjjc")
        app.expectNo("not saved")
        try app.expect("All sent")
        for room in rooms.prefix(3) {
            let row = try #require(app.line(containing: "\(room) F"))
            #expect(row.hasSuffix("✓ Clean") && !row.contains("↑") && !row.contains("changed"), "\(row)")
        }
        #expect(try await app.stats().writesApplied["units.housekeeping", default: 0] == 3)
        try await app.advance(by: .seconds(30))
        app.expectNo("not saved")
        app.expectNo("changed")
        #expect(try await app.stats().writesApplied["units.housekeeping", default: 0] == 3)
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
        // The screen's cells hold their styles: the keys the role lacks are drawn muted on the
        // hint line, not as keys; a room's status in its own colour, the focused row as focus.
        let lacking = try #require(app.cells(of: "d c i not your role"))
        #expect(lacking.allSatisfy { $0.style == .muted }, "\(lacking.map(\.style))")
        let dirty = try #require(app.cells(of: "✗ Dirty", onLineWith: "102 F1"))
        #expect(dirty.allSatisfy { $0.style == .statusDirty }, "\(dirty.map(\.style))")
        let focused = try #require(app.cells(of: "✗ Dirty", onLineWith: "101 F1"))
        #expect(focused.allSatisfy { $0.style == .focus }, "\(focused.map(\.style))")
        let before = try await app.stats()
        try await app.press(.character("d"))
        try app.expect("Your role cannot change room status")
        #expect(try await app.stats().writesApplied == before.writesApplied, "no room was changed")
        app.expectNo("to send", "nothing waits to be sent")
    }
}

/// A conflict and the plan, as the housekeeper (#33; were Tests/e2e/housekeeping_conflict.sh and
/// housekeeping_plan.sh).
@MainActor @Suite(.timeLimit(.minutes(2))) struct HousekeepingSafeguardFlowTests {
    private func units(_ app: AppHarness, _ counter: KeyPath<DemoStatsView, [String: Int]>) async throws -> Int {
        DemoStatsView(try await app.stats())[keyPath: counter]["units.housekeeping", default: 0]
    }

    /// A conflict made from the desk: the room changed after the device read it; the device's
    /// change is held, the room shows the desk's status with a sentence, Review lists it, Discard
    /// removes it, and it is never sent.
    @Test func aChangeHeldByAConflictIsShownReviewedAndDiscardedNeverSent() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try app.expect("102 F1  Departing")
        try app.expect("All sent")

        // The desk marks 102 inspected after the device read it.
        _ = try await app.admin.setUnitHousekeeping(number: "102", status: .inspected)
        try await app.type("102\n")
        try await app.press(.character("c"))
        try app.expect("Room 102 was changed by someone else first")
        try app.expect("1 to review")
        #expect(app.line(containing: "102 ")?.contains("★ Inspected ⚠") == true, "the desk's status with the held mark")
        #expect(try await units(app, \.requests) == 1)
        #expect(try await units(app, \.writes) == 0, "the held change was not applied")

        try await app.press(.character("n"))
        #expect(try await units(app, \.requests) == 1, "a held change is not sent again")
        try await app.press(.character("v"))
        try app.expect("Room 102: mark clean")
        try await app.focus(on: "Room 102: mark clean")
        try await app.press(.character("x"))
        try app.expect("Discard")
        try await app.press(.character("y"))
        app.expectNo("Room 102: mark clean")
        try app.expect("All sent")
        #expect(try await units(app, \.requests) == 1, "the discarded change was not sent")
        #expect(try await units(app, \.writes) == 0)

        // The tab opens on its rooms as it last showed them and reads them again: the mark and
        // the sentence of the discarded change are gone.
        try await app.press(.function(3))
        let row = try #require(app.line(containing: "102 F1  Departing"))
        #expect(row.contains("★ Inspected") && !row.contains("⚠"), "\(row)")
        app.expectNo("changed by someone else first")
    }

    /// One key never undoes the plan (#31): room 301's row shows its block; `c` on it asks, Esc
    /// sends nothing, `c` Enter marks it clean once. `i` is a supervisor's check and sends
    /// nothing. `c` on 101 then `u` within 10 s sets it back. Finishing 101's cleaning task on My
    /// tasks offers its room's Clean in one key.
    @Test func oneKeyNeverUndoesThePlan() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try app.expect("All sent")
        #expect(app.line(containing: "301 F3")?.contains("back 2026-11-04 · Leaking shower tray") == true)

        try await app.type("301\n")
        try await app.press(.character("c"))
        try app.expect("Mark it Clean anyway? The block still runs.")
        try await app.press(.escape)
        try app.expect("Room 301 is left as it is. Nothing was sent.")
        #expect(try await units(app, \.writes) == 0, "Esc sends nothing")
        #expect(app.line(containing: "301 F3")?.contains("Out of order") == true)
        try await app.press(.character("c"))
        try app.expect("Mark it Clean anyway?")
        try await app.press(.enter)
        try app.expect("All sent")
        #expect(app.line(containing: "301 F3")?.contains("✓ Clean") == true)
        #expect(try await units(app, \.writes) == 1, "marked clean once")

        try await app.type("103\n")
        try await app.press(.character("i"))
        try app.expect("Marking a room inspected is a supervisor's check")
        #expect(try await units(app, \.writes) == 1, "i sends nothing")

        try await app.type("101\n")
        try await app.press(.character("c"))
        try app.expect("Undo 101")
        try await app.press(.character("u"))
        try app.expect("Room 101 is set back to Dirty.")
        try app.expect("All sent")
        #expect(try await units(app, \.writes) == 3, "101's change and its undo")
        #expect(app.line(containing: "101 F1")?.contains("✗ Dirty") == true)

        try await app.press(.function(4))
        try app.expect("Departure clean")
        try await app.press(.character("s"))
        try app.expect("In progress")
        try await app.press(.character("s"))
        try app.expect("Task done. c marks room 101 Clean.")
        try await app.press(.character("c"))
        try app.expect("Room 101 is Clean.")
        #expect(try await units(app, \.writes) == 4, "the offered clean: one write")
        try await app.press(.function(3))
        #expect(app.line(containing: "101 F1")?.contains("✓ Clean") == true)
        try await app.quit()
    }
}

/// The demo's counters by name, for key paths.
struct DemoStatsView {
    var requests: [String: Int]
    var writes: [String: Int]
    init(_ stats: DemoStats) {
        requests = stats.requests
        writes = stats.writesApplied
    }
}
