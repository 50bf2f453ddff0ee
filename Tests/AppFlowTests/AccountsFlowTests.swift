import AppCore
import AppHarness
import DemoInstance
import Foundation
import GuestCraftAPI
import SQLiteDB
import Testing

/// Several accounts on one device and a damaged offline file (#15; were Tests/e2e/accounts.sh and
/// offline_damaged.sh), the whole program in the process (#33).
@MainActor @Suite(.timeLimit(.minutes(2))) struct AccountsFlowTests {
    /// The desk (the supervisor) and the housekeeper on one device, each with a session of their
    /// own: Account lists both and `a` switches; offline each makes a change, named as theirs in
    /// Review; a switch shows nothing of the other account; `status` lists both and `send` sends
    /// each, every change applied once.
    @Test func twoAccountsOnOneDeviceEachWithTheirOwnChanges() async throws {
        let app = try await AppHarness(member: .supervisor)
        try await app.pair(.housekeeper)
        let status = try await app.command(["status"])
        #expect(status.out.split(separator: "\n").count == 2, "\(status)")

        try await app.start()
        try app.expect("Harbour View Hotel")
        try await app.press(.character("j"), .enter)
        try app.expect("Amelia Hart · HV-1001")
        try await app.press(.function(3))
        try app.expect("101 F1  Arriving")
        try await app.press(.function(5))
        try app.expect("Accounts on this device (2)")
        try app.expect("Hana Kowalski · Harbour View Demo")
        #expect(app.line(containing: "on screen")?.hasPrefix("Samir Haddad · Harbour View Demo") == true,
                "Account marks the account on screen:\n\(app.screenText)")
        try await app.press(.character("a"))
        // She reaches one property: it is chosen for her, and her role opens on Housekeeping.
        try app.expect("was chosen automatically")
        try app.expect("101 F1  Arriving")
        try await app.press(.function(4))
        try app.expect("101  ▲ Departure clean")
        try await app.press(.function(5))
        try app.expect("Signed in  Hana Kowalski")
        try await app.press(.character("a"))
        try app.expect("Amelia Hart · HV-1001")

        // Offline, each makes a change.
        app.demo.stop()
        try await app.press(.function(3))
        try app.expect("Offline")
        try await app.type("102\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")
        try await app.press(.function(5))
        try app.expect("Signed in  Samir Haddad")
        try await app.press(.end)
        try app.expect("Room 102: mark clean · Samir Haddad")
        try await app.press(.character("a"))
        try app.expect("Hana Kowalski · Harbour View Demo")
        try app.expect("101 F1  Arriving")
        app.expectNo("1 to send", "the housekeeper's screen shows none of the desk's changes")
        // Only the passing sentence that his change keeps being sent in the background names him (#31).
        for line in app.lines where line.contains("Samir") {
            #expect(line.contains("keeps being sent in the background"), "the housekeeper's screen names the desk: \(line)")
        }
        try await app.press(.function(4))
        try app.expect("101  ▲ Departure clean")
        try await app.press(.character("s"))
        try app.expect("◐ In progress ↑")
        try app.expect("1 to send")
        try await app.press(.function(5))
        try app.expect("Signed in  Hana Kowalski")
        try await app.press(.end)
        try app.expect("· Hana Kowalski")
        app.expectNo("Room 102", "her Review shows none of the desk's changes")
        try await app.quit()

        let both = try await app.command(["status"])
        let lines = both.out.split(separator: "\n")
        #expect(lines.contains { $0.contains("Samir Haddad") && $0.contains("1 to send, 0 to review") }, "\(both)")
        #expect(lines.contains { $0.contains("Hana Kowalski") && $0.contains("1 to send, 0 to review") }, "\(both)")

        try app.restartDemo()
        let sent = try await app.command(["send"])
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.out.contains("Samir Haddad: 1 sent") && sent.out.contains("Hana Kowalski: 1 sent"), "\(sent)")
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1)
        #expect(try await app.stats().writesApplied["tasks.status"] == 1)
        _ = try await app.command(["send"])
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1, "nothing applied twice")
        #expect(try await app.stats().writesApplied["tasks.status"] == 1, "nothing applied twice")
        let after = try await app.command(["status"])
        #expect(after.out.components(separatedBy: "0 to send, 0 to review").count - 1 == 2, "\(after)")
    }

    /// A damaged offline file: the app moves it aside, starts a new one (0600), says so on its
    /// first screen and in its log and goes on with the saved instance; `status` says it on
    /// standard error. A saved copy whose ETag is readable but whose rooms are not: the 304 to
    /// that ETag is followed by a full read.
    @Test func aDamagedOfflineFileIsMovedAsideAndSaid() async throws {
        let app = try await AppHarness(member: .housekeeper)
        let db = app.home.url.appendingPathComponent("guestcraft.db").path
        try await app.start()
        try app.expect("102 F1  Departing")
        try await app.quit()
        #expect(try Database(path: db).queryValue("SELECT count(*) FROM live_generations")?.int == 0,
                "the app ended its generation when it quit")

        try damage(db)
        try await app.start()
        try app.expect("was damaged and could not be read")
        try app.expect("102 F1  Departing")
        let kept = try FileManager.default.contentsOfDirectory(atPath: app.home.url.path).filter { $0.hasPrefix("guestcraft.db.damaged-") }
        #expect(!kept.isEmpty, "the damaged file is kept")
        #expect(app.lines.joined().contains("guestcraft.db.damaged-"), "the screen says where the file went")
        #expect(try app.logText().contains("offline store: The offline data on this device was damaged"))
        #expect((try FileManager.default.attributesOfItem(atPath: db)[.posixPermissions] as? Int) == 0o600)
        try await app.quit()

        try damage(db)
        let status = try await app.command(["status"])
        #expect(status.error.hasPrefix("guestcraft: The offline data on this device was damaged"), "\(status)")

        try await app.start()
        try app.expect("102 F1  Departing")
        try app.expect("All sent")
        try await app.quit()
        let file = try Database(path: db)
        _ = try file.run("""
            UPDATE saved_reads SET body = CAST(substr(CAST(body AS TEXT), 1, instr(CAST(body AS TEXT), ',"value":') + 8)
              || '{"units":"not rooms"}}' AS BLOB) WHERE key LIKE 'units.list/%'
            """)
        #expect(try savedRooms(file).contains("not rooms"))
        file.close()
        let before = try await app.requests("units.list")
        try await app.start()
        try app.expect("102 F1  Departing")
        try app.expect("All sent")
        #expect(try await app.requests("units.list") == before + 2, "a 304, then a full read")
        #expect(try app.logText().contains("304, but the saved copy cannot be read; reading it in full"))
        #expect(try savedRooms(try Database(path: db)).contains("\"number\":\"102\""), "the full read is saved")
    }

    private func damage(_ path: String) throws {
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var random = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        try Data(bytes.base64EncodedString().utf8).write(to: URL(fileURLWithPath: path))
    }

    private func savedRooms(_ db: Database) throws -> String {
        switch try db.queryValue("SELECT CAST(body AS TEXT) FROM saved_reads WHERE key LIKE 'units.list/%'") {
        case .text(let text)?: return text
        default: return ""
        }
    }
}
