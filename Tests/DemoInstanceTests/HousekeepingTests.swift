import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Units, housekeeping status and idempotency keys", .timeLimit(.minutes(5)))
struct HousekeepingTests {
    let path = "/api/v1/properties/prp_harbour/units/unt_h101/housekeeping"

    @Test func everyStatusWriteAdvancesTheVersionAndTheSameStatusChangesNothing() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let clean = try await demo.send("PUT", path, token: token, json: #"{"status": "clean", "expected_housekeeping_version": 3}"#)
        #expect(clean.status == 200)
        #expect(clean.headers["cache-control"] == "no-store")
        let unit = try clean.decode(RoomUnit.self)
        #expect(unit.housekeepingStatus == .clean)
        #expect(unit.housekeepingVersion == 4)
        #expect(unit.housekeepingUpdatedAt > Instant(rfc3339: "2026-11-02T06:05:00Z")!)

        let same = try await demo.send("PUT", path, token: token, json: #"{"status": "clean", "expected_housekeeping_version": 1}"#)
        #expect(same.status == 200)
        #expect(try same.decode(RoomUnit.self) == unit)

        let lastWins = try await demo.send("PUT", path, token: token, json: #"{"status": "dirty"}"#)
        #expect(try lastWins.decode(RoomUnit.self).housekeepingVersion == 5)
        #expect(try await demo.stats().writesApplied["units.housekeeping"] == 2)
    }

    @Test func anotherExpectedVersionIsAConflictAndWritesNothing() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        _ = try await demo.admin("POST", "/demo/units/101/housekeeping", json: #"{"status": "dirty"}"#)
        let conflict = try await demo.send("PUT", path, token: token, json: #"{"status": "clean", "expected_housekeeping_version": 3}"#)
        expectProblem(conflict, 409, .unitStatusConflict, field: "expected_housekeeping_version")
        #expect(try conflict.decode(ProblemDocument.self).detail == "Room 101 is at housekeeping version 4, not 3.")
        let unit = try await demo.unit("unt_h101")
        #expect(unit.housekeepingStatus == .dirty)
        #expect(unit.housekeepingVersion == 4)
    }

    /// #31: a housekeeper marked her own rooms inspected; that is a supervisor's check.
    @Test func inspectedNeedsTheInspectGrantAndIsRefusedBeforeTheKey() async throws {
        let demo = try Demo()
        let headers = ["Idempotency-Key": "inspect-key-0001"]
        let refused = try await demo.send("PUT", path, token: try demo.token(.housekeeper),
                                          json: #"{"status": "inspected"}"#, headers: headers)
        expectProblem(refused, 403, .authForbidden, field: "status")
        #expect(try await demo.unit("unt_h101").housekeepingStatus == .dirty)
        #expect(try demo.instance.idempotencyKeysInFlight() == 0)
        // Dirty and clean stay hers; the supervisor inspects.
        #expect(try await demo.send("PUT", path, token: try demo.token(.housekeeper), json: #"{"status": "clean"}"#).status == 200)
        let inspected = try await demo.send("PUT", path, token: try demo.token(.supervisor), json: #"{"status": "inspected"}"#)
        #expect(try inspected.decode(RoomUnit.self).housekeepingStatus == .inspected)
    }

    /// #31: an out-of-order room showed no block anywhere; the unit now carries the one running.
    @Test func aUnitCarriesTheBlockRunningOnTheBusinessDate() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let list = try await demo.get("/api/v1/properties/prp_harbour/units", token: token).decode(UnitList.self)
        let blocked = list.units.filter { $0.block != nil }
        #expect(blocked.map(\.number) == ["301"])
        #expect(blocked.first?.block == UnitBlock(id: "blk_0001", kind: .outOfOrder, from: BusinessDate("2026-11-01")!,
                                                  to: BusinessDate("2026-11-04")!, reason: "Leaking shower tray"))
        let detail = try await demo.get("/api/v1/properties/prp_harbour/units/unt_h301", token: token).decode(UnitDetail.self)
        #expect(detail.unit.block?.id == "blk_0001")
        // The list carries `null` for the others, as the contract says.
        let raw = try await demo.get("/api/v1/properties/prp_harbour/units", token: token)
        #expect(String(decoding: raw.body, as: UTF8.self).contains(#""block":null"#))
    }

    @Test func onlyDirtyCleanAndInspectedAreSetByHand() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "out_of_order"}"#),
                      422, .unitStatusInvalid, field: "status")
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "sparkling"}"#),
                      422, .requestInvalid, field: "status")
        expectProblem(try await demo.send("PUT", "/api/v1/properties/prp_harbour/units/unt_h999/housekeeping",
                                          token: token, json: #"{"status": "clean"}"#), 404, .unitNotFound)
        #expect(try await demo.unit("unt_h101").housekeepingVersion == 3)
    }

    @Test func aRepeatedKeyAnswersTheFirstAnswerEvenAfterTheRoomChanged() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let headers = ["Idempotency-Key": "0123456789abcdef0123456789abcdef"]
        let body = #"{"status": "clean", "expected_housekeeping_version": 3}"#
        let first = try await demo.send("PUT", path, token: token, json: body, headers: headers)
        #expect(first.status == 200)
        let replay = try await demo.send("PUT", path, token: token, json: body, headers: headers)
        #expect(replay.status == 200)
        #expect(replay.body == first.body)
        #expect(replay.headers["content-type"] == "application/json")

        // The key is checked before the version: a lost answer never turns into a false conflict.
        _ = try await demo.admin("POST", "/demo/units/101/housekeeping", json: #"{"status": "dirty"}"#)
        let late = try await demo.send("PUT", path, token: token, json: body, headers: headers)
        #expect(late.status == 200)
        #expect(late.body == first.body)
        #expect(try await demo.stats().writesApplied["units.housekeeping"] == 1)
        #expect(try await demo.unit("unt_h101").housekeepingStatus == .dirty)

        // The same key of another person is theirs alone.
        let other = try await demo.send("PUT", path, token: try demo.token(.supervisor), json: body, headers: headers)
        expectProblem(other, 409, .unitStatusConflict, field: "expected_housekeeping_version")
    }

    @Test func refusalsAreRememberedAndOtherBodiesRefused() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let headers = ["Idempotency-Key": "conflict-key"]
        let stale = #"{"status": "clean", "expected_housekeeping_version": 1}"#
        expectProblem(try await demo.send("PUT", path, token: token, json: stale, headers: headers), 409, .unitStatusConflict,
                      field: "expected_housekeeping_version")
        expectProblem(try await demo.send("PUT", path, token: token, json: stale, headers: headers), 409, .unitStatusConflict,
                      field: "expected_housekeeping_version")
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "dirty"}"#, headers: headers),
                      422, .idempotencyKeyReused, field: "Idempotency-Key")
        expectProblem(try await demo.send("PUT", path, token: token, json: stale, headers: ["Idempotency-Key": "has space"]),
                      400, .requestMalformed, field: "Idempotency-Key")
        expectProblem(try await demo.send("PUT", path, token: token, json: stale,
                                          headers: ["Idempotency-Key": String(repeating: "k", count: 256)]),
                      400, .requestMalformed, field: "Idempotency-Key")
        #expect(try await demo.unit("unt_h101").housekeepingVersion == 3)
    }

    @Test func aRepeatWhileTheFirstStillRunsIsInProgress() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let fault = try await demo.admin("POST", "/demo/faults",
                                         json: #"{"operation": "units.housekeeping", "kind": "delay", "count": 1, "delay_ms": 60000}"#)
        #expect(fault.status == 201)
        let headers = ["Idempotency-Key": "slow-key"]
        let body = #"{"status": "clean", "expected_housekeeping_version": 3}"#
        let first = Task { try await demo.send("PUT", path, token: token, json: body, headers: headers) }
        // The request in flight announces nothing: looked for with no bound of its own (#33).
        while try demo.instance.idempotencyKeysInFlight() == 0, !Task.isCancelled {
            try await Task.sleep(for: .milliseconds(1))
        }
        let repeated = try await demo.send("PUT", path, token: token, json: body, headers: headers)
        expectProblem(repeated, 409, .idempotencyInProgress, field: "Idempotency-Key")
        demo.instance.endDelays()
        let answer = try await first.value
        #expect(answer.status == 200)
        let after = try await demo.send("PUT", path, token: token, json: body, headers: headers)
        #expect(after.status == 200)
        #expect(after.body == answer.body)
        #expect(try await demo.stats().writesApplied["units.housekeeping"] == 1)
    }

    @Test func theDeskChangesARoomByNumberAlwaysAdvancingItsVersion() async throws {
        let demo = try Demo()
        let unit = try await demo.admin("POST", "/demo/units/203/housekeeping", json: #"{"status": "clean"}"#)
        #expect(unit.status == 200)
        let changed = try unit.decode(RoomUnit.self)
        #expect(changed.housekeepingStatus == .clean)
        #expect(changed.housekeepingVersion == 6)
        expectProblem(try await demo.admin("POST", "/demo/units/999/housekeeping", json: #"{"status": "clean"}"#),
                      404, .unitNotFound)
        let garden = try await demo.admin("POST", "/demo/units/101/housekeeping?property_id=prp_garden",
                                          json: #"{"status": "inspected"}"#).decode(RoomUnit.self)
        #expect(garden.id == "unt_g101")
        #expect(garden.housekeepingStatus == .inspected)
    }

    @Test func unitsListAndDetailShowOccupancyAndTasks() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let list = try await demo.get("/api/v1/properties/prp_harbour/units", token: token).decode(UnitList.self)
        #expect(list.units.map(\.number) == ["101", "102", "103", "104", "201", "202", "203", "301"])
        #expect(list.units.map(\.occupancy) == [.arriving, .departing, .arriving, .arriving, .occupied, .departing,
                                                .vacant, .vacant])
        let detail = try await demo.get("/api/v1/properties/prp_harbour/units/unt_h103", token: token).decode(UnitDetail.self)
        #expect(detail.tasks.map(\.id) == ["tsk_0004"])
        #expect(detail.tasks.first?.assignee?.id == "usr_supervisor")
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/units/unt_nope", token: token), 404, .unitNotFound)
    }
}
