import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Maintenance tickets, photos and blocks")
struct MaintenanceTests {
    let tickets = "/api/v1/properties/prp_harbour/maintenance_tickets"

    func ticket(unit: String = "unt_h202", description: String = "Tap drips", block: String? = nil,
                task: String? = nil) -> String {
        var members = [#""unit_id": "\#(unit)""#, #""category": "plumbing""#, #""description": "\#(description)""#,
                       #""priority": "normal""#]
        if let block { members.append(#""block": \#(block)"#) }
        if let task { members.append(#""task_id": "\#(task)""#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    func block(_ kind: String = "out_of_order", from: String, to: String) -> String {
        #"{"kind": "\#(kind)", "from": "\#(from)", "to": "\#(to)", "reason": "Repairs"}"#
    }

    @Test func aResentTicketIsNeverASecondOne() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let first = try await demo.send("PUT", "\(tickets)/mtk_00000000000000a1", token: token, json: ticket(task: "tsk_0002"))
        #expect(first.status == 201)
        let created = try first.decode(MaintenanceTicket.self)
        #expect(created.reportedBy == UserRef(id: "usr_housekeeper", name: "Hana Kowalski"))
        #expect(created.status == .open && created.block == nil && created.taskID == "tsk_0002")
        let again = try await demo.send("PUT", "\(tickets)/mtk_00000000000000a1", token: token, json: ticket(task: "tsk_0002"))
        #expect(again.status == 200)
        #expect(again.body == first.body)
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000a1", token: token,
                                          json: ticket(description: "Tap drips a lot")), 409, .ticketIDReused)
        #expect(try await demo.stats().writesApplied["maintenance_tickets.put"] == 1)
    }

    @Test func aReportIsCheckedMemberByMember() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_ABC", token: token, json: ticket()), 422, .ticketInvalid,
                      field: "ticket_id")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token,
                                          json: #"{"unit_id": "unt_h202", "category": "plumbing", "priority": "low"}"#),
                      422, .ticketInvalid, field: "description")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token,
                                          json: ticket(description: "   ")), 422, .ticketInvalid, field: "description")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token,
                                          json: ticket().replacingOccurrences(of: "plumbing", with: "ghosts")),
                      422, .ticketInvalid, field: "category")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token, json: "{not json"),
                      400, .requestMalformed)
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token, json: ticket(unit: "unt_h999")),
                      404, .unitNotFound, field: "unit_id")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token, json: ticket(task: "tsk_9999")),
                      404, .taskNotFound, field: "task_id")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: try demo.token(.frontdesk),
                                          json: ticket()), 403, .authForbidden)
        #expect(try await demo.send("PUT", "\(tickets)/mtk_00000000000000b1", token: token, json: ticket()).status == 201,
                "none of the refusals used the id")
    }

    @Test func blocksAreRefusedInThePastOverAnotherOrOverAnAssignedStay() async throws {
        let demo = try Demo()
        let token = try demo.token(.manager)
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000c1", token: token,
                                          json: ticket(unit: "unt_h203", block: block(from: "2026-11-01", to: "2026-11-03"))),
                      422, .blockInPast, field: "block.from")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000c1", token: token,
                                          json: ticket(unit: "unt_h301", block: block(from: "2026-11-03", to: "2026-11-08"))),
                      422, .blockOverlap, field: "block.from")
        let assigned = try await demo.send("PUT", "\(tickets)/mtk_00000000000000c1", token: token,
                                           json: ticket(unit: "unt_h103", block: block(from: "2026-11-05", to: "2026-11-07")))
        expectProblem(assigned, 422, .blockAssignedStay, field: "block.to")
        #expect(try assigned.decode(ProblemDocument.self).detail == "Room 103 is assigned to HV-1005 from 2026-11-02 to 2026-11-06.")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000c1", token: token,
                                          json: ticket(unit: "unt_h203", block: block(from: "2026-11-04", to: "2026-11-04"))),
                      422, .ticketInvalid, field: "block.to")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000c1", token: try demo.token(.housekeeper),
                                          json: ticket(unit: "unt_h203", block: block("out_of_service", from: "2026-11-04", to: "2026-11-05"))),
                      403, .authForbidden, field: "block.kind")
        #expect(try await demo.unit("unt_h203").housekeepingVersion == 5)
    }

    @Test func aBlockTakesTheRoomWhileItLastsAndSaysWhatItOverbooks() async throws {
        let demo = try Demo()
        let token = try demo.token(.supervisor)
        let later = try await demo.send("PUT", "\(tickets)/mtk_00000000000000d1", token: token,
                                        json: ticket(unit: "unt_h203", block: block("out_of_service", from: "2026-11-04", to: "2026-11-06")))
        #expect(later.status == 201)
        let placed = try #require(try later.decode(MaintenanceTicket.self).block)
        #expect(placed.id == "blk_0002" && placed.kind == .outOfService && placed.overbookedNights == [])
        let untouched = try await demo.unit("unt_h203")
        #expect(untouched.housekeepingStatus == .clean && untouched.housekeepingVersion == 5, "the block starts later")
        // The Twin type is sold out tonight (three stays, three rooms): taking one out overbooks it.
        let now = try await demo.send("PUT", "\(tickets)/mtk_00000000000000d2", token: token,
                                      json: ticket(unit: "unt_h203", block: block(from: "2026-11-02", to: "2026-11-04")))
        let tonight = try #require(try now.decode(MaintenanceTicket.self).block)
        #expect(tonight.id == "blk_0003")
        #expect(tonight.overbookedNights == [BusinessDate("2026-11-02")!])
        let unit = try await demo.unit("unt_h203")
        #expect(unit.housekeepingStatus == .outOfOrder && unit.housekeepingVersion == 6)
        let free = try await demo.get("/api/v1/properties/prp_harbour/units/available?room_type_id=rmt_twn&from=2026-11-02&to=2026-11-03",
                                      token: token).decode(AvailableUnits.self)
        #expect(free.units.isEmpty)
    }

    @Test func photosAreJPEGsWithIdentifiersMadeOnTheDevice() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        #expect(try await demo.send("PUT", "\(tickets)/mtk_00000000000000e1", token: token, json: ticket()).status == 201)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4])
        let path = "\(tickets)/mtk_00000000000000e1/photos/mph_00000000000000e1"
        let first = try await demo.send("PUT", path, token: token, body: jpeg, headers: ["Content-Type": "image/jpeg"])
        #expect(first.status == 201)
        let photo = try first.decode(MaintenancePhoto.self)
        #expect(photo.byteCount == 8 && photo.contentType == "image/jpeg" && photo.ticketID == "mtk_00000000000000e1")
        let again = try await demo.send("PUT", path, token: token, body: jpeg, headers: ["Content-Type": "image/jpeg"])
        #expect(again.status == 200 && again.body == first.body)
        expectProblem(try await demo.send("PUT", path, token: token, body: jpeg + Data([5]), headers: ["Content-Type": "image/jpeg"]),
                      409, .photoIDReused)
        let other = "\(tickets)/mtk_00000000000000e1/photos/mph_00000000000000e2"
        expectProblem(try await demo.send("PUT", other, token: token, body: Data("GIF89a".utf8), headers: ["Content-Type": "image/jpeg"]),
                      400, .photoInvalid)
        expectProblem(try await demo.send("PUT", other, token: token, body: jpeg, headers: ["Content-Type": "image/png"]),
                      415, .requestUnsupportedMediaType, field: "Content-Type")
        expectProblem(try await demo.send("PUT", "\(tickets)/mtk_00000000000000ff/photos/mph_00000000000000e2", token: token,
                                          body: jpeg, headers: ["Content-Type": "image/jpeg"]), 404, .maintenanceTicketNotFound)

        let withoutPhotos = try Demo { $0.capabilities = Capability.all.filter { $0 != .maintenancePhotos } }
        expectProblem(try await withoutPhotos.send("PUT", path, token: try withoutPhotos.token(.housekeeper), body: jpeg,
                                                   headers: ["Content-Type": "image/jpeg"]), 404, .routeNotFound)
    }

    @Test func theDemoKeepsWhatItReceivedAndCountsIt() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        #expect(try await demo.stats().maintenanceTickets == 0)
        let ticketPath = "\(tickets)/mtk_00000000000000f1"
        #expect(try await demo.send("PUT", ticketPath, token: token, json: ticket()).status == 201)
        #expect(try await demo.send("PUT", ticketPath, token: token, json: ticket()).status == 200)
        var jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        jpeg.append(contentsOf: (0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for id in ["mph_00000000000000f1", "mph_00000000000000f2", "mph_00000000000000f1"] {
            let sent = try await demo.send("PUT", "\(ticketPath)/photos/\(id)", token: token, body: jpeg + Data(id.utf8.suffix(1)),
                                           headers: ["Content-Type": "image/jpeg"])
            #expect(sent.status == 201 || sent.status == 200)
        }
        let stats = try await demo.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 2, "a resend is never a second one")

        let stored = try await demo.admin("GET", "/demo/maintenance_photos/mph_00000000000000f2")
        #expect(stored.status == 200)
        #expect(stored.body == jpeg + Data("2".utf8), "byte for byte what was sent")
        #expect(stored.headers["Content-Type"] == "image/jpeg")
        #expect(stored.headers["Cache-Control"] == "no-store")
        expectProblem(try await demo.admin("GET", "/demo/maintenance_photos/mph_00000000000000f9"), 404,
                      .maintenancePhotoNotFound)
        expectProblem(try await demo.get("/demo/maintenance_photos/mph_00000000000000f2", token: token), 401,
                      .demoAdminKeyRequired)
    }
}
