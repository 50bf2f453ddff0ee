import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

/// Every example of docs/api.md is what the demo answers for seed 1 (each group from a freshly seeded instance, its
/// writes in the order of the page, its clock set to the instants the examples show).
@Suite("docs/api.md examples are the demo's answers", .timeLimit(.minutes(5)))
struct ExampleTests {
    static func at(_ text: String) -> Instant { Instant(rfc3339: text)! }

    static let groups: [String: [String]] = [
        "signing in": [
            "instance.discovery.response", "instance.get.response", "device_pairings.create.response",
            "device_sessions.create.request", "device_sessions.create.response", "device_sessions.list.response",
            "device_sessions.revoke.problem.version_mismatch", "workspaces.list.response",
            "workspaces.list.problem.unauthenticated", "workspaces.properties.response",
            "device_sessions.create.request.pairing", "device_sessions.create.problem.invalid_request",
            "device_sessions.create.problem.invalid_grant", "device_sessions.create.problem.rate_limited",
        ],
        "front desk reads": [
            "today.get.response", "today.get.response.overdue", "today.get.problem.out_of_scope", "search.response", "search.response.no_permissions",
            "search.problem.query_too_short", "reservations.get.response", "reservations.get.problem.not_found",
            "guests.get.response", "folios.balance.response", "stays.checkout_quote.response", "units.available.response",
        ],
        "front desk actions": [
            "stays.assign.request", "stays.assign.response", "stays.assign.problem.unit_unavailable",
            "stays.unassign.response", "stays.check_in.request", "stays.check_in.response",
            "stays.check_in.problem.version_mismatch", "stays.undo_check_in.response", "stays.check_in.problem.unit_not_ready",
            "stays.check_in.request.override", "stays.check_in.problem.no_unit", "stays.check_in.problem.unit_occupied", "stays.check_out.problem.open_balance",
            "stays.check_out.request", "stays.check_out.response", "stays.undo_check_out.response",
            "stays.undo_check_out.problem.not_business_date",
        ],
        "housekeeping reads": ["units.list.response", "units.get.response", "tasks.list.response", "tasks.get.response"],
        "housekeeping writes": [
            "units.housekeeping.request", "units.housekeeping.response", "units.housekeeping.problem.status_conflict",
            "units.housekeeping.problem.rate_limited", "units.housekeeping.problem.key_reused",
            "units.housekeeping.problem.in_progress",
        ],
        "task writes": [
            "tasks.status.request", "tasks.status.response", "tasks.status.problem.version_mismatch", "tasks.note.request",
            "tasks.note.response", "tasks.status.problem.precondition_required", "tasks.status.request.skip",
            "tasks.status.problem.transition_invalid",
        ],
        "maintenance": [
            "maintenance_tickets.put.request", "maintenance_tickets.put.response", "maintenance_tickets.put.request.from_task",
            "maintenance_tickets.put.problem.block_overlap", "maintenance_tickets.put.problem.forbidden",
            "maintenance_photos.put.response", "maintenance_photos.put.problem.too_large",
        ],
        "demo admin": [
            "demo.pairings.request", "demo.pairings.response", "demo.pairings.problem.admin_key_required",
            "demo.unit_housekeeping.request", "demo.unit_housekeeping.response", "demo.night_audit.response",
            "demo.faults.request", "demo.faults.response", "demo.faults.request.rate_limit", "demo.stats.response",
            "demo.maintenance_photos.problem.not_found",
        ],
    ]

    @Test func everyExampleFileIsCheckedByAGroup() throws {
        let covered = Self.groups.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(covered == (try ExampleFiles.names()))
    }

    private func finish(_ book: ExampleBook, _ group: String) {
        #expect(book.used == Set(Self.groups[group] ?? []), "\(group): used \(book.used.sorted())")
    }

    @Test func signingIn() async throws {
        let clock = DemoClock(fixedAt: Self.at("2026-11-02T07:57:00Z"))
        let demo = try Demo(rooms: 120, clock: clock)
        let book = ExampleBook(demo)
        try book.check("instance.discovery.response", try await demo.get("/.well-known/guestcraft"), status: 200)
        try book.check("instance.get.response", try await demo.get("/api/v1/instance"), status: 200)

        let browser = BrowserSignIn(demo)
        let cookie = try #require(try await browser.signIn("frontdesk").cookie)
        let location = try #require(try await browser.decide("allow", cookie: cookie))
        let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        try book.check("device_pairings.create.response",
                       try await demo.send("POST", "/api/v1/device_pairings", headers: ["Cookie": cookie]), status: 201)

        clock.set(Self.at("2026-11-02T07:58:12Z"))
        let created = try await demo.send("POST", "/api/v1/device_sessions",
                                          json: try book.request("device_sessions.create.request", replacing: ["code": code]))
        try book.check("device_sessions.create.response", created, status: 201)
        let token = try created.decode(DeviceSessionCreated.self).token

        clock.set(Self.at("2026-11-02T09:12:40Z"))
        try book.check("device_sessions.list.response", try await demo.get("/api/v1/device_sessions", token: token), status: 200)
        try book.check("device_sessions.revoke.problem.version_mismatch",
                       try await demo.send("DELETE", "/api/v1/device_sessions/dvs_8Hc3kL1mZ9", token: token,
                                           headers: ["If-Match": "\"2026-10-20T08:00:00Z\""]), status: 412)
        try book.check("workspaces.list.response", try await demo.get("/api/v1/workspaces", token: token), status: 200)
        try book.check("workspaces.list.problem.unauthenticated", try await demo.get("/api/v1/workspaces"), status: 401)
        try book.check("workspaces.properties.response",
                       try await demo.get("/api/v1/workspaces/wsp_demo/properties", token: token), status: 200)

        func pairingCode() async throws -> String {
            let link = try await demo.admin("POST", "/demo/pairings", json: #"{"member": "housekeeper"}"#)
                .decode(DemoPairingCreated.self)
            return try #require(PairingLink(link.pairingURL)).pairingCode
        }
        let paired = try await demo.send("POST", "/api/v1/device_sessions", json: try book.request(
            "device_sessions.create.request.pairing", replacing: ["pairing_code": try await pairingCode()]))
        #expect(paired.status == 201)
        try book.check("device_sessions.create.problem.invalid_request",
                       try await demo.send("POST", "/api/v1/device_sessions", json: """
                           {"pairing_code": "\(try await pairingCode())", "device_name": "Desk\\u0007"}
                           """), status: 400)
        // The example's own code was never issued here: every failure is the same invalid grant, until too many.
        let unknown = try book.request("device_sessions.create.request")
        try book.check("device_sessions.create.problem.invalid_grant",
                       try await demo.send("POST", "/api/v1/device_sessions", json: unknown), status: 400)
        var limited: HTTPResponse?
        for _ in 0..<40 {
            let answer = try await demo.send("POST", "/api/v1/device_sessions", json: unknown)
            if answer.status == 429 {
                limited = answer
                break
            }
        }
        try book.check("device_sessions.create.problem.rate_limited", try #require(limited), status: 429)
        finish(book, "signing in")
    }

    @Test func frontDeskReads() async throws {
        let demo = try Demo(rooms: 120)
        let book = ExampleBook(demo)
        let token = try demo.token(.frontdesk)
        let housekeeper = try demo.token(.housekeeper)
        let harbour = "/api/v1/properties/prp_harbour"
        try book.check("today.get.response", try await demo.get("\(harbour)/today", token: token), status: 200)
        try book.check("today.get.problem.out_of_scope",
                       try await demo.get("/api/v1/properties/prp_garden/today", token: housekeeper), status: 403)
        try book.check("search.response", try await demo.get("\(harbour)/search?q=Hart", token: token), status: 200)
        try book.check("search.response.no_permissions", try await demo.get("\(harbour)/search?q=Hart", token: housekeeper),
                       status: 200)
        try book.check("search.problem.query_too_short", try await demo.get("\(harbour)/search?q=%20H%20", token: token),
                       status: 400)
        try book.check("reservations.get.response", try await demo.get("\(harbour)/reservations/rsv_0005", token: token),
                       status: 200)
        try book.check("reservations.get.problem.not_found",
                       try await demo.get("\(harbour)/reservations/rsv_9999", token: token), status: 404)
        try book.check("guests.get.response", try await demo.get("/api/v1/workspaces/wsp_demo/guests/gst_0001", token: token),
                       status: 200)
        try book.check("folios.balance.response", try await demo.get("\(harbour)/reservations/rsv_0002/folio", token: token),
                       status: 200)
        try book.check("stays.checkout_quote.response",
                       try await demo.get("\(harbour)/reservations/rsv_0002/stays/sty_0002/checkout_quote", token: token),
                       status: 200)
        try book.check("units.available.response",
                       try await demo.get("\(harbour)/units/available?room_type_id=rmt_twn&from=2026-11-02&to=2026-11-03",
                                          token: token), status: 200)
        // The morning after (#30): the night audit closed 2026-11-02 with two stays never checked out.
        #expect(try await demo.admin("POST", "/demo/night_audit").status == 200)
        try book.check("today.get.response.overdue", try await demo.get("\(harbour)/today", token: token), status: 200)
        finish(book, "front desk reads")
    }

    @Test func frontDeskActions() async throws {
        let clock = DemoClock(fixedAt: Self.at("2026-11-02T13:00:00Z"))
        let demo = try Demo(rooms: 120, clock: clock)
        let book = ExampleBook(demo)
        let frontdesk = try demo.token(.frontdesk)
        let supervisor = try demo.token(.supervisor)
        let manager = try demo.token(.manager)
        func stay(_ reservation: String, _ stay: String, _ action: String, property: String = "prp_harbour") -> String {
            "/api/v1/properties/\(property)/reservations/\(reservation)/stays/\(stay)/\(action)"
        }
        func version(_ number: Int) -> [String: String] { ["If-Match": "\"\(number)\""] }

        try book.check("stays.assign.response", try await demo.send(
            "PUT", stay("rsv_0004", "sty_0004", "assignment"), token: frontdesk,
            json: try book.request("stays.assign.request"), headers: version(1)), status: 200)
        try book.check("stays.assign.problem.unit_unavailable", try await demo.send(
            "PUT", stay("rsv_0004", "sty_0004", "assignment"), token: frontdesk, json: #"{"unit_id": "unt_h104"}"#,
            headers: version(2)), status: 422)
        try book.check("stays.unassign.response", try await demo.send(
            "DELETE", stay("rsv_0004", "sty_0004", "assignment"), token: frontdesk, headers: version(2)), status: 200)

        clock.set(Self.at("2026-11-02T13:05:41Z"))
        try book.check("stays.check_in.response", try await demo.send(
            "POST", stay("rsv_0005", "sty_0005", "check_in"), token: frontdesk,
            json: try book.request("stays.check_in.request"), headers: version(2)), status: 200)
        try book.check("stays.check_in.problem.version_mismatch", try await demo.send(
            "POST", stay("rsv_0005", "sty_0006", "check_in"), token: frontdesk, json: "{}", headers: version(2)), status: 412)
        try book.check("stays.undo_check_in.response", try await demo.send(
            "POST", stay("rsv_0005", "sty_0005", "undo_check_in"), token: frontdesk, headers: version(3)), status: 200)

        try book.check("stays.check_in.problem.unit_not_ready", try await demo.send(
            "POST", stay("rsv_0001", "sty_0001", "check_in"), token: frontdesk, json: "{}", headers: version(1)), status: 422)
        let overridden = try await demo.send("POST", stay("rsv_0001", "sty_0001", "check_in"), token: supervisor,
                                             json: try book.request("stays.check_in.request.override"), headers: version(1))
        #expect(overridden.status == 200)
        #expect(try overridden.decode(Reservation.self).rooms.first?.status == .checkedIn)
        #expect(try await demo.send("POST", stay("rsv_0001", "sty_0001", "undo_check_in"), token: supervisor,
                                    headers: version(2)).status == 200)
        try book.check("stays.check_in.problem.no_unit", try await demo.send(
            "POST", stay("rsv_0004", "sty_0004", "check_in"), token: frontdesk, json: "{}", headers: version(3)), status: 422)

        try book.check("stays.check_out.problem.open_balance", try await demo.send(
            "POST", stay("rsv_0002", "sty_0002", "check_out"), token: frontdesk, json: "{}", headers: version(5)), status: 422)
        clock.set(Self.at("2026-11-02T10:31:09Z"))
        try book.check("stays.check_out.response", try await demo.send(
            "POST", stay("rsv_0002", "sty_0002", "check_out"), token: manager,
            json: try book.request("stays.check_out.request"), headers: version(5)), status: 200)
        try book.check("stays.undo_check_out.response", try await demo.send(
            "POST", stay("rsv_0002", "sty_0002", "undo_check_out"), token: manager, headers: version(6)), status: 200)
        try book.check("stays.undo_check_out.problem.not_business_date", try await demo.send(
            "POST", stay("rsv_0102", "sty_0102", "undo_check_out", property: "prp_garden"), token: manager,
            headers: version(3)), status: 422)
        // Weber is in 102 again (his check-out undone); Amelia Hart's stay moves there, free from tonight.
        #expect(try await demo.send("PUT", stay("rsv_0001", "sty_0001", "assignment"), token: frontdesk,
                                    json: #"{"unit_id": "unt_h102"}"#, headers: version(3)).status == 200)
        try book.check("stays.check_in.problem.unit_occupied", try await demo.send(
            "POST", stay("rsv_0001", "sty_0001", "check_in"), token: frontdesk, json: "{}", headers: version(4)), status: 422)
        finish(book, "front desk actions")
    }

    @Test func housekeepingReads() async throws {
        let demo = try Demo(rooms: 120)
        let book = ExampleBook(demo)
        let token = try demo.token(.housekeeper)
        let harbour = "/api/v1/properties/prp_harbour"
        try book.check("units.list.response", try await demo.get("\(harbour)/units", token: token), status: 200)
        try book.check("units.get.response", try await demo.get("\(harbour)/units/unt_h101", token: token), status: 200)
        try book.check("tasks.list.response", try await demo.get("\(harbour)/tasks?assignee=me", token: token), status: 200)
        try book.check("tasks.get.response", try await demo.get("\(harbour)/tasks/tsk_0005", token: token), status: 200)
        finish(book, "housekeeping reads")
    }

    @Test func housekeepingWrites() async throws {
        let clock = DemoClock(fixedAt: Self.at("2026-11-02T09:41:07Z"))
        let demo = try Demo(rooms: 120, clock: clock)
        let book = ExampleBook(demo)
        let token = try demo.token(.housekeeper)
        let path = "/api/v1/properties/prp_harbour/units/unt_h101/housekeeping"
        let request = try book.request("units.housekeeping.request")
        try book.check("units.housekeeping.response", try await demo.send("PUT", path, token: token, json: request),
                       status: 200)
        try book.check("units.housekeeping.problem.status_conflict",
                       try await demo.send("PUT", path, token: token, json: #"{"status": "dirty", "expected_housekeeping_version": 3}"#),
                       status: 409)
        _ = try await demo.admin("POST", "/demo/faults",
                                 json: #"{"count": 1, "kind": "rate_limit", "operation": "units.housekeeping", "retry_after": 2}"#)
        let limited = try await demo.send("PUT", path, token: token, json: request)
        try book.check("units.housekeeping.problem.rate_limited", limited, status: 429)
        #expect(limited.headers["retry-after"] == "2")

        let key = ["Idempotency-Key": "5f0c3a9e1d7b4c2a8e6f0b1d3c5a7e9f"]
        #expect(try await demo.send("PUT", path, token: token, json: #"{"status": "dirty"}"#, headers: key).status == 200)
        try book.check("units.housekeeping.problem.key_reused",
                       try await demo.send("PUT", path, token: token, json: #"{"status": "clean"}"#, headers: key), status: 422)

        _ = try await demo.admin("POST", "/demo/faults",
                                 json: #"{"operation": "units.housekeeping", "kind": "delay", "count": 1, "delay_ms": 60000}"#)
        let slowKey = ["Idempotency-Key": "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a"]
        let first = Task { try await demo.send("PUT", path, token: token, json: #"{"status": "clean"}"#, headers: slowKey) }
        // The request in flight announces nothing: looked for with no bound of its own (#33).
        while try demo.instance.idempotencyKeysInFlight() == 0, !Task.isCancelled {
            try await Task.sleep(for: .milliseconds(1))
        }
        try book.check("units.housekeeping.problem.in_progress",
                       try await demo.send("PUT", path, token: token, json: #"{"status": "clean"}"#, headers: slowKey),
                       status: 409)
        demo.instance.endDelays()
        #expect(try await first.value.status == 200)
        finish(book, "housekeeping writes")
    }

    @Test func taskWrites() async throws {
        let demo = try Demo(rooms: 120)
        let book = ExampleBook(demo)
        let token = try demo.token(.housekeeper)
        let tasks = "/api/v1/properties/prp_harbour/tasks"
        try book.check("tasks.status.response", try await demo.send(
            "PUT", "\(tasks)/tsk_0005/status", token: token, json: try book.request("tasks.status.request"),
            headers: ["If-Match": "\"1\""]), status: 200)
        try book.check("tasks.status.problem.version_mismatch", try await demo.send(
            "PUT", "\(tasks)/tsk_0005/status", token: token, json: #"{"status": "done"}"#, headers: ["If-Match": "\"1\""]),
            status: 412)
        try book.check("tasks.note.response", try await demo.send(
            "PUT", "\(tasks)/tsk_0005/note", token: token, json: try book.request("tasks.note.request"),
            headers: ["If-Match": "\"2\""]), status: 200)
        try book.check("tasks.status.problem.precondition_required", try await demo.send(
            "PUT", "\(tasks)/tsk_0005/status", token: token, json: #"{"status": "done"}"#), status: 428)
        let skipped = try await demo.send("PUT", "\(tasks)/tsk_0001/status", token: token,
                                          json: try book.request("tasks.status.request.skip"), headers: ["If-Match": "\"1\""])
        #expect(try skipped.decode(HousekeepingTask.self).skipReason == "Do not disturb")
        try book.check("tasks.status.problem.transition_invalid", try await demo.send(
            "PUT", "\(tasks)/tsk_0001/status", token: token, json: #"{"status": "in_progress"}"#,
            headers: ["If-Match": "\"2\""]), status: 409)
        finish(book, "task writes")
    }

    /// The photo of the `maintenance_photos.put` example: a JPEG marker and a fixed pattern, 482,113 bytes.
    static let examplePhoto: Data = {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        bytes.reserveCapacity(482_113)
        for index in 0..<(482_113 - 4) { bytes.append(UInt8(truncatingIfNeeded: index &* 31 &+ 7)) }
        return Data(bytes)
    }()

    @Test func maintenance() async throws {
        let clock = DemoClock(fixedAt: Self.at("2026-11-02T10:02:33Z"))
        let demo = try Demo(rooms: 120, clock: clock)
        let book = ExampleBook(demo)
        let supervisor = try demo.token(.supervisor)
        let housekeeper = try demo.token(.housekeeper)
        let tickets = "/api/v1/properties/prp_harbour/maintenance_tickets"
        try book.check("maintenance_tickets.put.response", try await demo.send(
            "PUT", "\(tickets)/mtk_9c2f4e7a1b3d5e60", token: supervisor, json: try book.request("maintenance_tickets.put.request")),
            status: 201)
        let fromTask = try await demo.send("PUT", "\(tickets)/mtk_0a1b2c3d4e5f6071", token: housekeeper,
                                           json: try book.request("maintenance_tickets.put.request.from_task"))
        #expect(fromTask.status == 201)
        #expect(try fromTask.decode(MaintenanceTicket.self).taskID == "tsk_0003")
        try book.check("maintenance_tickets.put.problem.block_overlap", try await demo.send(
            "PUT", "\(tickets)/mtk_1111111111111111", token: supervisor, json: """
                {"unit_id": "unt_h301", "category": "plumbing", "description": "Shower tray cracked", "priority": "high",
                 "block": {"kind": "out_of_order", "from": "2026-11-02", "to": "2026-11-05", "reason": "Cracked tray"}}
                """), status: 422)
        try book.check("maintenance_tickets.put.problem.forbidden", try await demo.send(
            "PUT", "\(tickets)/mtk_2222222222222222", token: housekeeper, json: """
                {"unit_id": "unt_h104", "category": "door", "description": "Lock jams", "priority": "normal",
                 "block": {"kind": "out_of_order", "from": "2026-11-02", "to": "2026-11-03", "reason": "Lock"}}
                """), status: 403)
        clock.set(Self.at("2026-11-02T10:02:41Z"))
        try book.check("maintenance_photos.put.response", try await demo.send(
            "PUT", "\(tickets)/mtk_9c2f4e7a1b3d5e60/photos/mph_4b8e1f0a9d2c7e35", token: supervisor, body: Self.examplePhoto,
            headers: ["Content-Type": "image/jpeg"]), status: 201)
        // Answered before the body is read (Content-Length says it is too large): Expect keeps the client from writing.
        var tooLarge = Self.examplePhoto
        tooLarge.append(Data(count: JPEGBody.maximumBytes - tooLarge.count + 1))
        try book.check("maintenance_photos.put.problem.too_large", try await demo.send(
            "PUT", "\(tickets)/mtk_9c2f4e7a1b3d5e60/photos/mph_5c9f2a1b0e3d8f46", token: supervisor, body: tooLarge,
            headers: ["Content-Type": "image/jpeg", "Expect": "100-continue"]), status: 413)
        finish(book, "maintenance")
    }

    @Test func demoAdmin() async throws {
        let clock = DemoClock(fixedAt: Self.at("2026-11-02T09:15:00Z"))
        let demo = try Demo(rooms: 120, clock: clock)
        let book = ExampleBook(demo)
        try book.check("demo.pairings.response",
                       try await demo.admin("POST", "/demo/pairings", json: try book.request("demo.pairings.request")), status: 201)
        try book.check("demo.pairings.problem.admin_key_required",
                       try await demo.send("POST", "/demo/pairings", json: try book.request("demo.pairings.request")),
                       status: 401)
        try book.check("demo.unit_housekeeping.response", try await demo.admin(
            "POST", "/demo/units/203/housekeeping", json: try book.request("demo.unit_housekeeping.request")), status: 200)
        try book.check("demo.faults.response",
                       try await demo.admin("POST", "/demo/faults", json: try book.request("demo.faults.request")), status: 201)
        #expect(try await demo.admin("POST", "/demo/faults", json: try book.request("demo.faults.request.rate_limit")).status
                == 201)
        try book.check("demo.night_audit.response", try await demo.admin("POST", "/demo/night_audit"), status: 200)

        // The stats example: a fresh instance, one connection, a token made in-process.
        let fresh = try Demo(rooms: 120)
        let token = try fresh.token(.housekeeper)
        let units = "/api/v1/properties/prp_harbour/units"
        _ = try await fresh.get("/.well-known/guestcraft")
        let first = try await fresh.get(units, token: token)
        // The second read asks with the first's ETag: nothing changed, 304.
        _ = try await fresh.get(units, token: token, headers: ["If-None-Match": first.headers["etag"] ?? ""])
        _ = try await fresh.send("PUT", "\(units)/unt_h101/housekeeping", token: token, json: #"{"status": "clean"}"#)
        _ = try await fresh.send("PUT", "\(units)/unt_h101/housekeeping", token: token, json: #"{"status": "clean"}"#)
        _ = try await fresh.send("PUT", "\(units)/unt_h203/housekeeping", token: token, json: #"{"status": "dirty"}"#)
        let ticket = "/api/v1/properties/prp_harbour/maintenance_tickets/mtk_9c2f4e7a1b3d5e60"
        _ = try await fresh.send("PUT", ticket, token: token, json: #"{"category": "door", "description": "Lock sticks", "priority": "low", "unit_id": "unt_h102"}"#)
        _ = try await fresh.send("PUT", "\(ticket)/photos/mph_4b8e1f0a9d2c7e35", token: token,
                                 body: Self.examplePhoto, headers: ["Content-Type": "image/jpeg"])
        try book.check("demo.stats.response", try await fresh.admin("GET", "/demo/stats"), status: 200)
        let stored = try await fresh.admin("GET", "/demo/maintenance_photos/mph_4b8e1f0a9d2c7e35")
        #expect(stored.status == 200 && stored.body == Self.examplePhoto)
        #expect(stored.headers["Content-Type"] == "image/jpeg")
        try book.check("demo.maintenance_photos.problem.not_found",
                       try await fresh.admin("GET", "/demo/maintenance_photos/mph_0000000000000000"), status: 404)
        finish(book, "demo admin")
    }
}
