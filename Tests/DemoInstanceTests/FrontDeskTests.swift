import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

/// Paths and calls of the front desk at Harbour View.
struct Desk {
    let demo: Demo
    let token: String

    static let harbour = "/api/v1/properties/prp_harbour"

    func stay(_ reservation: String, _ stay: String, _ action: String, property: String = "prp_harbour") -> String {
        "/api/v1/properties/\(property)/reservations/\(reservation)/stays/\(stay)/\(action)"
    }

    func reservation(_ id: String, property: String = "prp_harbour") async throws -> Reservation {
        try await demo.get("/api/v1/properties/\(property)/reservations/\(id)", token: token).decode(Reservation.self)
    }

    /// An action with the reservation's current version as If-Match (unless `version` says otherwise).
    func act(_ method: String, _ reservation: String, _ stay: String, _ action: String, json: String? = nil,
             version: Int? = nil, as other: String? = nil, headers: [String: String] = [:],
             property: String = "prp_harbour") async throws -> HTTPResponse {
        let current = try await self.reservation(reservation, property: property).version
        return try await demo.send(method, self.stay(reservation, stay, action, property: property), token: other ?? token,
                                   json: json,
                                   headers: ["If-Match": "\"\(version ?? current)\""].merging(headers) { $1 })
    }
}

@Suite("Front desk: reads and actions with their rules")
struct FrontDeskTests {
    @Test func searchFindsReservationsOfThePropertyAndGuestsOfTheWorkspace() async throws {
        let demo = try Demo()
        let token = try demo.token(.frontdesk)
        let byCode = try await demo.get("\(Desk.harbour)/search?q=hv-100", token: token).decode(SearchResults.self)
        #expect(byCode.reservations?.map(\.code) == ["HV-1001", "HV-1002", "HV-1003", "HV-1004", "HV-1005", "HV-1006"])
        #expect(byCode.guests == [])
        let chinese = try await demo.get("\(Desk.harbour)/search?q=%E6%9D%8E%E5%A8%9C", token: token).decode(SearchResults.self)
        #expect(chinese.reservations?.map(\.code) == ["HV-1004"])
        #expect(chinese.guests?.map(\.id) == ["gst_0004"])
        let byPhone = try await demo.get("\(Desk.harbour)/search?q=555%200199", token: token).decode(SearchResults.self)
        #expect(byPhone.guests?.map(\.name) == ["Carlos Mendes"])
        #expect(byPhone.reservations == [], "phone numbers find guests, not reservations")
        let many = try await demo.get("/api/v1/properties/prp_garden/search?q=example", token: token).decode(SearchResults.self)
        #expect(many.guests?.count == 20)
        let codes = try await demo.get("/api/v1/properties/prp_garden/search?q=gc-", token: token).decode(SearchResults.self)
        #expect(codes.reservations?.count == 20)
        #expect(codes.reservations?.allSatisfy { $0.code.hasPrefix("GC-") } == true)
        expectProblem(try await demo.get("\(Desk.harbour)/search?q=%20x%20", token: token), 400, .searchQueryTooShort, field: "q")
        expectProblem(try await demo.get("\(Desk.harbour)/search", token: token), 400, .searchQueryTooShort, field: "q")
    }

    /// #30: the search folds case, accents and the German transliterations (docs/api.md
    /// `search`): "muller" and "mueller" find Müller, "zoe" finds Zoë.
    @Test func searchFoldsAccentsAndTheGermanTransliterations() async throws {
        // Garden Court of 120 rooms, as `serve` makes it by default: its guests have Müllers and Zoës.
        let demo = try Demo(rooms: 120)
        let token = try demo.token(.frontdesk)
        func found(_ query: String) async throws -> SearchResults {
            try await demo.get("/api/v1/properties/prp_garden/search?q=\(query)", token: token).decode(SearchResults.self)
        }
        let asWritten = try await found("M%C3%BCller")
        let guests = try #require(asWritten.guests)
        #expect(!guests.isEmpty && guests.allSatisfy { $0.name.contains("Müller") })
        let reservations = try #require(asWritten.reservations)
        #expect(!reservations.isEmpty && reservations.allSatisfy { $0.guest.name.contains("Müller") })
        for query in ["muller", "mueller", "MUELLER", "M%C3%9CLLER"] {
            #expect(try await found(query) == asWritten, "\(query)")
        }
        let zoe = try await found("zoe")
        #expect(zoe.guests?.isEmpty == false)
        #expect(zoe.guests?.allSatisfy { $0.name.hasPrefix("Zoë ") } == true)
        #expect(try await found("Zo%C3%AB") == zoe)
        #expect(try await found("miller").guests?.contains { $0.name.contains("Müller") } == false)
    }

    @Test func guestsShowTheirStaysAtEveryProperty() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        try demo.instance.setPermissions([.guestsRead], for: .housekeeper)
        let guest = try await demo.get("/api/v1/workspaces/wsp_demo/guests/gst_0001", token: token).decode(GuestDetail.self)
        #expect(guest.stays.map(\.propertyID) == ["prp_garden", "prp_harbour"], "listed even where the person does not reach")
        expectProblem(try await demo.get("/api/v1/workspaces/wsp_demo/guests/gst_9999", token: token), 404, .guestNotFound)
        expectProblem(try await demo.get("/api/v1/workspaces/wsp_x/guests/gst_0001", token: token), 404, .workspaceNotFound)
    }

    @Test func freeUnitsLeaveOutStaysAndBlocks() async throws {
        let demo = try Demo()
        let token = try demo.token(.frontdesk)
        func free(_ query: String) async throws -> HTTPResponse {
            try await demo.get("\(Desk.harbour)/units/available?\(query)", token: token)
        }
        let suites = try await free("room_type_id=rmt_ste&from=2026-11-02&to=2026-11-03")
        #expect(suites.headers["cache-control"] == "no-store")
        #expect(suites.headers["etag"] == nil)
        #expect(try suites.decode(AvailableUnits.self).units.isEmpty, "301 is blocked")
        #expect(try await free("room_type_id=rmt_ste&from=2026-11-04&to=2026-11-06").decode(AvailableUnits.self)
            .units.map(\.number) == ["301"])
        #expect(try await free("room_type_id=rmt_dbl&from=2026-11-05&to=2026-11-07").decode(AvailableUnits.self)
            .units.map(\.number) == ["101", "102", "201", "202"])
        expectProblem(try await free("from=2026-11-02&to=2026-11-03"), 400, .requestMalformed, field: "room_type_id")
        expectProblem(try await free("room_type_id=rmt_twn&from=11/02/2026&to=2026-11-03"), 400, .requestMalformed, field: "from")
        expectProblem(try await free("room_type_id=rmt_twn&from=2026-11-03&to=2026-11-03"), 400, .requestMalformed, field: "to")
        expectProblem(try await free("room_type_id=rmt_gstd&from=2026-11-02&to=2026-11-03"), 404, .roomTypeNotFound)
    }

    @Test func assignmentTakesAFreeRoomOfTheBookedType() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.frontdesk))
        expectProblem(try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_h201"}"#),
                      422, .assignmentUnitUnavailable, field: "unit_id")
        expectProblem(try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_h104"}"#),
                      422, .assignmentUnitUnavailable, field: "unit_id")
        expectProblem(try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_g101"}"#),
                      422, .assignmentUnitUnavailable, field: "unit_id")
        expectProblem(try await desk.act("PUT", "rsv_0003", "sty_0003", "assignment", json: #"{"unit_id": "unt_h202"}"#),
                      422, .assignmentStayNotReserved)
        expectProblem(try await demo.send("PUT", desk.stay("rsv_0004", "sty_0004", "assignment"), token: desk.token,
                                          json: #"{"unit_id": "unt_h203"}"#), 428, .preconditionRequired, field: "If-Match")
        expectProblem(try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_h203"}"#,
                                         version: 9), 412, .reservationVersionMismatch, field: "If-Match")
        #expect(try await desk.reservation("rsv_0004").version == 1, "refusals change nothing")

        let key = ["Idempotency-Key": "assign-1"]
        let assigned = try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_h203"}"#,
                                          version: 1, headers: key)
        #expect(assigned.headers["etag"] == "\"2\"")
        #expect(try assigned.decode(Reservation.self).rooms.first?.unit?.number == "203")
        let replay = try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_h203"}"#,
                                        version: 1, headers: key)
        #expect(replay.body == assigned.body, "the key is checked before If-Match")
        let same = try await desk.act("PUT", "rsv_0004", "sty_0004", "assignment", json: #"{"unit_id": "unt_h203"}"#)
        #expect(try same.decode(Reservation.self).version == 2, "the unit it already has: unchanged")

        #expect(try await desk.act("DELETE", "rsv_0004", "sty_0004", "assignment").decode(Reservation.self).version == 3)
        #expect(try await desk.act("DELETE", "rsv_0004", "sty_0004", "assignment").decode(Reservation.self).version == 3)
        expectProblem(try await desk.act("DELETE", "rsv_0003", "sty_0003", "assignment"), 422, .assignmentStayNotReserved)
        expectProblem(try await desk.act("PUT", "rsv_0004", "sty_0099", "assignment", json: #"{"unit_id": "unt_h203"}"#),
                      404, .stayNotFound)
        #expect(try await demo.stats().writesApplied["stays.assign"] == 1)
    }

    @Test func checkInFollowsItsRulesInOrder() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.frontdesk))
        let supervisor = try demo.token(.supervisor)
        expectProblem(try await desk.act("POST", "rsv_0003", "sty_0003", "check_in", json: "{}"), 422, .checkInNotConfirmed)
        expectProblem(try await desk.act("POST", "rsv_0004", "sty_0004", "check_in", json: "{}"), 422, .checkInNoUnit)
        expectProblem(try await desk.act("POST", "rsv_0001", "sty_0001", "check_in"), 422, .checkInUnitNotReady,
                      field: "override_reason")
        expectProblem(try await desk.act("POST", "rsv_0001", "sty_0001", "check_in", json: #"{"override_reason": "VIP"}"#),
                      403, .authForbidden, field: "override_reason")
        let long = String(repeating: "r", count: 501)
        expectProblem(try await desk.act("POST", "rsv_0001", "sty_0001", "check_in", json: #"{"override_reason": "\#(long)"}"#,
                                         as: supervisor), 422, .requestInvalid, field: "override_reason")
        let overridden = try await desk.act("POST", "rsv_0001", "sty_0001", "check_in",
                                            json: #"{"override_reason": "Guest waits in the lounge"}"#, as: supervisor)
        #expect(overridden.status == 200)
        let reservation = try overridden.decode(Reservation.self)
        #expect(reservation.status == .checkedIn)
        #expect(reservation.rooms.first?.checkedInAt != nil)
        let units = try await demo.get("\(Desk.harbour)/units", token: desk.token).decode(UnitList.self)
        #expect(units.units.first { $0.number == "101" }?.occupancy == .occupied)

        // A reservation with one stay in and one still reserved is checked in; the other stay can follow.
        let first = try await desk.act("POST", "rsv_0005", "sty_0005", "check_in", json: "{}").decode(Reservation.self)
        #expect(first.status == .checkedIn)
        #expect(first.rooms.map(\.status) == [.checkedIn, .reserved])
        #expect(try await desk.act("POST", "rsv_0005", "sty_0006", "check_in").status == 200)
    }

    @Test func aStayOutsideTheBusinessDateCannotCheckIn() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.frontdesk))
        let found = try await demo.get("/api/v1/properties/prp_garden/search?q=gc-", token: desk.token).decode(SearchResults.self)
        let future = try #require(found.reservations?.first { summary in
            summary.status == .confirmed && summary.arrival > DemoConfiguration.defaultBusinessDate
                && summary.rooms.first?.unit != nil && summary.rooms.first?.status == .reserved
        })
        let stayID = try #require(future.rooms.first?.id.rawValue)
        expectProblem(try await desk.act("POST", future.id.rawValue, stayID, "check_in", json: "{}", property: "prp_garden"),
                      422, .checkInOutsideStay)
    }

    @Test func checkOutOfTheLastRoomWithMoneyOwedNeedsApproval() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.frontdesk))
        let manager = try demo.token(.manager)
        let quote = try await demo.get("\(Desk.harbour)/reservations/rsv_0005/stays/sty_0005/checkout_quote", token: desk.token)
            .decode(CheckoutQuote.self)
        #expect(!quote.lastRoom && quote.remainingBalanceMinor == 0)
        expectProblem(try await desk.act("POST", "rsv_0005", "sty_0005", "check_out", json: "{}"), 422, .checkOutNotCheckedIn)
        expectProblem(try await desk.act("POST", "rsv_0002", "sty_0002", "check_out", json: "{}"), 422, .folioOpenBalance,
                      field: "approval_reason")
        expectProblem(try await desk.act("POST", "rsv_0002", "sty_0002", "check_out", json: #"{"approval_reason": "ok"}"#),
                      403, .authForbidden, field: "approval_reason")
        let before = try await demo.unit("unt_h102")
        let out = try await desk.act("POST", "rsv_0002", "sty_0002", "check_out", json: #"{"approval_reason": "Invoiced"}"#,
                                     as: manager).decode(Reservation.self)
        #expect(out.status == .checkedOut)
        let after = try await demo.unit("unt_h102")
        #expect(after.housekeepingStatus == .dirty)
        #expect(after.housekeepingVersion == before.housekeepingVersion + 1)
        #expect(after.occupancy == .vacant)

        // A balanced folio checks out without approval.
        let balanced = try await desk.act("POST", "rsv_0006", "sty_0007", "check_out").decode(Reservation.self)
        #expect(balanced.status == .checkedOut)
        let today = try await demo.get("\(Desk.harbour)/today", token: desk.token).decode(TodayOverview.self)
        #expect(today.departures.map(\.status) == [.checkedOut, .checkedOut])
    }

    @Test func onlyChangesOfTheBusinessDateCanBeUndone() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.manager))
        expectProblem(try await desk.act("POST", "rsv_0003", "sty_0003", "undo_check_in"), 422, .undoNotBusinessDate)
        expectProblem(try await desk.act("POST", "rsv_0001", "sty_0001", "undo_check_in"), 422, .undoNotApplicable)
        expectProblem(try await desk.act("POST", "rsv_0003", "sty_0003", "undo_check_out"), 422, .undoNotApplicable)
        #expect(try await desk.act("POST", "rsv_0005", "sty_0005", "check_in", json: "{}").status == 200)
        _ = try await demo.admin("POST", "/demo/night_audit")
        expectProblem(try await desk.act("POST", "rsv_0005", "sty_0005", "undo_check_in"), 422, .undoNotBusinessDate)
        let out = try await desk.act("POST", "rsv_0003", "sty_0003", "check_out", json: "{}")
        #expect(out.status == 200)
        let undone = try await desk.act("POST", "rsv_0003", "sty_0003", "undo_check_out").decode(Reservation.self)
        #expect(undone.status == .checkedIn)
        #expect(undone.rooms.first?.checkedOutAt == nil)
        #expect(try await demo.unit("unt_h201").housekeepingStatus == .dirty, "undoing a check-out leaves the status")
    }

    @Test func theNightAuditClosesTheBusinessDate() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.manager))
        #expect(try await desk.act("POST", "rsv_0005", "sty_0005", "check_in", json: "{}").status == 200)
        let audit = try await demo.admin("POST", "/demo/night_audit").decode(DemoNightAuditResult.self)
        #expect(audit.businessDate == BusinessDate("2026-11-03"))
        let noShow = try await desk.reservation("rsv_0004")
        #expect(noShow.status == .noShow)
        #expect(noShow.version == 2)
        #expect(try await desk.reservation("rsv_0005").rooms.map(\.status) == [.checkedIn, .noShow])
        let today = try await demo.get("\(Desk.harbour)/today", token: desk.token).decode(TodayOverview.self)
        #expect(today.businessDate == BusinessDate("2026-11-03"))
        let tasks = try await demo.get("\(Desk.harbour)/tasks", token: desk.token).decode(TaskList.self)
        #expect(tasks.businessDate == BusinessDate("2026-11-03"))
        #expect(Set(tasks.tasks.map(\.unit.number)) == ["103", "201"])
        #expect(tasks.tasks.allSatisfy { $0.assignee?.id == "usr_housekeeper" && $0.status == .open })
        _ = try await demo.admin("POST", "/demo/night_audit")
        let suite = try await demo.unit("unt_h301")
        #expect(suite.housekeepingStatus == .dirty, "the block of 301 ended")
        #expect(suite.housekeepingVersion == 2)
    }
}

@Suite("Front desk: a room another stay still occupies")
struct OccupiedCheckInTests {
    /// Weber (HV-1002) is still in 102 on his departure day; Amelia Hart's stay is moved there.
    func ameliaIn102(_ desk: Desk) async throws {
        let assigned = try await desk.act("PUT", "rsv_0001", "sty_0001", "assignment", json: #"{"unit_id": "unt_h102"}"#)
        #expect(assigned.status == 200, "102 is free from tonight: Weber's stay ends today")
    }

    @Test func aCheckInIntoAnOccupiedRoomIsRefusedWithNoOverride() async throws {
        let demo = try Demo()
        let desk = Desk(demo: demo, token: try demo.token(.frontdesk))
        try await ameliaIn102(desk)
        let before = try await demo.stats().writesApplied["stays.check_in"] ?? 0
        let refused = try await desk.act("POST", "rsv_0001", "sty_0001", "check_in", json: "{}")
        expectProblem(refused, 422, .checkInUnitOccupied)
        let problem = try refused.decode(ProblemDocument.self)
        #expect(problem.detail == "Room 102 is still occupied: HV-1002 (Jonas Weber) has not checked out.")
        // A manager's reason does not override it: the room has a guest in it.
        let manager = try demo.token(.manager)
        expectProblem(try await desk.act("POST", "rsv_0001", "sty_0001", "check_in",
                                         json: #"{"override_reason": "VIP"}"#, as: manager), 422, .checkInUnitOccupied)
        #expect(try await demo.stats().writesApplied["stays.check_in"] ?? 0 == before, "nothing was written")
        #expect(try await desk.reservation("rsv_0001").rooms.first?.status == .reserved)

        // Once Weber has left, the check-in is a matter of readiness again.
        let approval = #"{"approval_reason": "Invoiced"}"#
        #expect(try await desk.act("POST", "rsv_0002", "sty_0002", "check_out", json: approval, as: manager).status == 200)
        expectProblem(try await desk.act("POST", "rsv_0001", "sty_0001", "check_in", json: "{}"), 422,
                      .checkInUnitNotReady, field: "override_reason")
    }

    @Test func theFreeRoomsSayWhichAreOccupiedTonight() async throws {
        let demo = try Demo()
        let token = try demo.token(.frontdesk)
        let free = try await demo.get("\(Desk.harbour)/units/available?room_type_id=rmt_dbl&from=2026-11-02&to=2026-11-05",
                                      token: token).decode(AvailableUnits.self)
        let byNumber = Dictionary(free.units.map { ($0.number, $0.occupancy) }, uniquingKeysWith: { a, _ in a })
        #expect(byNumber == ["102": .departing, "202": .departing], "both guests leave today and are still in")
    }
}
