import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing
import TestSupport

/// today.get: what each member sees of a stay (room status, balance), its ETag, and the business date a demo without a
/// fixed one starts on.
@Suite("Front desk: today.get")
struct TodayTests {
    static let today = "/api/v1/properties/prp_harbour/today"

    static func stays(_ overview: TodayOverview) -> [StaySummary] {
        overview.arrivals + overview.departures + overview.inHouse
    }

    @Test func theFrontDeskSeesRoomStatusesAndWhatDeparturesOwe() async throws {
        let demo = try Demo()
        let overview = try await demo.get(Self.today, token: demo.token(.frontdesk)).decode(TodayOverview.self)
        let withUnit = Self.stays(overview).filter { $0.unit != nil }
        #expect(!withUnit.isEmpty)
        #expect(withUnit.allSatisfy { $0.unitStatus != nil })
        #expect(Self.stays(overview).filter { $0.unit == nil }.allSatisfy { $0.unitStatus == nil })
        #expect(overview.arrivals.map(\.unitStatus) == [.dirty, nil, .inspected, .clean])
        #expect(overview.departures.map(\.balanceMinor) == [12_150, 0])
        #expect(overview.departures.allSatisfy { $0.currency == "EUR" })
        #expect((overview.arrivals + overview.inHouse).allSatisfy { $0.balanceMinor == nil && $0.currency == nil },
                "balances are on departures only")
        let folio = try await demo.get("\(Self.today.dropLast("/today".count))/reservations/rsv_0002/folio",
                                       token: demo.token(.frontdesk)).decode(FolioBalance.self)
        #expect(overview.departures.first?.balanceMinor == folio.balanceMinor, "the folio's own balance")
    }

    /// After the night audit (#30) the stays due out yesterday and never checked out are overdue: listed with what they
    /// owe, on no other list, until they are checked out.
    @Test func afterTheNightAuditTheStaysNeverCheckedOutAreOverdue() async throws {
        let demo = try Demo()
        let token = try demo.token(.frontdesk)
        let before = try await demo.get(Self.today, token: token).decode(TodayOverview.self)
        #expect(before.overdue.isEmpty)
        #expect(try await demo.admin("POST", "/demo/night_audit").status == 200)
        let after = try await demo.get(Self.today, token: token).decode(TodayOverview.self)
        #expect(after.businessDate == before.businessDate.adding(days: 1))
        #expect(after.overdue.map(\.reservation.code) == ["HV-1002", "HV-1006"])
        #expect(after.overdue.map(\.balanceMinor) == [12_150, 0])
        #expect(after.overdue.allSatisfy { $0.status == .checkedIn && $0.checkOutDate < after.businessDate && $0.currency == "EUR" })
        let others = Set(Self.stays(after).map(\.stayID))
        #expect(others.isDisjoint(with: after.overdue.map(\.stayID)), "an overdue stay is on no other list")

        let desk = Desk(demo: demo, token: token)
        #expect(try await desk.act("POST", "rsv_0006", "sty_0007", "check_out", json: "{}").status == 200)
        let out = try await demo.get(Self.today, token: token).decode(TodayOverview.self)
        #expect(out.overdue.map(\.reservation.code) == ["HV-1002"])
    }

    @Test func eachFieldNeedsItsPermission() async throws {
        let demo = try Demo()
        let token = try demo.token(.frontdesk)

        try demo.instance.setPermissions([.reservationsRead], for: .frontdesk)
        let bare = try await demo.get(Self.today, token: token)
        #expect(bare.status == 200)
        for member in ["unit_housekeeping_status", "balance_minor", "currency"] {
            #expect(!bare.text.contains(member), "\(member) without its permission")
        }

        try demo.instance.setPermissions([.reservationsRead, .inventoryRead], for: .frontdesk)
        let rooms = try await demo.get(Self.today, token: token).decode(TodayOverview.self)
        #expect(Self.stays(rooms).contains { $0.unitStatus != nil })
        #expect(Self.stays(rooms).allSatisfy { $0.balanceMinor == nil && $0.currency == nil })

        try demo.instance.setPermissions([.reservationsRead, .foliosRead], for: .frontdesk)
        let money = try await demo.get(Self.today, token: token).decode(TodayOverview.self)
        #expect(Self.stays(money).allSatisfy { $0.unitStatus == nil })
        #expect(money.departures.map(\.balanceMinor) == [12_150, 0])

        // The housekeeper reads rooms but not reservations: no Today at all.
        expectProblem(try await demo.get(Self.today, token: demo.token(.housekeeper)), 403, .authForbidden)
    }

    @Test func noBalanceWhereTheInstanceDeclaresNoFolios() async throws {
        let demo = try Demo { $0.capabilities = Capability.all.filter { $0 != .folios } }
        let overview = try await demo.get(Self.today, token: demo.token(.manager)).decode(TodayOverview.self)
        #expect(!overview.departures.isEmpty)
        #expect(overview.departures.allSatisfy { $0.balanceMinor == nil && $0.currency == nil })
        #expect(overview.arrivals.contains { $0.unitStatus != nil })
    }

    @Test func theETagChangesWithARoomStatusAndABalance() async throws {
        let demo = try Demo()
        let token = try demo.token(.frontdesk)
        let first = try await demo.get(Self.today, token: token)
        let etag = try #require(first.headers["etag"])
        #expect(try await demo.get(Self.today, token: token, headers: ["If-None-Match": etag]).status == 304)

        _ = try await demo.admin("POST", "/demo/units/104/housekeeping", json: #"{"status": "dirty"}"#)
        let afterRoom = try await demo.get(Self.today, token: token, headers: ["If-None-Match": etag])
        #expect(afterRoom.status == 200)
        let roomETag = try #require(afterRoom.headers["etag"])
        #expect(roomETag != etag)
        #expect(try afterRoom.decode(TodayOverview.self).arrivals.first { $0.unit?.number == "104" }?.unitStatus == .dirty)

        try demo.instance.recordPayment(reservation: "rsv_0002", amountMinor: 12_150)
        let afterPayment = try await demo.get(Self.today, token: token, headers: ["If-None-Match": roomETag])
        #expect(afterPayment.status == 200)
        #expect(afterPayment.headers["etag"] != roomETag)
        #expect(try afterPayment.decode(TodayOverview.self).departures.first?.balanceMinor == 0)
    }

    /// 23:30 UTC on 14 March is already 15 March in Berlin: the hotel is on the property's date, not the machine's.
    @Test func withoutABusinessDateTheHotelIsOnTodayAtTheProperty() async throws {
        let instant = try #require(Instant(rfc3339: "2027-03-14T23:30:00Z"))
        #expect(DemoConfiguration.dateAtProperties(instant) == BusinessDate("2027-03-15"))
        let demo = try Demo(rooms: 120, clock: DemoClock(fixedAt: instant)) { $0.businessDate = nil }
        let overview = try await demo.get(Self.today, token: demo.token(.frontdesk)).decode(TodayOverview.self)
        #expect(overview.businessDate == BusinessDate("2027-03-15"))
        #expect(overview.timeZone == "Europe/Berlin")
        // A working morning: arrivals to check in, departures to check out, money owed on one.
        #expect(overview.arrivals.contains { $0.status == .reserved && $0.checkInDate == overview.businessDate })
        #expect(overview.departures.contains { $0.status == .checkedIn && $0.checkOutDate == overview.businessDate })
        #expect(overview.departures.contains { ($0.balanceMinor ?? 0) > 0 })
        #expect(!overview.inHouse.isEmpty)
        let garden = try await demo.get("/api/v1/properties/prp_garden/today", token: demo.token(.frontdesk))
            .decode(TodayOverview.self)
        #expect(garden.businessDate == BusinessDate("2027-03-15"))
        #expect(!garden.arrivals.isEmpty && !garden.departures.isEmpty)
        // The fixed date stays when one is given (the examples' date by default).
        #expect(DemoConfiguration().businessDate == DemoConfiguration.defaultBusinessDate)
        #expect(DemoConfiguration(businessDate: nil, clock: DemoClock(fixedAt: instant)).startingBusinessDate
                == BusinessDate("2027-03-15"))
    }

    /// `guestcraft-demo serve` without `--business-date` makes the hotel on today's date at the property (the wall
    /// clock: either side of a midnight in Berlin passes); with it, on that date.
    @Test func serveWithoutABusinessDateStartsTodayAndWithOneOnIt() async throws {
        func businessDate(_ arguments: [String]) async throws -> (BusinessDate, before: BusinessDate, after: BusinessDate) {
            let before = DemoConfiguration.dateAtProperties(Instant(Date()))
            let directory = try TemporaryDirectory()
            let data = directory.url.appendingPathComponent("demo")
            let server = try await CommandLineTests.Server(["serve", "--port", "0", "--rooms", "5", "--data", data.path]
                                                           + arguments)
            let origin = try #require(server.firstLine.wholeMatch(of: /listening on (http:\/\/[0-9.:]+)/)).1
            let key = try String(contentsOf: data.appendingPathComponent("admin-key"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let client = CommandLineTests.client()
            let link = try await client.send(HTTPRequest(
                method: "POST", url: URL(string: "\(origin)/demo/pairings")!,
                headers: ["X-Demo-Admin-Key": key, "Content-Type": "application/json"],
                body: Data(#"{"member": "frontdesk"}"#.utf8))).decode(DemoPairingCreated.self)
            let code = try #require(PairingLink(link.pairingURL)).pairingCode
            let created = try await client.send(HTTPRequest(
                method: "POST", url: URL(string: "\(origin)/api/v1/device_sessions")!,
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"pairing_code": "\#(code)", "device_name": "cli test"}"#.utf8))).decode(DeviceSessionCreated.self)
            let today = try await client.send(HTTPRequest(
                url: URL(string: "\(origin)/api/v1/properties/prp_harbour/today")!,
                headers: ["Authorization": "Bearer \(created.token)"])).decode(TodayOverview.self)
            #expect(await server.stop(SIGTERM) == 0)
            return (today.businessDate, before, DemoConfiguration.dateAtProperties(Instant(Date())))
        }
        let live = try await businessDate([])
        #expect(live.0 == live.before || live.0 == live.after)
        let fixed = try await businessDate(["--business-date", "2026-11-02"])
        #expect(fixed.0 == BusinessDate("2026-11-02"))
    }
}
