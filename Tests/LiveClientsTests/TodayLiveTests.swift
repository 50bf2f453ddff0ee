import AppCore
import Foundation
import GuestCraftAPI
@testable import LiveClients
import Testing
import TestSupport

/// Today's live clients against the real demo: today.get saved and read conditionally, and `p`'s
/// report written into the state directory from the saved copies.
@Suite struct TodayLiveTests {
    @Test func todayIsSavedAndTheNextReadIsA304OfTheSavedCopy() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        let today = fixture.work.today
        #expect(await today.savedToday() == nil)
        guard case .fresh(let overview, _) = await today.fetchToday() else { Issue.record("no answer"); return }
        #expect(overview.arrivals.count == 4)
        // What the desk asks most: is the arrival's room ready, does the departure owe money.
        #expect(overview.arrivals.first { $0.reservation.code == "HV-1001" }?.unitStatus != nil)
        #expect(overview.departures.contains { ($0.balanceMinor ?? 0) > 0 })
        #expect(await today.savedToday()?.value == overview)
        guard case .fresh(let again, _) = await today.fetchToday() else { Issue.record("no answer"); return }
        #expect(again == overview)
        fixture.demo.stop()
        #expect(await today.fetchToday() == .offline)
        #expect(await today.savedToday()?.value == overview, "offline, the saved copy stays")
    }

    @Test func pWritesTheReportPrivatelyInTheStateDirectory() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        #expect(fixture.work.writeDowntimeReport() == .nothingSaved)
        try await ReportCommandTests.saveReads(fixture)
        fixture.demo.stop()
        guard case .written(let path, _) = fixture.work.writeDowntimeReport() else { Issue.record("not written"); return }
        #expect(path.hasPrefix(fixture.home.url.appendingPathComponent("reports").path))
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        #expect(text.hasPrefix("Harbour View Hotel\n"))
        #expect(text.contains("Arrivals (4)"))
        let file = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let folder = try FileManager.default.attributesOfItem(
            atPath: fixture.home.url.appendingPathComponent("reports").path)[.posixPermissions] as? Int
        #expect(file == 0o600)
        #expect(folder == 0o700)
    }

    @Test func withoutLpOnThePathTheReportIsNotOfferedForPrinting() {
        #expect(LiveWork.printer(["PATH": "/nonexistent"]) == nil)
    }
}
