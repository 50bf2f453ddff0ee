import AppCore
import GuestCraftAPI
import Testing

/// The downtime report as a printer and a spreadsheet get it: columns within 80 cells, every
/// list with its count, RFC 4180 quoting, and nothing from the instance that could drive a
/// terminal.
@Suite struct DowntimeReportTests {
    static let date = BusinessDate("2026-11-02")!

    static func stay(_ code: String, _ guest: String, unit: String?, status: StayStatus = .reserved,
                     unitStatus: HousekeepingStatus? = nil, balance: Int? = nil, currency: String? = nil) -> StaySummary {
        StaySummary(reservation: ReservationRef(id: ReservationID("rsv_\(code)"), code: code), stayID: StayID("sty_\(code)"),
                    guestName: guest, unit: unit.map { UnitRef(id: UnitID("unt_\($0)"), number: $0) },
                    roomType: RoomTypeRef(id: RoomTypeID("rmt_dbl"), name: "Double"),
                    checkInDate: BusinessDate("2026-10-30")!, checkOutDate: BusinessDate("2026-11-05")!, status: status,
                    unitStatus: unitStatus, balanceMinor: balance, currency: currency)
    }

    static func room(_ number: String, _ status: HousekeepingStatus, type: String = "Double",
                     occupancy: Occupancy = .vacant) -> RoomUnit {
        RoomUnit(id: UnitID("unt_\(number)"), number: number, roomType: RoomTypeRef(id: RoomTypeID("rmt_x"), name: type),
                 floor: 1, occupancy: occupancy, housekeepingStatus: status, housekeepingVersion: 1,
                 housekeepingUpdatedAt: Instant(millisecondsSinceEpoch: 0))
    }

    static let today = TodayOverview(
        businessDate: date, timeZone: "Europe/Berlin",
        arrivals: [stay("HV-1001", "Amelia Hart", unit: "101", unitStatus: .dirty),
                   stay("HV-1004", "李娜", unit: nil)],
        departures: [stay("HV-1002", "Jonas Weber", unit: "102", status: .checkedIn, unitStatus: .dirty,
                          balance: 12_150, currency: "EUR")],
        inHouse: [stay("HV-1003", "Yuki Tanaka", unit: "201", status: .checkedIn)])
    static let units = UnitList(businessDate: date, units: [room("101", .dirty), room("103", .inspected, type: "Twin"),
                                                             room("301", .outOfOrder, type: "Suite")])

    static func text(_ today: TodayOverview? = today, _ units: UnitList? = units, name: String = "Harbour View Hotel",
                     asOf: String = "2026-11-02 09:41 CET") -> String {
        DowntimeReport.render(propertyName: name, today: today, units: units, asOf: asOf, format: .text)
    }

    static func csv(_ today: TodayOverview? = today, _ units: UnitList? = units, name: String = "Harbour View Hotel")
        -> String {
        DowntimeReport.render(propertyName: name, today: today, units: units, asOf: "2026-11-02 09:41 CET", format: .csv)
    }

    @Test func textHasTheHeadingEveryListWithItsCountAndFits80Columns() {
        let report = Self.text()
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Harbour View Hotel")
        #expect(lines[1] == "Business date 2026-11-02 · as of 2026-11-02 09:41 CET")
        for title in ["Arrivals (2)", "Departures (1)", "In house (1)", "Rooms (3)"] {
            #expect(lines.contains(title), "\(title)")
        }
        #expect(report.hasSuffix("\n"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(lines.filter { DisplayWidth.of($0) > 80 })")
        let unassigned = lines.first { $0.contains("李娜") }
        #expect(unassigned?.hasPrefix("  unassigned") == true)
        #expect(lines.contains { $0.contains("101") && $0.contains("Amelia Hart") && $0.contains("Reserved")
                && $0.contains("Dirty") })
        #expect(lines.contains { $0.contains("Jonas Weber") && $0.contains("121.50 EUR") && $0.contains("Checked in") })
        #expect(lines.contains { $0.contains("301") && $0.contains("Suite") && $0.contains("Out of order") })
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "no trailing spaces")
    }

    @Test func columnsLineUpWithWideNames() throws {
        let lines = Self.text().split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("Guest") })
        let heading = lines[header]
        let rows = [lines[header + 1], lines[header + 2]]   // Amelia Hart, then 李娜 (two cells a character)
        let column = DisplayWidth.of(String(heading[..<heading.range(of: "Reservation")!.lowerBound]))
        for row in rows {
            let code = try #require(row.range(of: "HV-"))
            #expect(DisplayWidth.of(String(row[..<code.lowerBound])) == column, "\(row)")
        }
    }

    @Test func emptyListsAndMissingCopiesSaySo() {
        let empty = TodayOverview(businessDate: Self.date, timeZone: "Europe/Berlin", arrivals: [], departures: [], inHouse: [])
        let report = Self.text(empty, UnitList(businessDate: Self.date, units: []))
        #expect(report.contains("Arrivals (0)\n  None."))
        #expect(report.contains("Rooms (0)\n  None."))
        let roomsOnly = Self.text(nil, Self.units)
        #expect(roomsOnly.replacingOccurrences(of: "\n", with: " ").contains("open Today once while online"))
        #expect(roomsOnly.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        #expect(roomsOnly.contains("Business date 2026-11-02"))
        #expect(!roomsOnly.contains("Arrivals ("))
        let todayOnly = Self.text(Self.today, nil)
        #expect(todayOnly.replacingOccurrences(of: "\n", with: " ").contains("open Housekeeping once while online"))
    }

    @Test func hostileTextIsMadeInertAndLongNamesAreCut() {
        let hostile = "Eve\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}lin\u{9B}31m\nnext"
        let long = String(repeating: "Wolfeschlegelsteinhausen", count: 6)
        var today = Self.today
        today.arrivals[0].guestName = hostile
        today.arrivals[1].guestName = long
        today.arrivals[0].reservation.code = "HV\u{1B}[31m-1"
        var units = Self.units
        units.units[0].roomType.name = "Dbl\r\nInjected line"
        for report in [Self.text(today, units, name: "Harbour\u{1B}[5m View", asOf: "09:41\u{1B}[0m"),
                       Self.csv(today, units, name: "Harbour\u{1B}[5m View")] {
            #expect(!report.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07
                || $0.value == 0x202E })
            #expect(!report.contains("Injected line\n") && !report.contains("\nInjected"))
        }
        let text = Self.text(today, units)
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        #expect(text.contains("Wolfeschlegel") && text.contains("…"))
        #expect(text.contains("Evelin next") || text.contains("Eve"))
    }

    @Test func csvHasAHeaderRowAndQuotesAsRFC4180() throws {
        var today = Self.today
        today.arrivals[0].guestName = "Hart, Amelia \"Mia\""
        today.inHouse[0].guestName = "=HYPERLINK(\"http://x\")"
        let report = Self.csv(today)
        #expect(report.hasSuffix("\r\n"))
        let rows = report.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "Property,Business date,As of,List,Room,Guest,Reservation,Check-in,Check-out,Status,"
                + "Room status,Balance,Currency,Room type,Floor,Occupancy")
        #expect(rows.count == 1 + 4 + 3)
        #expect(rows.contains("Harbour View Hotel,2026-11-02,2026-11-02 09:41 CET,Arrival,101,\"Hart, Amelia \"\"Mia\"\"\","
                + "HV-1001,2026-10-30,2026-11-05,Reserved,Dirty,,,Double,,"))
        #expect(rows.contains("Harbour View Hotel,2026-11-02,2026-11-02 09:41 CET,Arrival,unassigned,李娜,"
                + "HV-1004,2026-10-30,2026-11-05,Reserved,,,,Double,,"))
        #expect(rows.contains("Harbour View Hotel,2026-11-02,2026-11-02 09:41 CET,Departure,102,Jonas Weber,"
                + "HV-1002,2026-10-30,2026-11-05,Checked in,Dirty,121.50,EUR,Double,,"))
        #expect(rows.contains { $0.contains(",\"'=HYPERLINK(\"\"http://x\"\")\",") }, "a formula is not a formula")
        #expect(rows.contains("Harbour View Hotel,2026-11-02,2026-11-02 09:41 CET,Room,301,,,,,,Out of order,,,Suite,1,Vacant"))
        // Every row has the header's number of fields (read back with a quote-aware split).
        for row in rows { #expect(Self.fields(row).count == 16, "\(row)") }
        #expect(Self.fields(rows[1])[5] == "Hart, Amelia \"Mia\"")
    }

    @Test func anEmptyCSVIsItsHeaderRow() {
        let report = Self.csv(nil, nil)
        #expect(report.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1)
    }

    @Test func moneyFollowsTheCurrencysMinorUnit() {
        var today = Self.today
        today.departures = [Self.stay("A", "A", unit: "1", balance: -505, currency: "EUR"),
                            Self.stay("B", "B", unit: "2", balance: 1200, currency: "JPY"),
                            Self.stay("C", "C", unit: "3", balance: 5, currency: "KWD"),
                            Self.stay("D", "D", unit: "4", balance: 0, currency: "EUR")]
        let text = Self.text(today, nil)
        for amount in ["-5.05 EUR", "1200 JPY", "0.005 KWD", "0.00 EUR"] {
            #expect(text.contains(amount), "\(amount)")
        }
    }

    /// RFC 4180 fields of one record.
    static func fields(_ row: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var characters = Array(row)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { current.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return fields + [current]
    }
}
