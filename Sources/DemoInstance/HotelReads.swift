import Foundation
import GuestCraftAPI
import SQLiteDB

/// Reading the hotel out of the database into the contract's types.
extension DemoService {
    static let unitColumns = """
        SELECT u.id, u.property_id, u.number, u.floor, u.active, u.hk_status, u.hk_version, u.hk_updated_ms,
               u.room_type_id, t.name AS room_type_name
        FROM units u JOIN room_types t ON t.id = u.room_type_id
        """

    /// Every unit of a property on its business date, by number.
    func units(of property: PropertyRecord) throws -> [RoomUnit] {
        let occupancy = try occupancies(property: property.id, on: property.businessDate)
        let blocks = try runningBlocks(property: property.id, on: property.businessDate)
        return try db.query("\(Self.unitColumns) WHERE u.property_id = ? ORDER BY length(u.number), u.number",
                            [.text(property.id)]).map { row in
            makeUnit(row, occupancy: occupancy[row.text("id")] ?? .vacant, block: blocks[row.text("id")])
        }
    }

    /// A unit row (with its room type's name), wherever it is.
    func unitRow(_ id: String) throws -> Row? {
        try db.queryFirst("\(Self.unitColumns) WHERE u.id = ?", [.text(id)])
    }

    /// One unit on its property's business date.
    func unit(_ row: Row, businessDate: BusinessDate) throws -> RoomUnit {
        let occupancy = try occupancies(property: row.text("property_id"), on: businessDate, unit: row.text("id"))
        let blocks = try runningBlocks(property: row.text("property_id"), on: businessDate, unit: row.text("id"))
        return makeUnit(row, occupancy: occupancy[row.text("id")] ?? .vacant, block: blocks[row.text("id")])
    }

    /// The blocks running on `date` (from it, or before it and not yet over), by unit.
    func runningBlocks(property: String, on date: BusinessDate, unit: String? = nil) throws -> [String: UnitBlock] {
        var sql = "SELECT id, unit_id, kind, from_date, to_date, reason FROM blocks WHERE property_id = ? AND from_date <= ? AND to_date > ?"
        var parameters: [SQLValue] = [.text(property), .text(date.description), .text(date.description)]
        if let unit {
            sql += " AND unit_id = ?"
            parameters.append(.text(unit))
        }
        var result: [String: UnitBlock] = [:]
        try db.forEachRow(sql, parameters) { row in
            guard let from = BusinessDate(row.text("from_date")), let to = BusinessDate(row.text("to_date")) else { return }
            result[row.text("unit_id")] = UnitBlock(id: BlockID(row.text("id")), kind: BlockKind(rawValue: row.text("kind")),
                                                    from: from, to: to, reason: row.text("reason"))
        }
        return result
    }

    func makeUnit(_ row: Row, occupancy: Occupancy, block: UnitBlock? = nil) -> RoomUnit {
        RoomUnit(id: UnitID(row.text("id")), number: row.text("number"),
                           roomType: RoomTypeRef(id: RoomTypeID(row.text("room_type_id")), name: row.text("room_type_name")),
                           floor: row.integer("floor"), occupancy: occupancy,
                           housekeepingStatus: HousekeepingStatus(rawValue: row.text("hk_status")),
                           housekeepingVersion: row.integer("hk_version"),
                           housekeepingUpdatedAt: row.instant("hk_updated_ms"), block: block)
    }

    /// Whether each unit is lived in on `date`: a guest leaving, staying, arriving, or nobody.
    func occupancies(property: String, on date: BusinessDate, unit: String? = nil) throws -> [String: Occupancy] {
        let columns = "SELECT unit_id, status, check_in_date, check_out_date FROM stays"
        // A checked-in stay occupies its unit until it checks out, also past its departure (overdue).
        let live = "check_in_date <= ? AND (status = 'checked_in' OR (status = 'reserved' AND check_out_date >= ?))"
        let sql: String
        let parameters: [SQLValue]
        if let unit {
            sql = "\(columns) WHERE unit_id = ? AND \(live)"
            parameters = [.text(unit), .text(date.description), .text(date.description)]
        } else {
            sql = "\(columns) WHERE property_id = ? AND unit_id IS NOT NULL AND \(live)"
            parameters = [.text(property), .text(date.description), .text(date.description)]
        }
        func rank(_ occupancy: Occupancy) -> Int {
            switch occupancy {
            case .departing: 3
            case .occupied: 2
            case .arriving: 1
            default: 0
            }
        }
        var result: [String: Occupancy] = [:]
        let day = date.description
        try db.forEachRow(sql, parameters) { row in
            let status = row.text("status")
            let occupancy: Occupancy
            if status == "checked_in" {
                occupancy = row.text("check_out_date") <= day ? .departing : .occupied
            } else if row.text("check_in_date") == day {
                occupancy = .arriving
            } else {
                return
            }
            let id = row.text("unit_id")
            if rank(occupancy) > rank(result[id] ?? .vacant) { result[id] = occupancy }
        }
        return result
    }

    // MARK: Reservations

    /// A reservation with its guest and stays, as `reservations.get` answers it.
    func reservation(_ id: String) throws -> (reservation: Reservation, propertyID: String)? {
        guard let row = try db.queryFirst("""
            SELECT r.*, g.name AS guest_name, g.email AS guest_email, g.phone AS guest_phone
            FROM reservations r JOIN guests g ON g.id = r.guest_id WHERE r.id = ?
            """, [.text(id)]) else { return nil }
        let stays = try db.query("""
            SELECT s.*, t.name AS room_type_name, u.number AS unit_number
            FROM stays s JOIN room_types t ON t.id = s.room_type_id LEFT JOIN units u ON u.id = s.unit_id
            WHERE s.reservation_id = ? ORDER BY s.position
            """, [.text(id)]).map(makeStay)
        let arrival = row.date("arrival")
        let departure = row.date("departure")
        let reservation = Reservation(
            id: ReservationID(id), code: row.text("code"), propertyID: PropertyID(row.text("property_id")),
            version: row.integer("version"), status: ReservationStatus(rawValue: row.text("status")),
            guest: Guest(id: GuestID(row.text("guest_id")), name: row.text("guest_name"),
                         contact: Contact(email: row.optionalText("guest_email"), phone: row.optionalText("guest_phone"))),
            arrival: arrival, departure: departure, nights: arrival.days(until: departure), rooms: stays,
            notes: row.optionalText("notes"))
        return (reservation, row.text("property_id"))
    }

    func makeStay(_ row: Row) -> Stay {
        Stay(id: StayID(row.text("id")),
             roomType: RoomTypeRef(id: RoomTypeID(row.text("room_type_id")), name: row.text("room_type_name")),
             unit: row.optionalText("unit_id").map { UnitRef(id: UnitID($0), number: row.text("unit_number")) },
             occupancy: StayOccupancy(adults: row.integer("adults"), children: row.integer("children")),
             status: StayStatus(rawValue: row.text("status")), checkInDate: row.date("check_in_date"),
             checkOutDate: row.date("check_out_date"), checkedInAt: row.optionalInstant("checked_in_ms"),
             checkedOutAt: row.optionalInstant("checked_out_ms"))
    }

    /// The reservation of the path at the path's property: 404 `reservation.not_found`, or 403 when it is elsewhere.
    func scopedReservation(_ call: Call, property: PropertyRecord) throws -> Reservation {
        let id = call.parameter("reservation_id")
        let notFound = Refusal(.reservationNotFound, "No reservation \(printable(id)) at this property.")
        guard let found = try reservation(id) else { throw notFound }
        guard found.propertyID == property.id else {
            throw elsewhere(found.propertyID, caller: try call.person, notFound: notFound)
        }
        return found.reservation
    }

    /// The stay of the path inside its reservation: 404 `stay.not_found`.
    func stay(_ call: Call, of reservation: Reservation) throws -> Stay {
        let id = call.parameter("stay_id")
        guard let stay = reservation.rooms.first(where: { $0.id.rawValue == id }) else {
            throw Refusal(.stayNotFound, "No stay \(printable(id)) in reservation \(reservation.code).")
        }
        return stay
    }

    /// Charges minus payments of a reservation's folio.
    func balance(of reservationID: String) throws -> Int {
        let charges = try db.queryValue("SELECT coalesce(sum(amount_minor), 0) FROM charges WHERE reservation_id = ?",
                                        [.text(reservationID)])?.int ?? 0
        let payments = try db.queryValue("SELECT coalesce(sum(amount_minor), 0) FROM payments WHERE reservation_id = ?",
                                         [.text(reservationID)])?.int ?? 0
        return charges - payments
    }

    // MARK: Tasks

    static let taskColumns = """
        SELECT k.*, u.number AS unit_number, m.name AS assignee_name, r.code AS reservation_code,
               EXISTS (SELECT 1 FROM stays s WHERE s.unit_id = k.unit_id AND s.check_in_date = k.due_date
                       AND s.status IN ('reserved', 'checked_in')) AS guest_arriving
        FROM tasks k JOIN units u ON u.id = k.unit_id
        LEFT JOIN members m ON m.user_id = k.assignee_id LEFT JOIN reservations r ON r.id = k.reservation_id
        """

    func makeTask(_ row: Row) -> HousekeepingTask {
        HousekeepingTask(
            id: TaskID(row.text("id")), kind: TaskKind(rawValue: row.text("kind")),
            unit: UnitRef(id: UnitID(row.text("unit_id")), number: row.text("unit_number")),
            status: TaskStatus(rawValue: row.text("status")), skipReason: row.optionalText("skip_reason"),
            note: row.optionalText("note"), dueDate: row.date("due_date"),
            assignee: row.optionalText("assignee_id").map { UserRef(id: UserID($0), name: row.text("assignee_name")) },
            reservation: row.optionalText("reservation_id").map {
                ReservationRef(id: ReservationID($0), code: row.text("reservation_code"))
            },
            guestArriving: row.integer("guest_arriving") != 0, version: row.integer("version"))
    }

    /// Tasks of a property's business date (of one unit, or one assignee): guests arriving first, then by unit number.
    func tasks(of property: PropertyRecord, unit: String? = nil, assignee: String? = nil) throws -> [HousekeepingTask] {
        var sql = "\(Self.taskColumns) WHERE k.property_id = ? AND k.due_date = ?"
        var parameters: [SQLValue] = [.text(property.id), .text(property.businessDate.description)]
        if let unit {
            sql += " AND k.unit_id = ?"
            parameters.append(.text(unit))
        }
        if let assignee {
            sql += " AND k.assignee_id = ?"
            parameters.append(.text(assignee))
        }
        sql += " ORDER BY guest_arriving DESC, length(u.number), u.number, k.id"
        return try db.query(sql, parameters).map(makeTask)
    }

    func taskRow(_ id: String) throws -> Row? {
        try db.queryFirst("\(Self.taskColumns) WHERE k.id = ?", [.text(id)])
    }

    /// The task of the path at the path's property: 404 `task.not_found`, or 403 when it is elsewhere.
    func scopedTask(_ call: Call, property: PropertyRecord) throws -> HousekeepingTask {
        let id = call.parameter("task_id")
        let notFound = Refusal(.taskNotFound, "No task \(printable(id)) at this property.")
        guard let row = try taskRow(id) else { throw notFound }
        guard row.text("property_id") == property.id else {
            throw elsewhere(row.text("property_id"), caller: try call.person, notFound: notFound)
        }
        return makeTask(row)
    }

    /// The unit of the path at the path's property: 404 `unit.not_found`, or 403 when it is elsewhere.
    func scopedUnitRow(_ call: Call, property: PropertyRecord, id: String? = nil, field: String? = nil) throws -> Row {
        let id = id ?? call.parameter("unit_id")
        let notFound = Refusal(.unitNotFound, "No unit \(printable(id)) at this property.", field: field)
        guard let row = try unitRow(id) else { throw notFound }
        guard row.text("property_id") == property.id else {
            throw elsewhere(row.text("property_id"), caller: try call.person, notFound: notFound)
        }
        return row
    }

    /// The next number of a kind of identifier made at run time (`task`, `block`).
    func nextNumber(_ counter: String) throws -> Int {
        let next = try db.queryValue("SELECT next FROM counters WHERE name = ?", [.text(counter)])?.int ?? 1
        try db.run("UPDATE counters SET next = ? WHERE name = ?", [.integer(Int64(next + 1)), .text(counter)])
        return next
    }
}
