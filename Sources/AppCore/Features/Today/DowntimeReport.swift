import Catalog
import GuestCraftAPI

/// The downtime report: the property's arrivals, departures, guests in house and every room's
/// status, from the saved copies, for a printer (`text`) or a spreadsheet (`csv`). Pure: no I/O.
/// `guestcraft report today` prints it; the Today screen's `p` key is meant to as well.
///
/// Every string from the instance is made inert (no control characters or escape sequences);
/// text fits 80 columns (a name too long is cut with "…", measured in terminal cells, so CJK
/// names count double); CSV follows RFC 4180 (CRLF, quotes doubled, a field with a comma, quote
/// or line break quoted), and instance text that a spreadsheet would take for a formula
/// (`=`, `+`, `-`, `@` first) starts with an apostrophe.
public enum DowntimeReport {
    public enum Format: String, CaseIterable, Equatable, Sendable {
        case text, csv
    }

    /// The widest line of the text format.
    public static let width = 80

    /// The report of `propertyName` from the saved Today (`today`) and room list (`units`);
    /// a missing one says how to save it. `asOf` is when the copies were saved, already
    /// formatted in the property's time zone (the desk's clock, not the terminal's: #30).
    public static func render(propertyName: String, today: TodayOverview?, units: UnitList?, asOf: String,
                              format: Format) -> String {
        switch format {
        case .text: text(propertyName: propertyName, today: today, units: units, asOf: asOf)
        case .csv: csv(propertyName: propertyName, today: today, units: units, asOf: asOf)
        }
    }

    // MARK: Text

    static func text(propertyName: String, today: TodayOverview?, units: UnitList?, asOf: String) -> String {
        var lines: [String] = []
        let date = (today?.businessDate ?? units?.businessDate)?.description ?? "-"
        lines += wrapped(inert(propertyName))
        lines += wrapped(L("report.heading", ["date": date, "as_of": inert(asOf)]))
        lines += wrapped(L("report.saved_note"))
        if let today {
            for section in Section.allCases {
                let stays = section.stays(of: today)
                lines.append("")
                lines.append(section.title(count: stays.count))
                if stays.isEmpty {
                    lines.append("  " + L("report.none"))
                } else {
                    lines += table(section.columns, rows: stays.map(section.row), flexible: 1)
                }
            }
        } else {
            lines.append("")
            lines += wrapped(L("report.today_not_saved"))
        }
        lines.append("")
        if let units {
            lines.append(L("report.rooms", ["count": units.units.count]))
            if units.units.isEmpty {
                lines.append("  " + L("report.none"))
            } else {
                lines += table(roomColumns, rows: units.units.map(roomRow), flexible: 1)
            }
        } else {
            lines += wrapped(L("report.rooms_not_saved"))
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// A sentence in lines of at most `width` cells, broken at spaces (a longer word is cut).
    static func wrapped(_ sentence: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in sentence.split(separator: " ").map({ DisplayWidth.truncate(String($0), to: width) }) {
            if line.isEmpty {
                line = word
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        return lines + [line]
    }

    /// A column: its heading and the most cells it takes (the flexible one takes what is left).
    struct Column {
        var heading: String
        var cap: Int
    }

    /// Rows under a heading line, columns two spaces apart, within `width`.
    static func table(_ columns: [Column], rows: [[String]], flexible: Int) -> [String] {
        let gap = "  "
        var widths = columns.enumerated().map { index, column in
            min(column.cap, ([column.heading] + rows.map { $0[index] }).map(DisplayWidth.of).max() ?? 0)
        }
        let others = widths.enumerated().filter { $0.offset != flexible }.reduce(0) { $0 + $1.element }
        let room = width - 2 - others - gap.count * (columns.count - 1)
        widths[flexible] = max(4, min(widths[flexible], room))
        func line(_ cells: [String]) -> String {
            "  " + cells.enumerated().map { DisplayWidth.fit($0.element, to: widths[$0.offset]) }.joined(separator: gap)
        }
        return [line(columns.map(\.heading))] + rows.map(line)
    }

    enum Section: CaseIterable {
        case arrivals, departures, inHouse

        func stays(of today: TodayOverview) -> [StaySummary] {
            switch self {
            case .arrivals: today.arrivals
            // Overdue stays (due out before the business date, never checked out) are departures
            // still to be made, as on the screen (#30).
            case .departures: today.overdueFirst + today.departures
            case .inHouse: today.inHouse
            }
        }

        func title(count: Int) -> String {
            switch self {
            case .arrivals: L("report.arrivals", ["count": count])
            case .departures: L("report.departures", ["count": count])
            case .inHouse: L("report.in_house", ["count": count])
            }
        }

        /// The section's name in a CSV row.
        var name: String {
            switch self {
            case .arrivals: L("report.section.arrival")
            case .departures: L("report.section.departure")
            case .inHouse: L("report.section.in_house")
            }
        }

        var columns: [Column] {
            let room = Column(heading: L("report.column.room"), cap: 10)
            let guest = Column(heading: L("report.column.guest"), cap: 40)
            let code = Column(heading: L("report.column.reservation"), cap: 12)
            let status = Column(heading: L("report.column.status"), cap: 12)
            switch self {
            case .arrivals:
                return [room, guest, code, Column(heading: L("report.column.departs"), cap: 10), status,
                        Column(heading: L("report.column.room_status"), cap: 14)]
            case .departures:
                return [room, guest, code, Column(heading: L("report.column.arrived"), cap: 10), status,
                        Column(heading: L("report.column.balance"), cap: 16)]
            case .inHouse:
                return [room, guest, code, Column(heading: L("report.column.departs"), cap: 10)]
            }
        }

        func row(_ stay: StaySummary) -> [String] {
            let room = stay.unit.map { inert($0.number) } ?? L("report.unassigned")
            let common = [room, inert(stay.guestName), inert(stay.reservation.code)]
            switch self {
            case .arrivals:
                return common + [stay.checkOutDate.description, DowntimeReport.word(stay.status),
                                 stay.unitStatus.map(StatusLabels.word) ?? ""]
            case .departures:
                return common + [stay.checkInDate.description, DowntimeReport.word(stay.status),
                                 stay.balanceMinor.map { DowntimeReport.money($0, currency: stay.currency) } ?? ""]
            case .inHouse:
                return common + [stay.checkOutDate.description]
            }
        }
    }

    static var roomColumns: [Column] {
        [Column(heading: L("report.column.room"), cap: 10), Column(heading: L("report.column.room_type"), cap: 30),
         Column(heading: L("report.column.floor"), cap: 6), Column(heading: L("report.column.room_status"), cap: 14),
         Column(heading: L("report.column.occupancy"), cap: 12)]
    }

    static func roomRow(_ unit: RoomUnit) -> [String] {
        [inert(unit.number), inert(unit.roomType.name), String(unit.floor), StatusLabels.word(unit.housekeepingStatus),
         StatusLabels.occupancy(unit.occupancy)]
    }

    // MARK: CSV

    static func csv(propertyName: String, today: TodayOverview?, units: UnitList?, asOf: String) -> String {
        let header = [L("report.column.property"), L("report.column.business_date"), L("report.column.as_of"),
                      L("report.column.section"), L("report.column.room"), L("report.column.guest"),
                      L("report.column.reservation"), L("report.column.check_in"), L("report.column.check_out"),
                      L("report.column.status"), L("report.column.room_status"), L("report.column.balance"),
                      L("report.column.currency"), L("report.column.room_type"), L("report.column.floor"),
                      L("report.column.occupancy")]
        let date = (today?.businessDate ?? units?.businessDate)?.description ?? ""
        let head = [csvText(propertyName), date, csvText(asOf)]
        var rows = [header.map(csvField)]
        for section in Section.allCases {
            for stay in today.map(section.stays) ?? [] {
                let cells = head + [
                    section.name, stay.unit.map { csvText($0.number) } ?? L("report.unassigned"), csvText(stay.guestName),
                    csvText(stay.reservation.code), stay.checkInDate.description, stay.checkOutDate.description,
                    word(stay.status), stay.unitStatus.map(StatusLabels.word) ?? "",
                    stay.balanceMinor.map { decimal($0, currency: stay.currency) } ?? "",
                    stay.balanceMinor == nil ? "" : csvText(stay.currency ?? ""), csvText(stay.roomType.name), "", ""]
                rows.append(cells.map(csvField))
            }
        }
        for unit in units?.units ?? [] {
            let cells = head + [L("report.section.room"), csvText(unit.number), "", "", "", "", "",
                                StatusLabels.word(unit.housekeepingStatus), "", "", csvText(unit.roomType.name),
                                String(unit.floor), StatusLabels.occupancy(unit.occupancy)]
            rows.append(cells.map(csvField))
        }
        return rows.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// Instance text for a CSV cell: inert, and never read as a formula by a spreadsheet.
    static func csvText(_ text: String) -> String {
        let clean = inert(text)
        guard let first = clean.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) else { return clean }
        return "'" + clean
    }

    /// One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Words and money

    static func inert(_ text: String) -> String { InertText.sanitize(text, singleLine: true) }

    static func word(_ status: StayStatus) -> String {
        switch status {
        case .reserved: L("report.stay.reserved")
        case .checkedIn: L("report.stay.checked_in")
        case .checkedOut: L("report.stay.checked_out")
        case .cancelled: L("report.stay.cancelled")
        case .noShow: L("report.stay.no_show")
        case .unknown: L("report.stay.unknown")
        }
    }

    /// Decimal places of a currency's minor unit (ISO 4217; 2 for any other).
    static func decimals(_ currency: String?) -> Int {
        switch currency?.uppercased() {
        case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF":
            0
        case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
        default: 2
        }
    }

    /// `12150` EUR as `121.50`, without grouping (a spreadsheet reads it as a number).
    static func decimal(_ minor: Int, currency: String?) -> String {
        let places = decimals(currency)
        let sign = minor < 0 ? "-" : ""
        let digits = String(minor.magnitude)
        guard places > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return sign + padded.dropLast(places) + "." + padded.suffix(places)
    }

    /// `121.50 EUR`.
    static func money(_ minor: Int, currency: String?) -> String {
        let amount = decimal(minor, currency: currency)
        guard let currency, !currency.isEmpty else { return amount }
        return amount + " " + inert(currency)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
