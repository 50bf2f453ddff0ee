import AppCore
import AppHarness
import GuestCraftAPI
import Testing

/// The supervisor's board (#31) at 80x24, the whole program in the process (#33; this was
/// Tests/e2e/board.sh): each floor's counts by status are those units.list gives (read with a
/// device token of the supervisor's own), and a bulk change of one floor applies once per room.
@MainActor @Suite(.timeLimit(.minutes(2))) struct BoardFlowTests {
    /// "Floor 2  ✗2  ✓1  ★0  ⚠0  ⊘0" for every floor, from units.list.
    static func expectedFloors(_ units: [RoomUnit]) -> [String] {
        let symbols: [(HousekeepingStatus, String)] = [(.dirty, "✗"), (.clean, "✓"), (.inspected, "★"),
                                                      (.outOfOrder, "⚠"), (.outOfService, "⊘")]
        return Set(units.map(\.floor)).sorted().map { floor in
            let rooms = units.filter { $0.floor == floor }
            let counts = symbols.map { status, symbol in "\(symbol)\(rooms.count { $0.housekeepingStatus == status })" }
            return "Floor \(floor)  " + counts.joined(separator: "  ")
        }
    }

    /// The floors' count lines the board shows.
    static func shownFloors(_ app: AppHarness) -> [String] {
        app.lines.compactMap { line in
            line.firstMatch(of: /^Floor [0-9]+  ✗[0-9]+  ✓[0-9]+  ★[0-9]+  ⚠[0-9]+  ⊘[0-9]+/).map { String($0.output) }
        }
    }

    static func writes(_ app: AppHarness) async throws -> Int {
        try await app.stats().writesApplied["units.housekeeping", default: 0]
    }

    /// `b` on Housekeeping opens "Board · 2026-11-02" with "Tasks of 2026-11-02", each floor's
    /// counts those of units.list. Floor 2 to Clean (Home, j, c) asks "Set N rooms on floor 2 to
    /// Clean?" and sends nothing until Enter; then "N rooms set to Clean", "All sent", exactly N
    /// writes applied (no more, even once the clock has moved on), floor 2 all clean at the
    /// instance, and the board's counts still those of units.list.
    @Test func theFloorsCountsMatchTheInstanceAndABulkChangeAppliesOncePerRoom() async throws {
        let app = try await AppHarness(member: .supervisor)
        try await app.open()
        try await app.press(.function(3))
        try app.expect("b Board")
        try await app.press(.character("b"))
        try app.expect("Board · 2026-11-02")
        try app.expect("Tasks of 2026-11-02")
        let expected = Self.expectedFloors(try await app.instanceUnits(as: .supervisor))
        #expect(!expected.isEmpty, "units.list gives floors")
        #expect(Self.shownFloors(app) == expected, "the counts per floor are units.list's:\n\(app.screenText)")

        let toSet = try await app.instanceUnits(as: .supervisor).count { $0.floor == 2 && $0.housekeepingStatus != .clean }
        #expect(toSet >= 2, "the seed's floor 2 has \(toSet) rooms to clean")
        let before = try await Self.writes(app)
        try await app.press(.home, .character("j"))
        try await app.press(.character("c"))
        try app.expect("Set \(toSet) rooms on floor 2 to Clean?")
        #expect(try await Self.writes(app) == before, "no change is sent before the answer")
        try await app.press(.enter)
        try app.expect("\(toSet) rooms set to Clean")
        try app.expect("All sent")
        #expect(try await Self.writes(app) == before + toSet, "one write per room")
        try await app.advance(by: .seconds(20))
        #expect(try await Self.writes(app) == before + toSet, "no more writes than rooms")
        #expect(try await app.instanceUnits(as: .supervisor).count { $0.floor == 2 && $0.housekeepingStatus != .clean } == 0,
                "floor 2 is all clean at the instance")
        #expect(Self.shownFloors(app) == Self.expectedFloors(try await app.instanceUnits(as: .supervisor)),
                "after the bulk change the board is units.list's:\n\(app.screenText)")
        try await app.quit()
    }
}
