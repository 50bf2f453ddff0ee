import AppCore
import AppHarness
import Testing

/// My tasks as the housekeeper, the whole program in the process (#33; was
/// Tests/e2e/housekeeping_undo.sh).
@MainActor @Suite(.timeLimit(.minutes(2))) struct TasksFlowTests {
    /// Within 10 seconds `u` sends the inverse change and leaves the task as it was; after 10
    /// seconds the key does nothing.
    @Test func undoWithinTenSecondsSetsTheTaskBackAndNothingAfter() async throws {
        let app = try await AppHarness(member: .housekeeper)
        try await app.start()
        try app.expect("4 My tasks")
        try await app.press(.function(4))
        try app.expect("101  ▲ Departure clean")
        try app.expect("○ Open")
        try await app.press(.character("s"))
        try app.expect("Undo (")
        try app.expect("◐ In progress")
        try await app.press(.character("u"))
        app.expectNo("Undo (")
        try app.expect("All sent")
        #expect(app.line(containing: "101 ")?.contains("○ Open") == true, "the task is open again")
        #expect(try await app.stats().writesApplied["tasks.status"] == 2, "the change and its inverse")

        try await app.press(.character("s"))
        try app.expect("Undo (10 s)")
        try await app.advance(by: .seconds(1))
        try app.expect("Undo (9 s)")
        try await app.advance(by: .seconds(10))
        app.expectNo("Undo (")
        try await app.press(.character("u"))
        #expect(try await app.stats().writesApplied["tasks.status"] == 3, "u after the window sends nothing")
        #expect(app.line(containing: "101 ")?.contains("◐ In progress") == true, "u changed the task after 10 seconds")
        try await app.quit()
    }
}
