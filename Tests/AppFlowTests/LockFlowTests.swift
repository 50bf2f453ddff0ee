import AppCore
import AppHarness
import Foundation
import Testing

/// The PIN lock (#15), the whole program in the process (#33; was most of Tests/e2e/lock.sh —
/// what only a real terminal shows, the wiped scrollback and title, Ctrl-C and Ctrl-Z as a tty
/// sends them, SIGHUP and SIGTERM, stays there). The idle time and the wait after wrong PINs are
/// the manual clock moved on.
@MainActor @Suite(.timeLimit(.minutes(2))) struct LockFlowTests {
    static let pin = "73915"
    static let wrong = "86420"

    /// Before a PIN the idle time locks nothing and Ctrl-X says where to set one; a PIN set in
    /// Account, typed twice, is never shown; the idle time locks, showing only the instance, the
    /// person and the PIN field (at 40x12 too); the PIN unlocks; Ctrl-X locks at once; 6 wrong PINs
    /// show the wait, counting down, and Ctrl-C and Ctrl-Z do not leave; a start opens locked with
    /// the wait kept; while locked the outbox sends a change made offline, once; no PIN in the log
    /// or any file, the PIN file one Argon2id string, 0600.
    @Test func thePINLockFromSettingItToSendingWhileLocked() async throws {
        let app = try await AppHarness(member: .supervisor, environment: ["GUESTCRAFT_RETRY_CAP_SECONDS": "2"])
        let arguments = ["--lock-idle-seconds", "3"]
        try await app.start(arguments: arguments)
        try app.expect("Harbour View Hotel")
        try await app.press(.character("j"), .enter)
        try app.expect("Amelia Hart · HV-1001")
        try await app.press(.function(3))
        try app.expect("101 F1  Arriving")

        app.demo.stop()
        try await app.type("102\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")

        try await app.advance(by: .seconds(4))
        app.expectNo("Locked", "no PIN: the idle time locks nothing")
        try await app.press(.control("x"))
        try app.expect("Set a PIN in Account to lock the screen.")
        try await app.press(.function(5))
        try app.expect("Set a PIN")
        try await app.press(.character("p"))
        try app.expect("Type a new PIN of 4 to 12 digits")
        try await app.type(Self.pin)
        app.expectNo(Self.pin, "the PIN is not shown while typed")
        try app.expect("•••••")
        try await app.press(.enter)
        try app.expect("Type the new PIN again")
        try await app.type(Self.pin)
        try await app.press(.enter)
        try app.expect("PIN saved. The screen locks after 3 seconds without a key")
        try await app.press(.function(1))
        try app.expect("Amelia Hart · HV-1001")

        try await app.advance(by: .seconds(4))
        try app.expect("Locked — type your PIN")
        try app.expect("Samir Haddad")
        try app.expect("Harbour View Demo")
        expectNothingUnderneath(app, "after the idle time")
        try await app.resize(width: 40, height: 12)
        try app.expect("Locked — type your PIN")
        expectNothingUnderneath(app, "resized to 40x12")
        try await app.resize(width: 80, height: 24)
        try await app.type(Self.pin)
        try await app.press(.enter)
        try app.expect("Amelia Hart · HV-1001", "the PIN unlocks on the screen left")

        try await app.press(.control("x"))
        try app.expect("Locked — type your PIN")
        expectNothingUnderneath(app, "after Ctrl-X")
        for attempt in 1...6 {
            try await app.type(Self.wrong)
            try await app.press(.enter)
            if attempt < 5 { try app.expect("That is not the PIN. \(5 - attempt) more tr") }
        }
        try app.expect("Too many wrong PINs: wait ")
        let left = try #require(secondsLeft(app))
        #expect(left > 20 && left <= 30, "the wait: \(left) s")
        try await app.advance(by: .seconds(2))
        #expect(try #require(secondsLeft(app)) < left, "the seconds left count down")
        try await app.press(.control("c"), .control("z"))
        #expect(app.exitReason == nil, "Ctrl-C and Ctrl-Z do not leave the lock")
        try app.expect("Locked — type your PIN")

        // A start (after the connection was lost) opens locked, the wait kept.
        app.stop()
        let status = try await app.command(["status"])
        #expect(status.out.contains("1 to send, 0 to review"), "\(status)")
        try await app.start(arguments: arguments)
        try app.expect("Locked — type your PIN")
        try app.expect("Too many wrong PINs: wait ")
        expectNothingUnderneath(app, "a start after the connection was lost")

        // Locked, the outbox sends once the instance is back.
        try app.restartDemo()
        for _ in 0..<30 {
            if try await app.command(["status"]).out.contains("0 to send, 0 to review") { break }
            try await app.advance(by: .seconds(1))
        }
        try app.expect("Locked — type your PIN")
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1, "sent while locked, applied once")
        app.stop()

        let log = try app.logText()
        #expect(!log.contains(Self.pin) && !log.contains(Self.wrong), "no PIN in the log")
        #expect(log.contains("lock: a wrong PIN (5 in a row)"))
        let pins = try String(contentsOf: app.home.url.appendingPathComponent("pins"), encoding: .utf8)
        let lines = pins.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("/usr_supervisor $argon2id$v=19$m=65536,t=2,p=1$"), "\(pins)")
        let preferences = (try? String(contentsOf: app.home.url.appendingPathComponent("preferences.json"), encoding: .utf8)) ?? ""
        #expect(!pins.contains(Self.pin) && !preferences.contains(Self.pin), "no file holds the PIN")
        let mode = try FileManager.default.attributesOfItem(atPath: app.home.url.appendingPathComponent("pins").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// Nothing of the screens before the lock on the locked one.
    private func expectNothingUnderneath(_ app: AppHarness, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for word in ["Amelia Hart", "Jonas Weber", "HV-100", "101", "102", "203", "Arrivals", "Dirty", "Clean", "to send"] {
            #expect(!app.screenText.contains(word), "\(what): the locked screen shows \(word)", sourceLocation: sourceLocation)
        }
    }

    private func secondsLeft(_ app: AppHarness) -> Int? {
        guard let line = app.line(containing: "Too many wrong PINs: wait "),
              let range = line.range(of: "wait ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
