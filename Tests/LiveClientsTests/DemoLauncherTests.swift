import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import Testing
import TestSupport

/// `guestcraft --demo`: the hotel is on today's date at the property, and one made on another day
/// is made again (the wall clock: either side of a midnight in Berlin passes).
@Suite struct DemoLauncherTests {
    static func businessDate(_ started: DemoLauncher.Started, services: LiveServices) async throws -> BusinessDate {
        let session = try #require(try services.credentials.session(for: started.origin))
        let today = try await services.client(for: session).today(property: "prp_harbour")
        return try #require(today.value).businessDate
    }

    @Test func theDemoLivesOnTodayAndAHotelOfAnotherDayIsMadeAgain() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-demo-launcher-tests")
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])
        let options = GuestcraftCommand.DemoOptions(member: .frontdesk, rooms: 5)
        let before = DemoConfiguration.dateAtProperties(Instant(Date()))
        let first = try await DemoLauncher.start(options, services: services).get()
        let made = try await Self.businessDate(first, services: services)
        let after = DemoConfiguration.dateAtProperties(Instant(Date()))
        #expect(made == before || made == after)
        first.stop()

        // The hotel was made on an earlier day: the next start makes it again, on today's date.
        let dayFile = home.url.appendingPathComponent("demo/day")
        #expect(try String(contentsOf: dayFile, encoding: .utf8) == made.description + "\n")
        try Data("2026-11-02\n".utf8).write(to: dayFile)
        let second = try await DemoLauncher.start(options, services: services).get()
        defer { second.stop() }
        let remade = try await Self.businessDate(second, services: services)
        #expect(remade == made || remade == DemoConfiguration.dateAtProperties(Instant(Date())))
        #expect(remade != BusinessDate("2026-11-02") || made == BusinessDate("2026-11-02"))
        let log = try String(contentsOf: home.url.appendingPathComponent("guestcraft.log"), encoding: .utf8)
        #expect(log.components(separatedBy: "demo: paired as frontdesk").count - 1 == 2, "paired again with the new hotel")
    }
}
