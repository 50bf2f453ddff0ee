import Foundation
import GuestCraftAPI
import SQLiteDB

/// The demo's admin operations under `/demo/`: pairing links, the night audit, faults and counts.
extension DemoService {
    func demoPairing(_ call: Call) throws -> Answer {
        let request = try decode(DemoPairingRequest.self, from: call)
        guard let person = try member(key: request.member) else {
            throw invalid("member", "Choose frontdesk, housekeeper, supervisor or manager.")
        }
        let issued = try issuePairingCode(userID: person.userID, origin: call.origin)
        return .json(DemoPairingCreated(pairingURL: issued.pairingURL, expiresIn: issued.expiresIn), status: 201,
                     applied: true)
    }

    func armFault(_ call: Call) throws -> Answer {
        let request = try decode(DemoFaultRequest.self, from: call)
        guard request.kind.isKnown else {
            throw invalid("kind", "kind is delay, drop_after_apply, server_error, rate_limit or close_mid_body.")
        }
        guard (1...10_000).contains(request.count) else { throw invalid("count", "count is 1 to 10000.") }
        if let delay = request.delayMS, !(0...60_000).contains(delay) { throw invalid("delay_ms", "delay_ms is 0 to 60000.") }
        if let status = request.status, !(500...599).contains(status) { throw invalid("status", "status is 500 to 599.") }
        if let retry = request.retryAfter, !(0...3_600).contains(retry) {
            throw invalid("retry_after", "retry_after is 0 to 3600 seconds.")
        }
        return .json(faults.arm(request), status: 201, applied: true)
    }

    func demoStats(_ call: Call) throws -> Answer {
        let stored = try storedMaintenanceCounts()
        return .json(DemoStats(requests: call.statsBefore.requests, writesApplied: call.statsBefore.writes,
                               notModified: call.statsBefore.notModified, connectionsAccepted: connectionsAccepted,
                               maintenanceTickets: stored.tickets, maintenancePhotos: stored.photos))
    }

    /// Closes the business date of every property: arrivals still reserved become no-shows, blocks start and end,
    /// the date advances one day and the tasks of the new date are made.
    func nightAudit(_ call: Call) throws -> Answer {
        let newDate: BusinessDate = try db.transaction {
            var first: BusinessDate?
            for row in try db.query("SELECT id FROM properties ORDER BY position") {
                guard let property = try propertyRecord(row.text("id")) else { continue }
                let next = try audit(property)
                if first == nil { first = next }
            }
            return first ?? configuration.startingBusinessDate
        }
        return .json(DemoNightAuditResult(businessDate: newDate), applied: true)
    }

    private func audit(_ property: PropertyRecord) throws -> BusinessDate {
        let today = property.businessDate.description
        let next = property.businessDate.adding(days: 1)
        let tomorrow = next.description
        let noShows = try db.query("""
            SELECT DISTINCT reservation_id FROM stays WHERE property_id = ? AND status = 'reserved' AND check_in_date = ?
            """, [.text(property.id), .text(today)]).map { $0.text("reservation_id") }
        try db.run("UPDATE stays SET status = 'no_show' WHERE property_id = ? AND status = 'reserved' AND check_in_date = ?",
                   [.text(property.id), .text(today)])
        for reservation in noShows {
            let current = try db.queryValue("SELECT status FROM reservations WHERE id = ?", [.text(reservation)])?.string ?? ""
            let stays = try db.query("SELECT status FROM stays WHERE reservation_id = ?", [.text(reservation)])
                .map { $0.text("status") }
            try db.run("UPDATE reservations SET status = ?, version = version + 1 WHERE id = ?",
                       [.text(Self.reservationStatus(current: current, stays: stays)), .text(reservation)])
        }
        // Blocks that end tonight give the room back (dirty, to be cleaned); blocks that start tomorrow take it.
        for block in try db.query("SELECT unit_id FROM blocks WHERE property_id = ? AND to_date = ?",
                                  [.text(property.id), .text(tomorrow)]) {
            try writeHousekeeping(unitID: block.text("unit_id"), status: "dirty")
        }
        for block in try db.query("SELECT unit_id, kind FROM blocks WHERE property_id = ? AND from_date = ?",
                                  [.text(property.id), .text(tomorrow)]) {
            try writeHousekeeping(unitID: block.text("unit_id"), status: block.text("kind"))
        }
        try db.run("UPDATE properties SET business_date = ? WHERE id = ?", [.text(tomorrow), .text(property.id)])

        // Tasks of the new date.
        var work: [String: (kind: String, reservation: String, rank: Int)] = [:]
        try db.forEachRow("""
            SELECT unit_id, reservation_id, status, check_in_date, check_out_date FROM stays
            WHERE property_id = ? AND unit_id IS NOT NULL AND status IN ('reserved', 'checked_in')
              AND check_in_date <= ? AND check_out_date >= ?
            """, [.text(property.id), .text(tomorrow), .text(tomorrow)]) { row in
            let kind: (String, Int)
            if row.text("status") == "checked_in" {
                kind = row.text("check_out_date") == tomorrow ? ("clean_departure", 3) : ("clean_stayover", 2)
            } else if row.text("check_in_date") == tomorrow {
                kind = ("inspect", 1)
            } else {
                return
            }
            let unit = row.text("unit_id")
            if kind.1 > work[unit]?.rank ?? 0 { work[unit] = (kind.0, row.text("reservation_id"), kind.1) }
        }
        let isHarbour = property.id == HarbourView.propertyID.rawValue
        for (index, unit) in work.keys.sorted().enumerated() {
            guard let task = work[unit] else { continue }
            let assignee: String? = isHarbour
                ? DemoMember.housekeeper.userID.rawValue
                : index % 2 == 0 ? DemoMember.supervisor.userID.rawValue : nil
            try db.run("""
                INSERT INTO tasks (id, property_id, unit_id, kind, status, skip_reason, note, due_date, assignee_id,
                                   reservation_id, version)
                VALUES (?, ?, ?, ?, 'open', NULL, NULL, ?, ?, ?, 1)
                """, [.text(Ids.make("tsk_", try nextNumber("task"))), .text(property.id), .text(unit), .text(task.kind),
                      .text(tomorrow), SQLValue(assignee), .text(task.reservation)])
        }
        return next
    }
}
