import AppCore
import Foundation
import Testing
@testable import TerminalUI

/// The real ncurses driver in a real terminal (tmux): the test binary runs the sample shell in a
/// tmux pane (`childRunsTheSampleShell`, enabled only there) and this suite drives it with keys.
@Suite(.serialized) struct NCursesEndToEndTests {
    static let childVariable = "GUESTCRAFT_TUI_E2E_CHILD"
    static let isChild = ProcessInfo.processInfo.environment[childVariable] != nil

    /// Runs inside the tmux pane: the sample shell on the real terminal, until `q`.
    @MainActor
    @Test(.enabled(if: isChild)) func childRunsTheSampleShell() throws {
        let environment = ProcessInfo.processInfo.environment
        let header = Header(instance: "山田 Hotel", property: "Main House", businessDate: "Tue 12 Mar",
                            connection: .online, toSend: 2)
        let store = Store(initialState: SampleShell.State(header: header),
                          reducer: SampleShell(environment: .init(clock: .system)))
        let driver = NCursesDriver(options: .fromEnvironment(environment))
        let outcome: String
        // The write calls of this thread (the only one that writes to the terminal) before each
        // frame was handed on: their differences are the writes each frame took.
        var writes: [Int] = [Self.writeCalls()]
        do {
            let reason = try TerminalApp.run(store: store, view: SampleShell.view, input: SampleShell.action(for:),
                                             shouldQuit: \.quitRequested, driver: driver,
                                             onFrame: { _ in writes.append(Self.writeCalls()) })
            outcome = "\(reason)"
        } catch let error as TerminalError {
            outcome = error.message
        }
        if let path = environment["GUESTCRAFT_TUI_E2E_RESULT"] {
            try outcome.write(toFile: path, atomically: true, encoding: .utf8)
            let perFrame = zip(writes.dropFirst(), writes).map { String($0 - $1) }
            try perFrame.joined(separator: " ").write(toFile: path + ".writes", atomically: true, encoding: .utf8)
        }
    }

    /// `syscw` of /proc/thread-self/io: the write system calls this thread made.
    static func writeCalls() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("syscw:") }) else { return -1 }
        return Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) ?? -1
    }

    func childCommand(term: String, result: String) throws -> String {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return "env \(Self.childVariable)=1 GUESTCRAFT_TUI_E2E_RESULT=\(result) TERM=\(term) "
            + "\(executable) --testing-library swift-testing --filter childRunsTheSampleShell"
    }

    @Test(.enabled(if: !isChild && Tmux.isAvailable)) func anUnknownTermIsASentenceNotACrash() async throws {
        let result = FileManager.default.temporaryDirectory.appendingPathComponent("tui-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: result) }
        let tmux = Tmux()
        try tmux.start(try childCommand(term: "no-such-terminal", result: result))
        #expect(try await tmux.waitFor { _ in (try? tmux.paneDead()) == true })
        let message = try String(contentsOfFile: result, encoding: .utf8)
        #expect(message.contains("TERM=no-such-terminal"), "\(message)")
    }

    @Test(.enabled(if: !isChild && Tmux.isAvailable)) func theSampleShellInTmux() async throws {
        let result = FileManager.default.temporaryDirectory.appendingPathComponent("tui-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: result) }
        let tmux = Tmux()
        try tmux.start(try childCommand(term: "xterm-256color", result: result))

        let started = try await tmux.waitFor { $0.first?.hasPrefix("山田 Hotel · Main House") == true }
        let firstFrame = try tmux.screen()
        #expect(started, "first frame: \(firstFrame)")
        #expect(try tmux.screen()[1].contains("1 Today  2 Search  3 Housekeeping"))
        let cursor = try tmux.cursor()
        #expect(cursor == (0, 5), "the cursor is on the focused row")

        // A frame of another size is drawn on an erased screen: the blanks it leaves as erased
        // show nothing of the frame before (#18). Narrower, then as wide as before: the rows'
        // right-hand words move, and where they were is blank again.
        try tmux.resize(width: 60, height: 24)
        #expect(try await tmux.waitFor { $0.first?.count ?? 0 <= 60 && $0.first?.hasPrefix("山田 Hotel") == true })
        try tmux.resize(width: 80, height: 24)
        #expect(try await tmux.waitFor { $0.first?.count ?? 0 > 60 && $0.first?.hasPrefix("山田 Hotel") == true })
        let resized = try tmux.screen()
        #expect(resized == firstFrame, "\(resized)")

        try tmux.send("j", "j")
        #expect(try await tmux.waitFor { _ in (try? tmux.cursor().y) == 7 })

        try tmux.send("3")
        #expect(try await tmux.waitFor { $0[2] == "Housekeeping" })
        let cursorAfterSwitch = try tmux.cursor()
        #expect(cursorAfterSwitch == (0, 5), "switching tabs resets focus")

        try tmux.send("F2")
        #expect(try await tmux.waitFor { $0[2] == "Search" })

        // Pasted, "4" is text: bracketed paste keeps it from switching to tab 4.
        try tmux.paste("4")
        try tmux.send("?")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("┌─ Keys") } })
        #expect(try tmux.screen()[2] != "My tasks")
        try tmux.send("Escape")
        #expect(try await tmux.waitFor { !$0.contains { $0.contains("┌─ Keys") } })

        try tmux.resize(width: 30, height: 10)
        #expect(try await tmux.waitFor { $0.joined(separator: " ").contains("larger") })
        try tmux.resize(width: 80, height: 24)
        #expect(try await tmux.waitFor { $0.first?.hasPrefix("山田 Hotel") == true })

        try tmux.send("q")
        #expect(try await tmux.waitFor { _ in (try? tmux.paneDead()) == true })
        #expect(try String(contentsOfFile: result, encoding: .utf8) == "quit")
        #expect(!(try tmux.screen().contains { $0.contains("Sample row") }), "endwin gave the screen back")
        // A frame goes to the terminal in one write, two when longer than curses' buffer, not a
        // line at a time (#18; the first includes the start's own writes).
        defer { try? FileManager.default.removeItem(atPath: result + ".writes") }
        let perFrame = try String(contentsOfFile: result + ".writes", encoding: .utf8).split(separator: " ").compactMap { Int($0) }
        #expect(perFrame.count >= 6, "frames: \(perFrame)")
        #expect(perFrame.dropFirst().allSatisfy { $0 >= 0 && $0 <= 2 }, "writes per frame: \(perFrame)")
    }
}

extension ClockClient {
    /// The system's clock, for the sample shell in a real terminal (AppCore has none: it does no I/O).
    static let system = ClockClient(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
