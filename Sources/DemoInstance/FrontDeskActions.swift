import Foundation
import GuestCraftAPI
import SQLiteDB

/// Assignment, check-in, check-out and their undo, each with the reservation's version as `If-Match`.
extension DemoService {
    static let maximumReasonLength = 500

    func frontDeskAction(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        let caller = try call.person
        try caller.require(.reservationsModify)
        var assignment: StayAssignment?
        var checkIn = CheckInRequest()
        var checkOut = CheckOutRequest()
        switch call.operation {
        case .staysAssign: assignment = try decode(StayAssignment.self, from: call)
        case .staysCheckIn: checkIn = try decode(CheckInRequest.self, from: call, emptyAs: CheckInRequest())
        case .staysCheckOut: checkOut = try decode(CheckOutRequest.self, from: call, emptyAs: CheckOutRequest())
        default: break
        }
        return try idempotent(call) {
            try db.transaction {
                let reservation = try scopedReservation(call, property: property)
                let stay = try self.stay(call, of: reservation)
                try checkIfMatch(call, etag: reservation.etag, thing: "reservation", mismatch: .reservationVersionMismatch)
                let changed: Bool
                switch call.operation {
                case .staysAssign:
                    changed = try assign(stay, unitID: assignment?.unitID.rawValue ?? "", property: property)
                case .staysUnassign:
                    changed = try unassign(stay)
                case .staysCheckIn:
                    changed = try self.checkIn(stay, of: reservation, request: checkIn, property: property, caller: caller)
                case .staysCheckOut:
                    changed = try self.checkOut(stay, of: reservation, request: checkOut, property: property,
                                                caller: caller)
                case .staysUndoCheckIn:
                    changed = try undo(stay, from: .checkedIn, property: property)
                default:
                    changed = try undo(stay, from: .checkedOut, property: property)
                }
                if changed { try advance(reservation) }
                guard let updated = try self.reservation(reservation.id.rawValue)?.reservation else {
                    throw Refusal(.reservationNotFound, "The reservation is gone.")
                }
                return .json(updated, etag: updated.etag, applied: changed)
            }
        }
    }

    /// Advances the version and sets the reservation's status from its stays.
    private func advance(_ reservation: Reservation) throws {
        let statuses = try db.query("SELECT status FROM stays WHERE reservation_id = ?", [.text(reservation.id.rawValue)])
            .map { $0.text("status") }
        let status = Self.reservationStatus(current: reservation.status.rawValue, stays: statuses)
        try db.run("UPDATE reservations SET version = version + 1, status = ? WHERE id = ?",
                   [.text(status), .text(reservation.id.rawValue)])
    }

    /// `checked_in` while any stay is in, `checked_out` once all have left, else what it was before stays moved.
    static func reservationStatus(current: String, stays: [String]) -> String {
        let active = stays.filter { $0 != "cancelled" && $0 != "no_show" }
        if active.contains("checked_in") { return "checked_in" }
        if !active.isEmpty, active.allSatisfy({ $0 == "checked_out" }) { return "checked_out" }
        if active.isEmpty, !stays.isEmpty, stays.allSatisfy({ $0 == "no_show" }) { return "no_show" }
        return current == "checked_in" || current == "checked_out" ? "confirmed" : current
    }

    private func assign(_ stay: Stay, unitID: String, property: PropertyRecord) throws -> Bool {
        guard stay.status == .reserved else {
            throw Refusal(.assignmentStayNotReserved, "Only a reserved stay can change rooms; this one is \(stay.status).")
        }
        if stay.unit?.id.rawValue == unitID { return false }
        func unavailable(_ detail: String) -> Refusal { Refusal(.assignmentUnitUnavailable, detail, field: "unit_id") }
        guard let unit = try unitRow(unitID), unit.text("property_id") == property.id else {
            throw unavailable("No room \(printable(unitID)) at this property.")
        }
        let number = unit.text("number")
        guard unit.integer("active") != 0 else { throw unavailable("Room \(number) is not in use.") }
        guard unit.text("room_type_id") == stay.roomType.id.rawValue else {
            throw unavailable("Room \(number) is a \(unit.text("room_type_name")), not a \(stay.roomType.name).")
        }
        let free = try freeUnits(property: property.id, roomType: stay.roomType.id.rawValue, from: stay.checkInDate,
                                 to: stay.checkOutDate, ignoringStay: stay.id.rawValue)
        guard free.contains(where: { $0.text("id") == unitID }) else {
            throw unavailable("Room \(number) is not free for every night of the stay.")
        }
        try db.run("UPDATE stays SET unit_id = ? WHERE id = ?", [.text(unitID), .text(stay.id.rawValue)])
        return true
    }

    private func unassign(_ stay: Stay) throws -> Bool {
        guard stay.status == .reserved else {
            throw Refusal(.assignmentStayNotReserved, "Only a reserved stay can give up its room; this one is \(stay.status).")
        }
        guard stay.unit != nil else { return false }
        try db.run("UPDATE stays SET unit_id = NULL WHERE id = ?", [.text(stay.id.rawValue)])
        return true
    }

    /// A reason from the body: trimmed, nil when empty, 422 when longer than 500 characters.
    private func reason(_ text: String?, field: String) throws -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= Self.maximumReasonLength else {
            throw invalid(field, "A reason may have at most \(Self.maximumReasonLength) characters.")
        }
        return trimmed
    }

    private func checkIn(_ stay: Stay, of reservation: Reservation, request: CheckInRequest, property: PropertyRecord,
                         caller: Caller) throws -> Bool {
        guard reservation.status == .confirmed || reservation.status == .checkedIn, stay.status == .reserved else {
            let what = stay.status == .reserved ? "the reservation is \(reservation.status)" : "the stay is \(stay.status)"
            throw Refusal(.checkInNotConfirmed, "Only a reserved stay of a confirmed reservation checks in; \(what).")
        }
        let today = property.businessDate
        guard stay.checkInDate <= today, today < stay.checkOutDate else {
            throw Refusal(.checkInOutsideStay,
                          "The stay runs from \(stay.checkInDate) to \(stay.checkOutDate); the business date is \(today).")
        }
        guard let unit = stay.unit, let row = try unitRow(unit.id.rawValue) else {
            throw Refusal(.checkInNoUnit, "Assign a room to this stay before checking in.")
        }
        // A guest still in the room (due out and not checked out, or overdue) is no matter of
        // readiness: no reason overrides it.
        if let occupant = try db.queryFirst("""
            SELECT r.code, g.name FROM stays s JOIN reservations r ON r.id = s.reservation_id
            JOIN guests g ON g.id = r.guest_id
            WHERE s.unit_id = ? AND s.status = 'checked_in' AND s.id <> ? ORDER BY s.check_in_date, s.id LIMIT 1
            """, [.text(unit.id.rawValue), .text(stay.id.rawValue)]) {
            throw Refusal(.checkInUnitOccupied,
                          "Room \(unit.number) is still occupied: \(occupant.text("code")) (\(occupant.text("name"))) has not checked out.")
        }
        let reason = try self.reason(request.overrideReason, field: "override_reason")
        if reason != nil, !caller.has(.staysOverrideReadiness) {
            throw Refusal(.authForbidden, "Checking in to a room that is not ready needs stays.override_readiness.",
                          field: "override_reason")
        }
        let status = row.text("hk_status")
        if status != "clean", status != "inspected", reason == nil {
            throw Refusal(.checkInUnitNotReady,
                          "Room \(unit.number) is \(Self.words(status)); checking in needs stays.override_readiness and a reason.",
                          field: "override_reason")
        }
        try db.run("""
            UPDATE stays SET status = 'checked_in', checked_in_ms = ?, checked_in_on = ? WHERE id = ?
            """, [.integer(now.millisecondsSinceEpoch), .text(today.description), .text(stay.id.rawValue)])
        return true
    }

    private func checkOut(_ stay: Stay, of reservation: Reservation, request: CheckOutRequest, property: PropertyRecord,
                          caller: Caller) throws -> Bool {
        guard stay.status == .checkedIn else {
            throw Refusal(.checkOutNotCheckedIn, "Only a checked-in stay checks out; this one is \(stay.status).")
        }
        let owed = try balance(of: reservation.id.rawValue)
        if Self.isLastRoom(stay, of: reservation), owed > 0 {
            guard try reason(request.approvalReason, field: "approval_reason") != nil else {
                throw Refusal(.folioOpenBalance,
                              "\(Self.money(owed, property.currency)) remains owed; checking out the last room needs folios.approve_open_balance and a reason.",
                              field: "approval_reason")
            }
            try caller.require(.foliosApproveOpenBalance, field: "approval_reason")
        }
        let today = property.businessDate
        try db.run("""
            UPDATE stays SET status = 'checked_out', checked_out_ms = ?, checked_out_on = ? WHERE id = ?
            """, [.integer(now.millisecondsSinceEpoch), .text(today.description), .text(stay.id.rawValue)])
        if let unit = stay.unit {
            try writeHousekeeping(unitID: unit.id.rawValue, status: "dirty")
        }
        return true
    }

    private func undo(_ stay: Stay, from status: StayStatus, property: PropertyRecord) throws -> Bool {
        let action = status == .checkedIn ? "check-in" : "check-out"
        guard stay.status == status else {
            throw Refusal(.undoNotApplicable, "The stay is \(stay.status); there is no \(action) to undo.")
        }
        let column = status == .checkedIn ? "checked_in_on" : "checked_out_on"
        let made = try db.queryValue("SELECT \(column) FROM stays WHERE id = ?", [.text(stay.id.rawValue)])?.string ?? ""
        let today = property.businessDate.description
        guard made == today else {
            throw Refusal(.undoNotBusinessDate,
                          "The \(action) was made on \(made); only changes of the business date \(today) can be undone.")
        }
        if status == .checkedIn {
            try db.run("""
                UPDATE stays SET status = 'reserved', checked_in_ms = NULL, checked_in_on = NULL WHERE id = ?
                """, [.text(stay.id.rawValue)])
        } else {
            try db.run("""
                UPDATE stays SET status = 'checked_in', checked_out_ms = NULL, checked_out_on = NULL WHERE id = ?
                """, [.text(stay.id.rawValue)])
        }
        return true
    }

    /// Every writer of a unit's status goes through here: the version advances and the instant moves forward.
    func writeHousekeeping(unitID: String, status: String) throws {
        try db.run("""
            UPDATE units SET hk_status = ?, hk_version = hk_version + 1, hk_updated_ms = max(?, hk_updated_ms + 1)
            WHERE id = ?
            """, [.text(status), .integer(now.millisecondsSinceEpoch), .text(unitID)])
    }

    /// `out_of_order` → "out of order".
    static func words(_ status: String) -> String { status.replacingOccurrences(of: "_", with: " ") }

    /// `12150, EUR` → "EUR 121.50".
    static func money(_ minor: Int, _ currency: String) -> String {
        let sign = minor < 0 ? "-" : ""
        let value = abs(minor)
        let cents = value % 100
        return "\(currency) \(sign)\(value / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
