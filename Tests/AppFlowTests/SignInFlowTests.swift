import AppCore
import AppHarness
import Foundation
import Glibc
import Testing

/// Signing in with a browser and `guestcraft --demo` (#33; were Tests/e2e/shell_signin.sh and the
/// in-app half of shell_demo.sh — its idle-CPU check is Tests/e2e/terminal.sh).
@MainActor @Suite(.timeLimit(.minutes(2))) struct SignInFlowTests {
    /// The browser is a script that plays the instance's sign-in pages (`$BROWSER`).
    static let player = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("browser_player.py").path

    /// A browser that never comes back: the URL is shown to copy; Esc cancels and closes the
    /// loopback listener.
    @Test func escCancelsASignInWaitingForItsBrowserAndClosesTheListener() async throws {
        let app = try await AppHarness(environment: ["BROWSER": "true"])
        try await app.start()
        try app.expect("Connect to a GuestCraft instance")
        try await app.type(app.demo.origin + "\n")
        try app.expect("Sign in with a browser")
        try await app.press(.enter, until: "/mobile/authorize?")
        try app.expect("Waiting for the sign-in in the browser")
        let shown = app.lines.joined()
        let marker = "redirect_uri=http%3A%2F%2F127.0.0.1%3A"
        let port = try #require(shown.range(of: marker).map { UInt16(shown[$0.upperBound...].prefix { $0.isNumber }) } ?? nil,
                                "no loopback port in the URL shown")
        #expect(Self.accepts(port), "the loopback listener listens")
        try await app.press(.escape)
        try app.expect("Sign-in cancelled.")
        while Self.accepts(port) { try await Task.sleep(for: .milliseconds(10)) }
        try await app.press(.escape, .character("q"))
        #expect(app.exitReason == .quit)
    }

    /// The browser sign-in makes a session and opens the instance; the front desk has no My tasks
    /// (#31: tabs a role cannot use are not shown).
    @Test func theBrowserSignInMakesASessionAndOpensTheInstance() async throws {
        let app = try await AppHarness(environment: ["BROWSER": "python3 \(Self.player)", "E2E_MEMBER": "frontdesk"])
        try await app.start()
        try await app.type(app.demo.origin + "\n")
        try app.expect("Sign in with a browser")
        try await app.press(.enter)
        try app.expect("Choose a property")
        try await app.press(.enter)
        try app.expect(" 1 Today  2 Search  3 Housekeeping  5 Account")
        try await app.press(.function(5))
        try app.expect("Fatima Okafor")
        try await app.quit()
    }

    /// `guestcraft --demo` on a fresh home opens the demo hotel with every tab, signed in as the
    /// supervisor; a second start keeps the demo's data and the session (paired once); `--as
    /// housekeeper` pairs as the housekeeper; the demo's data directory is 0700.
    @Test func theDemoOpensKeepsItsSessionAndSignsInAsAnother() async throws {
        let app = try await AppHarness()
        try await app.start(arguments: ["--demo", "--rooms", "40"])
        try app.expect(" 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account")
        try app.expect("Harbour View Demo · Garden Court Hotel")
        try app.expect("Demo hotel running in this app at 127.0.0.1:")
        try await app.quit()
        #expect(try app.logText().components(separatedBy: "demo: paired as supervisor").count - 1 == 1, "paired once")

        try await app.start(arguments: ["--demo"])
        try app.expect("Harbour View Demo · Garden Court Hotel")
        try await app.press(.function(5))
        try app.expect("Samir Haddad")
        try await app.quit()
        #expect(try app.logText().components(separatedBy: "demo: paired as supervisor").count - 1 == 1,
                "a second start does not pair again")

        try await app.start(arguments: ["--demo", "--as", "housekeeper"])
        try app.expect("Harbour View Demo · Harbour View Hotel")
        try await app.press(.function(5))
        try app.expect("Hana Kowalski")
        try await app.quit()
        let demo = try FileManager.default.attributesOfItem(atPath: app.home.url.appendingPathComponent("demo").path)
        #expect((demo[.posixPermissions] as? Int) == 0o700, "the demo's data directory is 0700")
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
