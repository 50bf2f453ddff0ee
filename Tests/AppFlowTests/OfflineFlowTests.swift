import AppCore
import AppHarness
import DemoInstance
import Foundation
import GuestCraftAPI
import Testing

/// Offline and back (#13, #30), the whole program in the process (#33; were
/// Tests/e2e/outbox_retry.sh, back_online.sh and housekeeping_offline.sh). The instance stops
/// and comes back on the same port with the same data; every wait of the app (its retries, its
/// probes) is the manual clock moved on.
@MainActor @Suite(.timeLimit(.minutes(2))) struct OfflineFlowTests {
    /// Changes reach the instance when it comes back, without a key: a room marked clean with the
    /// instance stopped waits; the instance starts again; the app's retries send it, the header
    /// says all is sent and `guestcraft status` shows 0.
    @Test func aChangeMadeOfflineIsSentWithoutAKeyOnceTheInstanceIsBack() async throws {
        let app = try await AppHarness(member: .housekeeper, environment: ["GUESTCRAFT_RETRY_CAP_SECONDS": "4"])
        try await app.start()
        try app.expect("101 F1")
        app.demo.stop()
        try await app.type("102\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")
        try app.restartDemo()
        for _ in 0..<30 where !app.screenText.contains("All sent") { try await app.advance(by: .seconds(1)) }
        try app.expect("All sent", "sent without a key once the instance came back")
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1)
        let status = try await app.command(["status"])
        #expect(status.out.contains("0 to send, 0 to review"), "\(status)")
    }

    /// Back online by itself: the instance stops (header and body say Offline); it starts again,
    /// and within 15 s, with no key, the screen is Online again — Today as the front desk, then
    /// Housekeeping as the housekeeper.
    @Test(arguments: [DemoMember.frontdesk, .housekeeper])
    func backOnlineByItselfWithinFifteenSeconds(_ member: DemoMember) async throws {
        let app = try await AppHarness(member: member)
        if member == .frontdesk { try await app.open() } else {
            try await app.start()
            try app.expect("101 F1")
        }
        try app.expect("Online")
        app.demo.stop()
        try await app.press(.character("r"))
        try app.expect("Offline · last updated")
        #expect(app.lines.first?.contains("Offline") == true, "the header says Offline")
        // The app probes while offline: a few of its tries find nothing.
        try await app.advance(by: .seconds(3))
        try app.restartDemo()
        var waited = 0
        while !online(app), waited < 15 {
            try await app.advance(by: .seconds(1))
            waited += 1
        }
        #expect(online(app), "Online (header and body) within 15 s of the instance answering:\n\(app.screenText)")
    }

    private func online(_ app: AppHarness) -> Bool {
        app.lines.first?.contains("Online") == true && !app.screenText.contains("Offline")
    }

    /// The housekeeper's day offline: the rooms and tasks saved online; with the instance stopped
    /// the app opens on them, marks three rooms clean and starts and finishes a task; `status`
    /// reports the waiting changes; the instance back, each is sent once, nothing shows pending,
    /// and the rooms have their new versions.
    @Test func theHousekeepersDayOffline() async throws {
        let app = try await AppHarness(member: .housekeeper)
        let v0 = try await app.admin.setUnitHousekeeping(number: "101", status: .dirty).housekeepingVersion
        try await app.start()
        try app.expect("101 F1  Arriving")
        try await app.press(.function(4))
        try app.expect("My tasks of 2026-11-02")
        try app.expect("101  ▲ Departure clean")
        try await app.quit()
        let wal = app.home.url.appendingPathComponent("guestcraft.db-wal").path
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(walSize == 0, "the exit empties the offline file's write-ahead log (#18)")

        app.demo.stop()
        try await app.start()
        try await app.press(.function(3))
        try app.expect("Offline · last updated")
        try app.expect("101 F1  Arriving")
        for room in ["101", "102", "201"] {
            try await app.type(room + "\n")
            try await app.press(.character("c"))
        }
        try app.expect("3 to send")
        for room in ["101", "102", "201"] {
            #expect(app.line(containing: room + " F")?.hasSuffix("✓ Clean ↑") == true, "room \(room) shows its change waiting")
        }
        try await app.press(.function(4))
        try app.expect("101  ▲ Departure clean")
        try await app.press(.character("s"))
        try app.expect("◐ In progress ↑")
        try await app.press(.character("s"))
        try app.expect("● Done ↑")
        try app.expect("5 to send")
        try await app.quit()
        let status = try await app.command(["status"])
        #expect(status.out.contains("5 to send, 0 to review"), "\(status)")

        try app.restartDemo()
        try await app.start()
        try await app.press(.function(3))
        try app.expect("All sent")
        try app.expect("101 F1  Arriving")
        app.expectNo("↑", "no change shows as waiting")
        let stats = try await app.stats()
        #expect(stats.writesApplied["units.housekeeping"] == 3, "each room change applied once")
        #expect(stats.writesApplied["tasks.status"] == 2, "each task change applied once")
        // A desk write advances the version by one: after the one ours made.
        #expect(try await app.admin.setUnitHousekeeping(number: "101", status: .clean).housekeepingVersion == v0 + 2)
        try await app.press(.function(4))
        try app.expect("● Done")
        app.expectNo("↑", "no task change shows as waiting")
        try await app.quit()
    }
}
