import AppCore
import AppHarness
import Testing

/// Keys, links and scans on the handheld (#13, #31), the whole program in the process (#33; were
/// Tests/e2e/handheld_keys.sh and most of handheld_scan.sh — a scan split across a real pty's
/// reads stays there).
@MainActor @Suite(.timeLimit(.minutes(2))) struct HandheldFlowTests {
    /// A room jump never lands on the wrong room: 3101 (no such room; 301 shares its first digit)
    /// then Enter then `c` says there is no room 3101 and changes no room.
    @Test func aJumpToNoRoomChangesNoRoom() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try await app.press(.function(3))
        try app.expect("101 F1")
        let before = try await app.stats().writesApplied
        try await app.type("3101\n")
        try app.expect("There is no room 3101")
        try await app.press(.character("c"))
        try app.expect("Choose a room first")
        #expect(try await app.stats().writesApplied == before, "no room changed")
    }

    /// Typed text never becomes a command: a skip reason that starts with `d` is sent as typed.
    @Test func aSkipReasonStartingWithDIsSentAsTyped() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try await app.press(.function(4))
        try app.expect("101  ▲ Departure clean")
        let before = try await app.stats().writesApplied["tasks.status", default: 0]
        try await app.press(.character("x"))
        try app.expect("Why is it skipped?")
        try await app.type("dog in room")
        try app.expect("Other reason: dog in room")
        try await app.press(.enter)
        #expect(try await app.stats().writesApplied["tasks.status", default: 0] == before + 1, "the skip was sent")
        try app.expect("⊘ Skipped")
        try await app.press(.enter)
        try app.expect("dog in room")
        app.expectNo("Do not disturb", "the reason was not taken for Do not disturb")
    }

    /// `guestcraft open room/<number>` opens that room's detail, and a pasted room-tag link too.
    @Test func aRoomLinkOpensTheRoomsDetail() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start(arguments: ["open", "room/203"])
        try app.expect("Room 203")
        try app.expect("Esc Back")
        try await app.restart()
        try await app.press(.function(3))
        try app.expect("101 F1")
        try await app.paste(app.demo.origin + "/rooms/104")
        try app.expect("Room 104")
    }

    /// A scanned tag works anywhere: a burst on My tasks opens the room's detail; the same digits
    /// typed slowly keep their meaning (3 switches to Housekeeping).
    @Test func aScanOpensTheRoomAndSlowDigitsKeepTheirMeaning() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try await app.press(.function(4))
        try app.expect("My tasks of")
        try await app.scan("203")
        try app.expect("Room 203")
        try await app.press(.escape, .function(4))
        try app.expect("My tasks of")
        try await app.type("3")
        try app.expect("Rooms")
        try await app.type("0")
        app.expectNo("Room 30", "digits typed slowly are not a scan")
    }

    /// The room's detail is a hub: a task chosen there opens on My tasks.
    @Test func aTaskChosenOnTheRoomsDetailOpensOnMyTasks() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start(arguments: ["open", "room/101"])
        try app.expect("Room 101")
        try app.expect("Departure clean")
        try await app.press(.down, .down, .down, .enter)
        try app.expect("4 My tasks")
        try app.expect("Assignee")
        app.expectNo("Room 101 ·", "no longer on the room's detail")
    }

    /// A scan replaces an open detail; a scan of no room keeps the detail and the next `d` says
    /// which room is still shown, sending nothing; `d` again marks that room.
    @Test func aScanOfNoRoomKeepsTheDetailAndDSaysWhichRoomItIs() async throws {
        let app = try await AppHarness(member: .housekeeper, width: 40, height: 12)
        try await app.start()
        try await app.press(.function(3))
        try app.expect("101 F1")
        try await app.type("102\n")
        try await app.press(.enter)
        try app.expect("Room 102 · Double")
        try await app.press(.function(4))
        try app.expect("Departure clean")
        let before = try await app.stats().writesApplied["units.housekeeping", default: 0]
        try await app.scan("203")
        try app.expect("Room 203 ·")
        app.expectNo("Room 102", "the old room's detail is gone")
        try await app.scan("305")
        try app.expect("There is no room 305")
        try app.expect("Room 203 ·")
        try await app.press(.character("d"))
        try app.expect("This is still room 203")
        #expect(try await app.stats().writesApplied["units.housekeeping", default: 0] == before, "nothing sent")
        try await app.press(.character("d"))
        #expect(try await app.stats().writesApplied["units.housekeeping", default: 0] == before + 1, "d again marks 203")
    }

    /// Tabs without F-keys: from a room jump on Housekeeping, Tab goes to My tasks, Shift-Tab back.
    @Test func tabLeavesHousekeepingFromARoomJumpAndShiftTabComesBack() async throws {
        let app = try await AppHarness(member: .housekeeper, width: 40, height: 12)
        try await app.start()
        try await app.press(.function(3))
        try app.expect("101 F1")
        try await app.type("2")
        try await app.press(.tab)
        try app.expect("4 My tasks")
        try await app.press(.backTab)
        try app.expect("3 Housekeeping")
    }

    /// The list keys as a person presses them at 40x12 on the 8 rooms (101 … 301): End, Home,
    /// PgDn/PgUp (ten rows, stopping at the ends), ↑/↓ and k/j move the focus (ListFocus, #32),
    /// and Enter opens the room the focus is on. (Every key at every edge: ListFocusTests.)
    @Test func theListKeysMoveTheFocusAndEnterOpensThatRoom() async throws {
        let app = try await AppHarness(member: .housekeeper, width: 40, height: 12)
        try await app.start()
        try app.expect("101 F1")
        let steps: [(Key, String)] = [(.end, "301"), (.home, "101"), (.pageDown, "301"), (.up, "203"),
                                      (.character("k"), "202"), (.down, "203"), (.character("j"), "301"),
                                      (.down, "301"), (.pageUp, "101"), (.up, "101")]
        for (key, room) in steps {
            try await app.press(key, .enter)
            try app.expect("Room \(room) ·", "\(key) then Enter opens room \(room)")
            try await app.press(.escape)
            app.expectNo("Room \(room) ·")
        }
    }
}
