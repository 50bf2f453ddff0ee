import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
@testable import LiveClients
import OfflineStore
import Testing
import TestSupport

/// `guestcraft report today` against the real state directory: the saved copies the live layer
/// wrote (today.get fetched and saved as `LiveWork.fetch` saves a read, the room list too), read
/// back with the demo stopped, so nothing comes from the network.
@Suite struct ReportCommandTests {
    /// Makes `context` the chosen property of the last instance, as the app leaves the preferences.
    static func choose(_ fixture: LiveFixture) {
        let context = fixture.context
        fixture.services.preferences.save(AppPreferences(
            lastInstanceKey: context.instance.key,
            choices: [WorkChoice(instanceKey: context.instance.key, personID: context.session.user.id.rawValue,
                                 workspace: context.workspace, property: context.property)]))
    }

    /// Fetches and saves Today and the room list through the live layer.
    static func saveReads(_ fixture: LiveFixture) async throws {
        let work = fixture.work
        let today = await work.fetch(work.todayKey, as: TodayOverview.self) { etag in
            try await work.client.today(property: work.property, ifNoneMatch: etag)
        }
        guard case .fresh = today else { Issue.record("today.get: \(today)"); return }
        let units = await work.fetch(work.unitsKey, as: UnitList.self) { etag in
            try await work.client.units(property: work.property, ifNoneMatch: etag)
        }
        guard case .fresh = units else { Issue.record("units.list: \(units)"); return }
    }

    @Test func theReportIsWrittenFromTheSavedCopiesWithTheDemoStopped() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        Self.choose(fixture)
        try await Self.saveReads(fixture)
        fixture.demo.stop()

        let output = fixture.home.url.appendingPathComponent("today.txt")
        let status = ReportCommand.run(GuestcraftCommand.ReportOptions(format: .text, output: output.path),
                                       services: fixture.services)
        #expect(status == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Harbour View Hotel")
        #expect(lines[1].hasPrefix("Business date 2026-11-02 · as of "))
        for title in ["Arrivals (4)", "Departures (2)", "In house (1)", "Rooms (8)"] {
            #expect(lines.contains(title), "\(title)")
        }
        #expect(lines.contains { $0.contains("unassigned") && $0.contains("李娜") })
        #expect(lines.contains { $0.contains("Jonas Weber") && $0.contains("121.50 EUR") })
        #expect(lines.contains { $0.hasPrefix("  301") && $0.contains("Out of order") })
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!text.contains(fixture.context.session.token), "no token in the report")
        #expect(!text.contains("gcd_"))

        let csv = fixture.home.url.appendingPathComponent("today.csv")
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(format: .csv, output: csv.path),
                                  services: fixture.services) == 0)
        let rows = try String(contentsOf: csv, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 16, "the header, 4 arrivals, 2 departures, 1 in house, 8 rooms")
        #expect(rows.contains { $0.contains(",Departure,102,Jonas Weber,HV-1002,") && $0.contains(",121.50,EUR,") })
    }

    /// "As of" is the property's local time, in its time zone from the instance's property data
    /// (#30), not the terminal's (UTC on a server) — whatever zone this machine is in.
    @Test func asOfIsThePropertysLocalTime() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        var property = fixture.context.property
        // Ahead of every zone a terminal is likely in, and never the same day and hour as UTC.
        property.timeZone = "Pacific/Kiritimati"
        fixture.services.preferences.save(AppPreferences(
            lastInstanceKey: fixture.context.instance.key,
            choices: [WorkChoice(instanceKey: fixture.context.instance.key,
                                 personID: fixture.context.session.user.id.rawValue,
                                 workspace: fixture.context.workspace, property: property)]))
        let before = Date()
        try await Self.saveReads(fixture)
        let after = Date()
        let output = fixture.home.url.appendingPathComponent("zone.txt")
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(format: .text, output: output.path),
                                  services: fixture.services) == 0)
        let heading = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)[1]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        func stamp(_ date: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
        }
        let expected = Set([before, after].map { "as of " + stamp($0) + " Pacific/Kiritimati" })
        #expect(expected.contains { heading.hasSuffix($0) }, "\(heading) is not one of \(expected.sorted())")
    }

    @Test func anExistingFileIsMadePrivateAndOverwritten() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        Self.choose(fixture)
        try await Self.saveReads(fixture)
        let output = fixture.home.url.appendingPathComponent("open.txt")
        #expect(FileManager.default.createFile(atPath: output.path, contents: Data(String(repeating: "x", count: 90_000).utf8),
                                               attributes: [.posixPermissions: 0o644]))
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(output: output.path), services: fixture.services) == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("Harbour View Hotel\n"))
        let missing = fixture.home.url.appendingPathComponent("no/such/dir/r.txt")
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(output: missing.path), services: fixture.services) == 2)
    }

    @Test func onlyTheRoomsSavedStillPrintsAndSaysTodayIsMissing() async throws {
        let fixture = try await LiveFixture(member: .housekeeper)
        Self.choose(fixture)
        let work = fixture.work
        _ = await work.fetch(work.unitsKey, as: UnitList.self) { etag in
            try await work.client.units(property: work.property, ifNoneMatch: etag)
        }
        fixture.demo.stop()
        let output = fixture.home.url.appendingPathComponent("rooms.txt")
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(output: output.path), services: fixture.services) == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("Rooms (8)"))
        #expect(text.replacingOccurrences(of: "\n", with: " ").contains("open Today once while online"))
    }

    @Test func nothingSavedAndNoAccountHaveTheirOwnStatuses() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        let output = fixture.home.url.appendingPathComponent("none.txt")
        // Signed in, but no property chosen yet.
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(output: output.path), services: fixture.services)
                == ReportCommand.nothingSavedStatus)
        Self.choose(fixture)
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(output: output.path), services: fixture.services)
                == ReportCommand.nothingSavedStatus)
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing written when nothing is saved")

        let home = try TemporaryDirectory(prefix: "guestcraft-report-tests")
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])
        #expect(ReportCommand.run(GuestcraftCommand.ReportOptions(), services: services) == StatusCommand.noAccountStatus)
        #expect(Set([ReportCommand.nothingSavedStatus, StatusCommand.noAccountStatus, 0, 1, 2]).count == 5)
    }
}
