import Foundation
import GuestCraftAPI
import SQLiteDB

/// Today, search, reservation and guest detail, folio balance, check-out quote and free units.
extension DemoService {
    static let searchLimit = 20

    /// Today of the property. With `inventory.read` a stay with a unit carries the unit's housekeeping status; with
    /// `folios.read` (and the `folios` capability) a departure carries what its reservation's folio owes. The ETag is
    /// the body's digest, so a changed status or balance changes it. A stay still checked in after its check-out date
    /// (the night audit closed its last day) is overdue, with its balance as a departure has it.
    func today(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        let caller = try call.person
        try caller.require(.reservationsRead)
        let showsUnitStatus = caller.has(.inventoryRead)
        let showsBalance = caller.has(.foliosRead) && capabilities.contains(.folios)
        let day = property.businessDate.description
        let rows = try db.query("""
            SELECT s.*, r.code AS reservation_code, g.name AS guest_name, t.name AS room_type_name, u.number AS unit_number,
                   u.hk_status AS unit_hk_status
            FROM stays s JOIN reservations r ON r.id = s.reservation_id JOIN guests g ON g.id = r.guest_id
            JOIN room_types t ON t.id = s.room_type_id LEFT JOIN units u ON u.id = s.unit_id
            WHERE s.property_id = ? AND (s.check_in_date = ? OR s.check_out_date = ? OR s.status = 'checked_in')
            ORDER BY r.code, s.position
            """, [.text(property.id), .text(day), .text(day)])
        var arrivals: [StaySummary] = []
        var departures: [StaySummary] = []
        var inHouse: [StaySummary] = []
        var overdue: [StaySummary] = []
        var balances: [String: Int] = [:]
        for row in rows {
            let stay = makeStay(row)
            let reservationID = row.text("reservation_id")
            var summary = StaySummary(
                reservation: ReservationRef(id: ReservationID(reservationID), code: row.text("reservation_code")),
                stayID: stay.id, guestName: row.text("guest_name"), unit: stay.unit, roomType: stay.roomType,
                checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, status: stay.status)
            if showsUnitStatus, stay.unit != nil {
                summary.unitStatus = row.optionalText("unit_hk_status").map(HousekeepingStatus.init(rawValue:))
            }
            let status = row.text("status")
            if row.text("check_in_date") == day, status == "reserved" || status == "checked_in" { arrivals.append(summary) }
            func owing(_ stay: StaySummary) throws -> StaySummary {
                guard showsBalance else { return stay }
                var departure = stay
                let owed = try balances[reservationID] ?? balance(of: reservationID)
                balances[reservationID] = owed
                departure.balanceMinor = owed
                departure.currency = property.currency
                return departure
            }
            let checkOut = row.text("check_out_date")
            if checkOut == day, status == "checked_in" || status == "checked_out" { departures.append(try owing(summary)) }
            if status == "checked_in", checkOut > day { inHouse.append(summary) }
            if status == "checked_in", checkOut < day { overdue.append(try owing(summary)) }
        }
        return .json(TodayOverview(businessDate: property.businessDate, timeZone: property.timeZone, arrivals: arrivals,
                                   departures: departures, inHouse: inHouse, overdue: overdue))
    }

    func search(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        let caller = try call.person
        let text = (call.query("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count >= 2 else {
            throw Refusal(.searchQueryTooShort, "Type at least 2 characters.", field: "q")
        }
        // Folded as docs/api.md says: case, accents and the German transliterations do not count.
        let needles = SearchText.needles(text)
        func anyOf(_ column: String) -> String {
            "(" + needles.map { _ in "instr(\(column), ?) > 0" }.joined(separator: " OR ") + ")"
        }
        let needleValues = needles.map { SQLValue.text($0) }
        var reservations: [ReservationSummary]?
        if caller.has(.reservationsRead) {
            let ids = try db.query("""
                SELECT r.id FROM reservations r JOIN guests g ON g.id = r.guest_id
                WHERE r.property_id = ? AND (\(anyOf("lower(r.code)")) OR \(anyOf("g.name_folded")))
                ORDER BY r.code LIMIT ?
                """, [.text(property.id)] + needleValues + needleValues + [.integer(Int64(Self.searchLimit))])
            reservations = try ids.compactMap { row in
                guard let reservation = try reservation(row.text("id"))?.reservation else { return nil }
                return ReservationSummary(
                    id: reservation.id, code: reservation.code,
                    guest: GuestRef(id: reservation.guest.id, name: reservation.guest.name),
                    arrival: reservation.arrival, departure: reservation.departure, status: reservation.status,
                    rooms: reservation.rooms.map { StayBrief(id: $0.id, roomType: $0.roomType, unit: $0.unit, status: $0.status) })
            }
        }
        var guests: [GuestSummary]?
        if caller.has(.guestsRead) {
            guests = try db.query("""
                SELECT * FROM guests WHERE \(anyOf("search_folded")) ORDER BY name_folded, id LIMIT ?
                """, needleValues + [.integer(Int64(Self.searchLimit))]).map { row in
                GuestSummary(id: GuestID(row.text("id")), name: row.text("name"),
                             contact: Contact(email: row.optionalText("email"), phone: row.optionalText("phone")))
            }
        }
        return .json(SearchResults(reservations: reservations, guests: guests))
    }

    func getReservation(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.reservationsRead)
        let reservation = try scopedReservation(call, property: property)
        return .json(reservation, etag: reservation.etag)
    }

    func getGuest(_ call: Call) throws -> Answer {
        let caller = try call.person
        let workspace = call.parameter("workspace_id")
        guard workspace == HotelSeeder.workspaceID.rawValue else {
            throw Refusal(.workspaceNotFound, "No workspace \(printable(workspace)) of yours.")
        }
        try caller.require(.guestsRead)
        let id = call.parameter("guest_id")
        guard let row = try db.queryFirst("SELECT * FROM guests WHERE id = ?", [.text(id)]) else {
            throw Refusal(.guestNotFound, "No guest \(printable(id)).")
        }
        let stays = try db.query("""
            SELECT s.id, s.property_id, s.reservation_id, s.check_in_date, s.check_out_date, s.status, r.code
            FROM stays s JOIN reservations r ON r.id = s.reservation_id
            WHERE r.guest_id = ? ORDER BY s.check_in_date, s.id
            """, [.text(id)]).map { stay in
            GuestStay(propertyID: PropertyID(stay.text("property_id")),
                      reservation: ReservationRef(id: ReservationID(stay.text("reservation_id")), code: stay.text("code")),
                      stayID: StayID(stay.text("id")), checkInDate: stay.date("check_in_date"),
                      checkOutDate: stay.date("check_out_date"), status: StayStatus(rawValue: stay.text("status")))
        }
        let guest = Guest(id: GuestID(id), name: row.text("name"),
                          contact: Contact(email: row.optionalText("email"), phone: row.optionalText("phone")))
        return .json(GuestDetail(guest: guest, stays: stays))
    }

    func folioBalance(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.foliosRead)
        let reservation = try scopedReservation(call, property: property)
        let id = reservation.id.rawValue
        let charges = try db.query("SELECT * FROM charges WHERE reservation_id = ? ORDER BY position, id", [.text(id)])
            .map { FolioCharge(id: ChargeID($0.text("id")), date: $0.date("date"), description: $0.text("description"),
                               amountMinor: $0.integer("amount_minor")) }
        let payments = try db.query("SELECT * FROM payments WHERE reservation_id = ? ORDER BY position, id", [.text(id)])
            .map { FolioPayment(id: PaymentID($0.text("id")), date: $0.date("date"), method: $0.text("method"),
                                amountMinor: $0.integer("amount_minor")) }
        let balance = charges.reduce(0) { $0 + $1.amountMinor } - payments.reduce(0) { $0 + $1.amountMinor }
        return .json(FolioBalance(reservationID: reservation.id, balanceMinor: balance, currency: property.currency,
                                  charges: charges, payments: payments))
    }

    func checkoutQuote(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.foliosRead)
        let reservation = try scopedReservation(call, property: property)
        let stay = try self.stay(call, of: reservation)
        return .json(CheckoutQuote(reservationID: reservation.id, stayID: stay.id,
                                   remainingBalanceMinor: try balance(of: reservation.id.rawValue),
                                   currency: property.currency, lastRoom: Self.isLastRoom(stay, of: reservation)))
    }

    /// Whether no other stay of the reservation is still to leave.
    static func isLastRoom(_ stay: Stay, of reservation: Reservation) -> Bool {
        !reservation.rooms.contains { $0.id != stay.id && ($0.status == .reserved || $0.status == .checkedIn) }
    }

    func availableUnits(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.inventoryRead)
        func date(_ name: String) throws -> BusinessDate {
            guard let text = call.query(name), let date = BusinessDate(text) else {
                throw Refusal(.requestMalformed, "Send \(name) as a date YYYY-MM-DD.", field: name)
            }
            return date
        }
        guard let typeID = call.query("room_type_id"), !typeID.isEmpty else {
            throw Refusal(.requestMalformed, "Send room_type_id.", field: "room_type_id")
        }
        let from = try date("from")
        let to = try date("to")
        guard to > from else { throw Refusal(.requestMalformed, "to must be after from.", field: "to") }
        guard let type = try db.queryFirst("SELECT * FROM room_types WHERE id = ? AND property_id = ?",
                                           [.text(typeID), .text(property.id)]) else {
            throw Refusal(.roomTypeNotFound, "No room type \(printable(typeID)) at this property.")
        }
        // Tonight's occupancy (the business date's): a free room may still have its leaving guest in.
        let occupancy = try occupancies(property: property.id, on: property.businessDate)
        let units = try freeUnits(property: property.id, roomType: typeID, from: from, to: to).map { row in
            AvailableUnit(id: UnitID(row.text("id")), number: row.text("number"), floor: row.integer("floor"),
                          housekeepingStatus: HousekeepingStatus(rawValue: row.text("hk_status")),
                          occupancy: occupancy[row.text("id")] ?? .vacant)
        }
        return .json(AvailableUnits(roomType: RoomTypeRef(id: RoomTypeID(typeID), name: type.text("name")),
                                    from: from, to: to, units: units))
    }

    /// Active units of a type with no other stay and no block on any night from `from` to `to`, by number.
    func freeUnits(property: String, roomType: String, from: BusinessDate, to: BusinessDate,
                   ignoringStay stay: String = "") throws -> [Row] {
        try db.query("""
            SELECT u.id, u.number, u.floor, u.hk_status FROM units u
            WHERE u.property_id = ? AND u.room_type_id = ? AND u.active = 1
              AND NOT EXISTS (SELECT 1 FROM stays s WHERE s.unit_id = u.id AND s.id <> ?
                              AND s.status IN ('reserved', 'checked_in') AND s.check_in_date < ? AND s.check_out_date > ?)
              AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.unit_id = u.id AND b.from_date < ? AND b.to_date > ?)
            ORDER BY length(u.number), u.number
            """, [.text(property), .text(roomType), .text(stay), .text(to.description), .text(from.description),
                  .text(to.description), .text(from.description)])
    }
}
