import AppCore
import AppHarness
import GuestCraftAPI
import Testing

/// Live lists (#19): an open list follows the instance on its own, the whole program in the
/// process (#33; this was Tests/e2e/live_lists.sh). The app's clock is moved a second at a time,
/// no key pressed, up to the bound the script gave in real seconds.
@MainActor @Suite(.timeLimit(.minutes(2))) struct LiveListsFlowTests {
    /// Moves the app's clock on a second at a time until `condition` holds or `limit` has passed;
    /// answers the seconds it took, nil when it never held.
    static func seconds(_ app: AppHarness, upTo limit: Int, until condition: () async throws -> Bool) async throws -> Int? {
        for second in 0...limit {
            if try await condition() { return second }
            if second < limit { try await app.advance(by: .seconds(1)) }
        }
        return nil
    }

    static func row(_ app: AppHarness, _ number: String) -> String? {
        app.lines.first { $0.hasPrefix(number + " ") }
    }

    /// Housekeeping at 40x12 as the housekeeper, the focus on room 103: the desk makes room 102
    /// clean, and within 20 s, without a key, its row shows "Clean" marked "• changed", the focus
    /// still on 103, and the header says how fresh the list is ("updated"). Nothing changing, the
    /// next read within 20 s is answered 304 and the mark is gone within 5 s more. The open detail
    /// of room 102 says "Room 102 changed at the instance" within 20 s of the desk making it dirty.
    @Test func housekeepingFollowsTheDeskWithoutAKey() async throws {
        let app = try await AppHarness(member: .housekeeper, width: 40, height: 12)
        try await app.start()
        try app.expect("Rooms")
        try app.expect("101 F1")
        try await app.press(.character("j"), .character("j"))
        let focus = try #require(app.focusedLine)
        #expect(focus.hasPrefix("103"), "the focus is on room 103: \(focus)")
        #expect(Self.row(app, "102")?.contains("Dirty") == true, "room 102 is dirty to begin with:\n\(app.screenText)")

        _ = try await app.admin.setUnitHousekeeping(number: "102", status: .clean)
        let clean = try await Self.seconds(app, upTo: 20) { Self.row(app, "102")?.contains("Clean") == true }
        #expect(clean != nil, "room 102 shows clean within 20 s:\n\(app.screenText)")
        #expect(Self.row(app, "102")?.contains("• changed") == true, "room 102 is marked changed:\n\(app.screenText)")
        #expect(app.focusedLine == focus, "the focus stays on 103: \(app.focusedLine ?? "")")
        try app.expect("updated", "the header says how fresh the list is")

        let notModified = try await app.stats().notModified["units.list", default: 0]
        let conditional = try await Self.seconds(app, upTo: 20) {
            try await app.stats().notModified["units.list", default: 0] > notModified
        }
        #expect(conditional != nil, "a read that found nothing new was answered 304 within 20 s")
        let unmarked = try await Self.seconds(app, upTo: 5) { !app.screenText.contains("• changed") }
        #expect(unmarked != nil, "the mark is gone with the read that found nothing new:\n\(app.screenText)")

        try await app.press(.character("k"), .enter)
        try app.expect("Room 102")
        _ = try await app.admin.setUnitHousekeeping(number: "102", status: .dirty)
        let changed = try await Self.seconds(app, upTo: 20) { app.screenText.contains("Room 102 changed at the instance") }
        #expect(changed != nil, "the open detail of room 102 says it changed at the instance:\n\(app.screenText)")
    }

    /// My tasks at 80x24: another device of the housekeeper starts the first task (`s`); within
    /// 25 s, without a key, this device shows it "In progress", marked "• changed".
    @Test func myTasksFollowsAnotherDevicesStart() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try app.expect("4 My tasks")
        try await app.press(.function(4))
        try app.expect("My tasks")
        try app.expect("○ Open")
        let first = try #require(app.lines.first { $0.contains(/^[0-9]{3}\ /) }.map { String($0.prefix(3)) },
                                 "a task is listed:\n\(app.screenText)")

        let other = try await app.anotherDevice(member: .housekeeper)
        try await other.start()
        try other.expect("4 My tasks")
        try await other.press(.function(4))
        try other.expect("My tasks of")
        #expect(Self.row(other, first)?.contains("Open") == true, "the other device shows the task open")
        try await other.press(.character("s"))

        let started = try await Self.seconds(app, upTo: 25) { Self.row(app, first)?.contains("In progress") == true }
        #expect(started != nil, "the task started on the other device shows within 25 s:\n\(app.screenText)")
        #expect(Self.row(app, first)?.contains("• changed") == true,
                "the task is marked changed:\n\(app.screenText)")
    }
}
