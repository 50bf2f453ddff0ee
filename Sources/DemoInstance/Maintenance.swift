import Foundation
import GuestCraftAPI
import SodiumCrypto
import SQLiteDB

/// Maintenance tickets and photos with identifiers made on the device, and the blocks a ticket may place.
extension DemoService {
    static let maximumDescription = 2_000
    static let maximumBlockReason = 200

    private func requireReporter(_ caller: Caller) throws(Refusal) {
        guard caller.has(.housekeepingWrite) || caller.has(.tasksWork) else {
            throw Refusal(.authForbidden, "Reporting a fault needs housekeeping.write or tasks.work.")
        }
    }

    func putTicket(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        let caller = try call.person
        try requireReporter(caller)
        let ticketID = call.parameter("ticket_id")
        guard MaintenanceTicketID(ticketID).isDeviceMade else {
            throw Refusal(.ticketInvalid, "A ticket id is mtk_ and 16 lowercase hex digits.", field: "ticket_id")
        }
        let request = try ticketRequest(call)
        if let block = request.block {
            guard let permission = block.kind.requiredPermission else {
                throw Refusal(.ticketInvalid, "A block is out_of_order or out_of_service.", field: "block.kind")
            }
            guard caller.has(permission) else {
                let words = block.kind == .outOfOrder ? "an out-of-order" : "an out-of-service"
                throw Refusal(.authForbidden, "Placing \(words) block needs \(permission.rawValue).", field: "block.kind")
            }
        }
        var digestInput = Data("\(property.id)\n".utf8)
        digestInput.append(call.request.body)
        let digest = SHA256.hash(digestInput).hex
        return try db.transaction {
            if let existing = try db.queryFirst("SELECT request_sha256, answer FROM tickets WHERE id = ?", [.text(ticketID)]) {
                guard existing.text("request_sha256") == digest else {
                    throw Refusal(.ticketIDReused, "Ticket \(ticketID) was already made with another report.")
                }
                return Answer(status: 200, headers: [(HeaderName.contentType, "application/json")],
                              body: existing["answer"].data ?? Data())
            }
            let unit = try scopedUnitRow(call, property: property, id: request.unitID.rawValue, field: "unit_id")
            if let taskID = request.taskID {
                guard let task = try taskRow(taskID.rawValue), task.text("property_id") == property.id else {
                    throw Refusal(.taskNotFound, "No task \(printable(taskID.rawValue)) at this property.", field: "task_id")
                }
            }
            var block: GuestCraftAPI.Block?
            if let wanted = request.block {
                block = try placeBlock(wanted, unit: unit, property: property, ticketID: ticketID)
            }
            let ticket = MaintenanceTicket(
                id: MaintenanceTicketID(ticketID), propertyID: PropertyID(property.id),
                unit: UnitRef(id: UnitID(unit.text("id")), number: unit.text("number")), taskID: request.taskID,
                category: request.category, description: request.description, priority: request.priority, status: .open,
                reportedBy: caller.userRef, createdAt: now, block: block)
            let answer = Answer.json(ticket, status: 201, applied: true)
            try db.run("""
                INSERT INTO tickets (id, property_id, request_sha256, answer, unit_id, reported_by, created_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(ticketID), .text(property.id), .text(digest), .blob(answer.body), .text(unit.text("id")),
                      .text(caller.userID), .integer(now.millisecondsSinceEpoch)])
            return answer
        }
    }

    /// The ticket body, every member checked: 400 when it is not JSON, 422 `ticket.invalid` naming the member otherwise.
    private func ticketRequest(_ call: Call) throws -> MaintenanceTicketRequest {
        let request: MaintenanceTicketRequest
        do {
            request = try decode(MaintenanceTicketRequest.self, from: call)
        } catch let refusal as Refusal where refusal.problem.code == .requestMalformed && refusal.problem.field != nil {
            throw Refusal(.ticketInvalid, refusal.problem.detail, field: refusal.problem.field)
        }
        guard request.category.isKnown else { throw Refusal(.ticketInvalid, "Unknown category.", field: "category") }
        guard request.priority.isKnown else { throw Refusal(.ticketInvalid, "Unknown priority.", field: "priority") }
        let description = request.description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...Self.maximumDescription).contains(description.count) else {
            throw Refusal(.ticketInvalid, "A description has 1 to \(Self.maximumDescription) characters.", field: "description")
        }
        if let block = request.block {
            guard block.to > block.from else {
                throw Refusal(.ticketInvalid, "A block ends after it starts.", field: "block.to")
            }
            let reason = block.reason.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...Self.maximumBlockReason).contains(reason.count) else {
                throw Refusal(.ticketInvalid, "A block's reason has 1 to \(Self.maximumBlockReason) characters.",
                              field: "block.reason")
            }
        }
        return request
    }

    /// Places a block after its refusals (in the past, overlapping another, over an assigned stay), with the nights
    /// its room type is now sold beyond its free rooms.
    private func placeBlock(_ wanted: BlockRequest, unit: Row, property: PropertyRecord,
                            ticketID: String) throws -> GuestCraftAPI.Block {
        let unitID = unit.text("id")
        let number = unit.text("number")
        let from = wanted.from.description
        let to = wanted.to.description
        guard wanted.from >= property.businessDate else {
            throw Refusal(.blockInPast, "A block cannot start before the business date \(property.businessDate).",
                          field: "block.from")
        }
        if let other = try db.queryFirst("""
            SELECT kind, from_date, to_date FROM blocks WHERE unit_id = ? AND from_date < ? AND to_date > ?
            ORDER BY from_date LIMIT 1
            """, [.text(unitID), .text(to), .text(from)]) {
            throw Refusal(.blockOverlap, """
                Room \(number) is already \(Self.words(other.text("kind"))) from \(other.text("from_date")) \
                to \(other.text("to_date")).
                """, field: "block.from")
        }
        if let stay = try db.queryFirst("""
            SELECT s.check_in_date, s.check_out_date, r.code FROM stays s JOIN reservations r ON r.id = s.reservation_id
            WHERE s.unit_id = ? AND s.status IN ('reserved', 'checked_in') AND s.check_in_date < ? AND s.check_out_date > ?
            ORDER BY s.check_in_date LIMIT 1
            """, [.text(unitID), .text(to), .text(from)]) {
            throw Refusal(.blockAssignedStay, """
                Room \(number) is assigned to \(stay.text("code")) from \(stay.text("check_in_date")) \
                to \(stay.text("check_out_date")).
                """, field: "block.to")
        }
        let id = Ids.make("blk_", try nextNumber("block"))
        let reason = wanted.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        try db.run("""
            INSERT INTO blocks (id, property_id, unit_id, kind, from_date, to_date, reason, ticket_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(id), .text(property.id), .text(unitID), .text(wanted.kind.rawValue), .text(from), .text(to),
                  .text(reason), .text(ticketID)])
        if wanted.from <= property.businessDate, property.businessDate < wanted.to {
            try writeHousekeeping(unitID: unitID, status: wanted.kind.rawValue)
        }
        let overbooked = try overbookedNights(property: property.id, roomType: unit.text("room_type_id"),
                                              from: wanted.from, to: wanted.to)
        return GuestCraftAPI.Block(id: BlockID(id), kind: wanted.kind, from: wanted.from, to: wanted.to, reason: reason,
                                   overbookedNights: overbooked)
    }

    /// Nights from `from` to `to` on which a room type has more stays than active units not out of order
    /// (an out-of-service room still counts as inventory).
    func overbookedNights(property: String, roomType: String, from: BusinessDate, to: BusinessDate) throws -> [BusinessDate] {
        let units = try db.queryValue("SELECT count(*) FROM units WHERE property_id = ? AND room_type_id = ? AND active = 1",
                                      [.text(property), .text(roomType)])?.int ?? 0
        var nights: [BusinessDate] = []
        var night = from
        while night < to {
            let day = night.description
            let stays = try db.queryValue("""
                SELECT count(*) FROM stays WHERE property_id = ? AND room_type_id = ?
                  AND status IN ('reserved', 'checked_in') AND check_in_date <= ? AND check_out_date > ?
                """, [.text(property), .text(roomType), .text(day), .text(day)])?.int ?? 0
            let blocked = try db.queryValue("""
                SELECT count(DISTINCT b.unit_id) FROM blocks b JOIN units u ON u.id = b.unit_id
                WHERE u.property_id = ? AND u.room_type_id = ? AND b.kind = 'out_of_order'
                  AND b.from_date <= ? AND b.to_date > ?
                """, [.text(property), .text(roomType), .text(day), .text(day)])?.int ?? 0
            if stays > units - blocked { nights.append(night) }
            night = night.adding(days: 1)
        }
        return nights
    }

    func putPhoto(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try requireReporter(try call.person)
        let ticketID = call.parameter("ticket_id")
        let photoID = call.parameter("photo_id")
        let body = call.request.body
        guard mediaType(call.header(HeaderName.contentType) ?? "") == "image/jpeg" else {
            throw Refusal(.requestUnsupportedMediaType, "Send the photo as image/jpeg.", field: HeaderName.contentType)
        }
        guard body.count <= JPEGBody.maximumBytes else { throw Self.photoTooLarge }
        guard JPEGBody(body).looksLikeJPEG else { throw Refusal(.photoInvalid, "The bytes are not a JPEG image.") }
        guard MaintenancePhotoID(photoID).isDeviceMade else {
            throw Refusal(.requestMalformed, "A photo id is mph_ and 16 lowercase hex digits.", field: "photo_id")
        }
        let digest = SHA256.hash(body).hex
        return try db.transaction {
            guard let ticket = try db.queryFirst("SELECT property_id FROM tickets WHERE id = ?", [.text(ticketID)]),
                  ticket.text("property_id") == property.id else {
                throw Refusal(.maintenanceTicketNotFound, "No maintenance ticket \(printable(ticketID)) at this property.")
            }
            if let existing = try db.queryFirst("SELECT ticket_id, sha256, answer FROM photos WHERE id = ?", [.text(photoID)]) {
                guard existing.text("sha256") == digest, existing.text("ticket_id") == ticketID else {
                    throw Refusal(.photoIDReused, "Photo \(photoID) was already sent with other bytes.")
                }
                return Answer(status: 200, headers: [(HeaderName.contentType, "application/json")],
                              body: existing["answer"].data ?? Data())
            }
            let photo = MaintenancePhoto(id: MaintenancePhotoID(photoID), ticketID: MaintenanceTicketID(ticketID),
                                         contentType: "image/jpeg", byteCount: body.count, sha256: digest, createdAt: now)
            let answer = Answer.json(photo, status: 201, applied: true)
            try db.run("INSERT INTO photos (id, ticket_id, sha256, answer, bytes) VALUES (?, ?, ?, ?, ?)",
                       [.text(photoID), .text(ticketID), .text(digest), .blob(answer.body), .blob(body)])
            return answer
        }
    }

    /// `demo.maintenance_photos`: the bytes of a stored photo exactly as they arrived, with the media type its answer
    /// recorded.
    func storedPhoto(_ call: Call) throws -> Answer {
        let photoID = call.parameter("photo_id")
        guard let row = try db.queryFirst("SELECT answer, bytes FROM photos WHERE id = ?", [.text(photoID)]) else {
            throw Refusal(.maintenancePhotoNotFound, "No maintenance photo \(printable(photoID)).")
        }
        let stored = try? APIJSON.decode(MaintenancePhoto.self, from: row["answer"].data ?? Data())
        return Answer(status: 200, headers: [(HeaderName.contentType, stored?.contentType ?? "application/octet-stream")],
                      body: row["bytes"].data ?? Data())
    }

    /// How many tickets and photos the instance keeps, for `demo.stats`.
    func storedMaintenanceCounts() throws -> (tickets: Int, photos: Int) {
        (try db.queryValue("SELECT count(*) FROM tickets")?.int ?? 0, try db.queryValue("SELECT count(*) FROM photos")?.int ?? 0)
    }

    static let photoTooLarge = Refusal(.photoTooLarge, "A photo may have at most \(JPEGBody.maximumBytes) bytes.")
}
