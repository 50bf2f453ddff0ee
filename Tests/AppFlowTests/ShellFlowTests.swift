import AppCore
import AppHarness
import Foundation
import GuestCraftAPI
import HTTPServer
import Testing

/// The app's shell: Connect, pairing, the command line beside the full screen (#33; were
/// Tests/e2e/shell_connect.sh and the in-app half of shell_pair.sh — its real terminal's half,
/// the alternate screen, SIGTERM and a lost terminal, is Tests/e2e/terminal.sh).
@MainActor @Suite(.timeLimit(.minutes(2))) struct ShellFlowTests {
    /// Connect refuses what is not a usable GuestCraft instance, each refusal with its own
    /// sentence: a server that is not GuestCraft, an address where nothing answers, plain http to
    /// a host that is not loopback.
    @Test func connectRefusesWhatIsNotAnInstanceEachWithItsSentence() async throws {
        let notGuestCraft = HTTPServer { _ in HTTPServerResponse(status: 200, body: .bytes(Data("hello\n".utf8))) }
        let port = try notGuestCraft.start()
        defer { notGuestCraft.stop() }
        let app = try await AppHarness()
        try await app.start()
        try app.expect("Connect to a GuestCraft instance")
        try await app.type("http://127.0.0.1:\(port)\n")
        try app.expect("This address is not a GuestCraft instance.")
        try await app.press(.escape)
        try await app.type("http://127.0.0.1:1\n")
        try app.expect("Nothing answered at this address.")
        try await app.press(.escape)
        try await app.type("http://hotel.example.com\n")
        try app.expect("This address does not use HTTPS.")
        try await app.press(.escape, .escape, .character("q"))
        #expect(app.exitReason == .quit)
    }

    /// An instance without the front desk: `guestcraft pair --yes` pairs without the full screen;
    /// the app opens on the only property with the tabs the capabilities allow; pairing the same
    /// person again is refused ("switch to that account"); `send` with nothing waiting exits 0;
    /// offline the app opens on its saved property; another person is added beside the first.
    @Test func pairingFromTheShellAndTheSamePersonAgain() async throws {
        let app = try await AppHarness(demo: {
            $0.capabilities = [.mobileSessions, .mobilePairing, .housekeeping, .housekeepingTasks]
        })
        let paired = try await app.command(["pair", try app.pairingLink(.housekeeper), "--yes", "--device-name", "e2e handheld"])
        #expect(paired.status == 0, "\(paired)")
        #expect(paired.out.contains("Paired with Harbour View Demo"), "\(paired)")

        try await app.start()
        try app.expect("Harbour View Demo · Harbour View Hotel")
        try app.expect(" 3 Housekeeping  4 My tasks  5 Account")
        app.expectNo("1 Today", "no Today without front_desk")
        app.expectNo("2 Search", "no Search without reservations")
        try await app.press(.function(5))
        try app.expect("Switch instance")
        try await app.press(.character("i"))
        try app.expect("Connect to a GuestCraft instance")
        try await app.paste(try app.pairingLink(.housekeeper))
        try app.expect("Pair this device with this instance?")
        try await app.press(.character("y"))
        try app.expect("already signed in to this instance as Hana Kowalski — switch to")
        try await app.press(.escape)
        try app.expect("Saved instances")
        try await app.press(.character("q"))
        #expect(app.exitReason == .quit)

        let sent = try await app.command(["send"])
        #expect(sent.status == 0, "\(sent)")
        let host = app.demo.origin.replacingOccurrences(of: "http://", with: "")
        #expect(sent.out == "\(host) · Hana Kowalski: 0 sent, 0 to send, 0 to review\n", "\(sent)")

        app.demo.stop()
        try await app.restart()
        try app.expect("Harbour View Demo · Harbour View Hotel")
        try app.expect("Offline")
        try await app.quit()

        try app.restartDemo()
        try await app.pair(.supervisor)
        let again = try await app.command(["pair", try app.pairingLink(.supervisor), "--yes"])
        #expect(again.status != 0, "the same person paired twice: \(again)")
        #expect(again.error.contains("already signed in to this instance as Samir Haddad — switch to that account."), "\(again)")
        let status = try await app.command(["status"])
        #expect(status.status == 0, "\(status)")
        let lines = status.out.split(separator: "\n")
        #expect(lines.count == 2 && status.out.contains("Hana Kowalski") && status.out.contains("Samir Haddad"), "\(status)")
    }

    /// Pair by pasting a link: the instance's name and host show before the code is sent; the
    /// property chosen, the tab bar follows the capabilities; `?` shows the screen's keys; 40x12
    /// fits, smaller asks for a larger window, and back; `status` lists the paired account.
    @Test func pairingByAPastedLinkThenTheKeysAndTheSizes() async throws {
        let app = try await AppHarness()
        let link = try app.pairingLink(.supervisor)
        #expect(link.hasPrefix("http://127.0.0.1:") && link.contains("/mobile/pair#gcp_"), "\(link)")
        try await app.start()
        try app.expect("Connect to a GuestCraft instance")
        try await app.paste(link)
        try app.expect("Pair this device with this instance?")
        try app.expect("Harbour View Demo")
        try app.expect(app.demo.origin.replacingOccurrences(of: "http://", with: ""))
        try await app.press(.character("y"))
        try app.expect("Choose a property")
        try app.expect("Garden Court Hotel")
        try await app.press(.down, .enter)
        try app.expect(" 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account")
        try app.expect("Harbour View Demo · Harbour View Hotel")

        try await app.press(.function(5))
        try app.expect("Samir Haddad")
        try app.expect("Sign out")
        try await app.press(.character("?"))
        try app.expect("Switch tab (also F1–F6)")
        try app.expect("Sign out")
        try await app.press(.escape)
        app.expectNo("Switch tab (also F1–F6)")

        try await app.resize(width: 40, height: 12)
        try app.expect("Harbour View Demo · Harbour")
        try app.expect("Signed in  Samir Haddad")
        try await app.resize(width: 30, height: 10)
        try app.expect("Make the window larger")
        try await app.resize(width: 80, height: 24)
        try app.expect(" 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account")
        try await app.quit()

        let status = try await app.command(["status"])
        let host = app.demo.origin.replacingOccurrences(of: "http://", with: "")
        #expect(status.out == "\(host)\tSamir Haddad\tGuestCraft Demo Hotels\t0 to send, 0 to review\n", "\(status)")
    }
}

/// Everything reachable at 40 × 12 (#30; was Tests/e2e/small_screen.sh): on a reservation, keys
/// that move no focus scroll the page to its balance and notes, and ↑ scrolls back; nothing is
/// sent. The real loop's scrolling (`TerminalLoop`, `Scrolling`) runs here as on a terminal.
@MainActor @Suite(.timeLimit(.minutes(2))) struct SmallScreenFlowTests {
    @Test func endReachesTheBalanceAndNotesAndUpScrollsBack() async throws {
        let app = try await AppHarness(member: .frontdesk, width: 40, height: 12)
        try await app.start()
        try app.expect("Harbour View Hotel")
        try await app.press(.character("j"), .enter)
        try app.expect("Today · 2026-11-02")
        try await app.type("/1005")
        try app.expect("Filter: 1005")
        try await app.press(.enter, .enter)
        try app.expect("Reservation HV-1005")
        app.expectNo("Travel cot", "the notes are below the fold at 40x12")
        let writes = try await app.stats().writesApplied
        try await app.press(.end, .end)
        try app.expect("Notes Travel cot in room 104.")
        try app.expect("Balance EUR")
        try await app.press(.end, .end)
        try app.expect("Notes Travel cot")
        for _ in 0..<8 { try await app.press(.up) }
        try app.expect("Carlos Mendes")
        #expect(try await app.stats().writesApplied == writes, "scrolling sent nothing")
    }
}
