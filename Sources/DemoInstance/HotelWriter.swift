import Foundation
import GuestCraftAPI
import SQLiteDB

/// Inserts for the generated hotel, written as multi-row SQL in batches inside one transaction, so thousands of
/// rows take milliseconds (binding every value one call at a time costs far more than SQLite parsing them).
final class HotelWriter {
    let db: Database
    /// Days every seeded date moves from the examples' 2026-11-02 to the configured business date.
    let dayShift: Int
    private let units: SQLBatch
    private let guests: SQLBatch
    private let reservations: SQLBatch
    private let stays: SQLBatch
    private let charges: SQLBatch
    private let payments: SQLBatch
    private let tasks: SQLBatch
    private let blocks: SQLBatch
    private var dayTexts: [Int: String] = [:]
    private(set) var chargeCount = 0
    private(set) var paymentCount = 0

    init(db: Database, businessDate: BusinessDate) {
        self.db = db
        dayShift = DemoConfiguration.defaultBusinessDate.days(until: businessDate)
        units = SQLBatch(db, "units (id, property_id, number, room_type_id, floor, active, hk_status, hk_version, hk_updated_ms)")
        guests = SQLBatch(db, "guests (id, name, email, phone, name_folded, search_folded)")
        reservations = SQLBatch(db, "reservations (id, property_id, code, guest_id, status, version, notes, arrival, departure)")
        stays = SQLBatch(db, """
            stays (id, reservation_id, property_id, position, room_type_id, unit_id, adults, children, status, \
            check_in_date, check_out_date, checked_in_ms, checked_out_ms, checked_in_on, checked_out_on)
            """)
        charges = SQLBatch(db, "charges (id, reservation_id, position, date, description, amount_minor)")
        payments = SQLBatch(db, "payments (id, reservation_id, position, date, method, amount_minor)")
        tasks = SQLBatch(db, """
            tasks (id, property_id, unit_id, kind, status, skip_reason, note, due_date, assignee_id, reservation_id, version)
            """)
        blocks = SQLBatch(db, "blocks (id, property_id, unit_id, kind, from_date, to_date, reason, ticket_id)")
    }

    /// Writes every row still waiting.
    func finish() throws {
        for batch in [units, guests, reservations, stays, charges, payments, tasks, blocks] { try batch.flush() }
    }

    /// A seeded date of the examples (`2026-11-02`), moved to the configured business date.
    func day(_ text: String) -> BusinessDate {
        (BusinessDate(text) ?? DemoConfiguration.defaultBusinessDate).adding(days: dayShift)
    }

    /// A seeded instant of the examples, moved by whole days with the business date.
    func instant(_ text: String) -> Int64 {
        (Instant(rfc3339: text)?.millisecondsSinceEpoch ?? 0) + Int64(dayShift) * 86_400_000
    }

    /// A date as quoted SQL text, formatted once per day.
    private func text(_ date: BusinessDate) -> String {
        let key = date.daysSinceEpoch
        if let known = dayTexts[key] { return known }
        let text = "'\(date.description)'"
        dayTexts[key] = text
        return text
    }

    func unit(id: String, property: String, number: String, roomType: String, floor: Int, status: String,
              version: Int, updatedMS: Int64) throws {
        try units.add([.id(id), .id(property), .text(number), .id(roomType), .int(floor), .int(1), .id(status), .int(version),
                       .long(updatedMS)])
    }

    func guest(id: String, name: String, email: String?, phone: String?) throws {
        let folded = SearchText.fold(name)
        var search = folded
        search += SearchText.separator
        search += SearchText.fold(email ?? "")
        search += SearchText.separator
        search += phone ?? ""
        try guests.add([.id(id), .text(name), .text(email), .text(phone), .text(folded), .text(search)])
    }

    func reservation(id: String, property: String, code: String, guest: String, status: String, version: Int,
                     notes: String?, arrival: BusinessDate, departure: BusinessDate) throws {
        try reservations.add([.id(id), .id(property), .id(code), .id(guest), .id(status), .int(version), .text(notes),
                              .raw(text(arrival)), .raw(text(departure))])
    }

    struct StayRow {
        var id: String
        var reservation: String
        var property: String
        var position: Int
        var roomType: String
        var unit: String?
        var adults: Int
        var children: Int
        var status: String
        var checkIn: BusinessDate
        var checkOut: BusinessDate
        var checkedInMS: Int64?
        var checkedOutMS: Int64?
    }

    func stay(_ s: StayRow) throws {
        let checkIn = text(s.checkIn)
        let checkOut = text(s.checkOut)
        try stays.add([.id(s.id), .id(s.reservation), .id(s.property), .int(s.position), .id(s.roomType), .id(s.unit),
                       .int(s.adults), .int(s.children), .id(s.status), .raw(checkIn), .raw(checkOut),
                       .long(s.checkedInMS), .long(s.checkedOutMS), .raw(s.checkedInMS == nil ? "NULL" : checkIn),
                       .raw(s.checkedOutMS == nil ? "NULL" : checkOut)])
    }

    /// A charge with the next `chg_` id.
    func charge(reservation: String, position: Int, date: BusinessDate, description: String, amount: Int) throws {
        chargeCount += 1
        try charges.add([.id(Ids.make("chg_", chargeCount)), .id(reservation), .int(position), .raw(text(date)),
                         .text(description), .int(amount)])
    }

    /// A payment with the next `pay_` id.
    func payment(reservation: String, position: Int, date: BusinessDate, method: String, amount: Int) throws {
        paymentCount += 1
        try payments.add([.id(Ids.make("pay_", paymentCount)), .id(reservation), .int(position), .raw(text(date)),
                          .text(method), .int(amount)])
    }

    func task(id: String, property: String, unit: String, kind: String, status: String, note: String?,
              due: BusinessDate, assignee: String?, reservation: String?, version: Int) throws {
        try tasks.add([.id(id), .id(property), .id(unit), .id(kind), .id(status), .null, .text(note), .raw(text(due)),
                       .id(assignee), .id(reservation), .int(version)])
    }

    func block(id: String, property: String, unit: String, kind: String, from: BusinessDate, to: BusinessDate,
               reason: String) throws {
        try blocks.add([.id(id), .id(property), .id(unit), .id(kind), .raw(text(from)), .raw(text(to)), .text(reason), .null])
    }
}

/// Rows of one table as SQL literals, written 500 at a time with one multi-row INSERT.
final class SQLBatch {
    /// One value of a row.
    enum Literal {
        /// Text the demo made itself (ids, codes, statuses): never holds a quote. nil is NULL.
        case id(String?)
        /// Any text: quotes are doubled. nil is NULL.
        case text(String?)
        case int(Int?)
        case long(Int64?)
        /// A literal made already (a quoted date, NULL).
        case raw(String)

        static let null = Literal.raw("NULL")
    }

    private let db: Database
    private let head: String
    private var sql = ""
    private var count = 0
    static let rowsPerStatement = 500

    init(_ db: Database, _ tableAndColumns: String) {
        self.db = db
        head = "INSERT INTO \(tableAndColumns) VALUES "
    }

    /// Appends a row, each value straight into the statement's text.
    func add(_ literals: [Literal]) throws {
        // Built in a local string first: appending to a stored property checks exclusive access every time.
        var row = count == 0 ? head : ","
        row += "("
        var first = true
        for literal in literals {
            if !first { row += "," }
            first = false
            switch literal {
            case .id(let text?):
                row += "'"
                row += text
                row += "'"
            case .text(let text?):
                row += "'"
                row += text.withCString({ strchr($0, Int32(UInt8(ascii: "'"))) }) == nil
                    ? text : text.replacingOccurrences(of: "'", with: "''")
                row += "'"
            case .int(let number?): row += String(number)
            case .long(let number?): row += String(number)
            case .raw(let text): row += text
            case .id(nil), .text(nil), .int(nil), .long(nil): row += "NULL"
            }
        }
        row += ")"
        sql += row
        count += 1
        if count >= Self.rowsPerStatement { try flush() }
    }

    func flush() throws {
        guard count > 0 else { return }
        try db.execute(sql)
        sql = ""
        count = 0
    }
}

/// Identifiers of the seeded and made kinds: a prefix and at least four digits (`tsk_0007`).
enum Ids {
    static func make(_ prefix: String, _ number: Int) -> String {
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Text as search compares it (`SearchFolding`, docs/api.md `search`): "hart" finds "Amelia Hart", "muller" and
/// "mueller" find "Müller", "zoe" finds "Zoë", "李娜" finds itself.
enum SearchText {
    /// Between the fields of a guest's search text and between the forms of one, so a query never matches across
    /// two of them.
    static let separator = "\u{1F}"

    /// A name or an e-mail as its column keeps it: each form `SearchFolding` matches in, apart ("muller␟mueller").
    static func fold(_ text: String) -> String { SearchFolding.forms(text).joined(separator: separator) }

    /// What a query is looked for as in those columns: its folded forms, and its lowercased text as a database made
    /// before the folding keeps its columns (lowercased only).
    static func needles(_ query: String) -> [String] {
        var needles = SearchFolding.forms(query)
        let lowercased = query.lowercased()
        if !needles.contains(lowercased) { needles.append(lowercased) }
        return needles
    }
}
