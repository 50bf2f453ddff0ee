import Foundation
import Testing
@testable import GuestCraftAPI

/// Business dates and instants as the wire writes them.
@Suite("Dates and instants")
struct DateTests {
    @Test("business dates parse exactly YYYY-MM-DD")
    func parse() {
        #expect(BusinessDate("2026-11-02")?.description == "2026-11-02")
        #expect(BusinessDate("2028-02-29") != nil)
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-11-31", "2026-1-02", "2026/11/02", "20261102", " 2026-11-02", "2026-11-0a"] {
            #expect(BusinessDate(bad) == nil, "\(bad)")
        }
    }

    @Test("day arithmetic crosses months, years and leap days")
    func arithmetic() throws {
        let date = try #require(BusinessDate("2026-12-30"))
        #expect(date.adding(days: 3).description == "2027-01-02")
        #expect(BusinessDate("2028-02-28")!.adding(days: 1).description == "2028-02-29")
        #expect(BusinessDate("2026-03-01")!.adding(days: -1).description == "2026-02-28")
        #expect(BusinessDate("2026-11-02")!.days(until: BusinessDate("2026-11-05")!) == 3)
        #expect(BusinessDate("1970-01-01")!.daysSinceEpoch == 0)
        #expect(BusinessDate("1969-12-31")!.daysSinceEpoch == -1)
        #expect(BusinessDate("2026-11-02")! < BusinessDate("2026-11-10")!)
    }

    @Test("the date at an instant is the property's, not the terminal's")
    func dateInZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let honolulu = try #require(TimeZone(identifier: "Pacific/Honolulu"))
        let instant = try #require(Instant(rfc3339: "2026-11-02T23:30:00Z")).date
        #expect(BusinessDate.on(instant, in: berlin).description == "2026-11-03")
        #expect(BusinessDate.on(instant, in: tokyo).description == "2026-11-03")
        #expect(BusinessDate.on(instant, in: honolulu).description == "2026-11-02")
        #expect(BusinessDate.on(Date(timeIntervalSince1970: -1), in: TimeZone(identifier: "UTC")!).description == "1969-12-31")
    }

    @Test("instants parse RFC 3339 with offsets and fractions")
    func instants() throws {
        let zulu = try #require(Instant(rfc3339: "2026-11-02T08:15:00Z"))
        #expect(Instant(rfc3339: "2026-11-02T09:15:00+01:00") == zulu)
        #expect(Instant(rfc3339: "2026-11-02t03:15:00-05:00") == zulu)
        #expect(Instant(rfc3339: "2026-11-02T08:15:00.5Z")!.millisecondsSinceEpoch == zulu.millisecondsSinceEpoch + 500)
        #expect(Instant(rfc3339: "2026-11-02T08:15:00.123456Z")!.millisecondsSinceEpoch == zulu.millisecondsSinceEpoch + 123)
        #expect(zulu.rfc3339 == "2026-11-02T08:15:00Z")
        #expect(Instant(millisecondsSinceEpoch: zulu.millisecondsSinceEpoch + 7).rfc3339 == "2026-11-02T08:15:00.007Z")
        #expect(Instant(millisecondsSinceEpoch: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(Instant(zulu.date) == zulu)
        for bad in ["2026-11-02T08:15:00", "2026-11-02 08:15:00Z", "2026-11-02T25:00:00Z", "2026-11-02T08:15:00.Z",
                    "2026-11-02T08:15:00+0100", "2026-11-02T08:15:00Zjunk", "yesterday"] {
            #expect(Instant(rfc3339: bad) == nil, "\(bad)")
        }
    }
}
