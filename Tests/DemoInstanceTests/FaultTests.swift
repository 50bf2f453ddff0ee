import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Demo faults and counts")
struct FaultTests {
    let path = "/api/v1/properties/prp_harbour/units/unt_h101/housekeeping"
    let clean = #"{"status": "clean", "expected_housekeeping_version": 3}"#

    private func arm(_ demo: Demo, _ json: String) async throws -> DemoFault {
        let response = try await demo.admin("POST", "/demo/faults", json: json)
        #expect(response.status == 201)
        return try response.decode(DemoFault.self)
    }

    @Test func aDroppedAnswerWasStillApplied() async throws {
        let demo = try Demo()
        let fault = try await arm(demo, #"{"count": 1, "kind": "drop_after_apply", "operation": "units.housekeeping"}"#)
        #expect(fault.id == "flt_0001")
        #expect(fault.delayMS == nil && fault.status == nil && fault.retryAfter == nil)
        await #expect(throws: HTTPClientError.self) {
            try await demo.sendOnNewConnection("PUT", path, token: try demo.token(.housekeeper), json: clean)
        }
        let unit = try await demo.unit("unt_h101")
        #expect(unit.housekeepingStatus == .clean)
        #expect(unit.housekeepingVersion == 4)
    }

    @Test func anAnswerCutMidBodyWasStillApplied() async throws {
        let demo = try Demo()
        _ = try await arm(demo, #"{"count": 1, "kind": "close_mid_body", "operation": "units.housekeeping"}"#)
        await #expect(throws: HTTPClientError.self) {
            try await demo.sendOnNewConnection("PUT", path, token: try demo.token(.housekeeper), json: clean)
        }
        #expect(try await demo.unit("unt_h101").housekeepingVersion == 4)
    }

    @Test func aServerErrorAppliesNothing() async throws {
        let demo = try Demo()
        _ = try await arm(demo, #"{"count": 2, "kind": "server_error", "operation": "units.housekeeping", "status": 503}"#)
        let token = try demo.token(.housekeeper)
        expectProblem(try await demo.send("PUT", path, token: token, json: clean), 503, .internalError)
        expectProblem(try await demo.send("PUT", path, token: token, json: clean), 503, .internalError)
        #expect(try await demo.send("PUT", path, token: token, json: clean).status == 200, "two requests used the fault")
        _ = try await arm(demo, #"{"count": 1, "kind": "server_error", "operation": null}"#)
        expectProblem(try await demo.get("/api/v1/workspaces", token: token), 500, .internalError)
        #expect(try await demo.stats().writesApplied["units.housekeeping"] == 1)
    }

    @Test func aRateLimitSaysWhenToRetry() async throws {
        let demo = try Demo()
        _ = try await arm(demo, #"{"count": 1, "kind": "rate_limit", "operation": null, "retry_after": 2}"#)
        let limited = try await demo.send("PUT", path, token: try demo.token(.housekeeper), json: clean)
        expectProblem(limited, 429, .rateLimited)
        #expect(limited.headers["retry-after"] == "2")
        let problem = try limited.decode(ProblemDocument.self)
        #expect(problem.retryAfter == 2)
        #expect(problem.detail == "Slow down; try again in 2 seconds.")
        #expect(try await demo.unit("unt_h101").housekeepingVersion == 3)
    }

    @Test func aDelayAnswersNormallyAndFaultsAreUsedInOrder() async throws {
        let demo = try Demo()
        _ = try await arm(demo, #"{"count": 1, "kind": "delay", "operation": "units.list", "delay_ms": 50}"#)
        _ = try await arm(demo, #"{"count": 1, "kind": "server_error", "operation": "units.list"}"#)
        let token = try demo.token(.housekeeper)
        #expect(try await demo.get("/api/v1/properties/prp_harbour/units", token: token).status == 200)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/units", token: token), 500, .internalError)
        #expect(try await demo.get("/api/v1/properties/prp_harbour/units", token: token).status == 200)
        // A fault for any operation catches /api/v1 only, never discovery or the admin endpoints.
        _ = try await arm(demo, #"{"count": 1, "kind": "server_error", "operation": null}"#)
        #expect(try await demo.get("/.well-known/guestcraft").status == 200)
        #expect(try await demo.admin("GET", "/demo/stats").status == 200)
        expectProblem(try await demo.get("/api/v1/instance"), 500, .internalError)
    }

    @Test func faultsThatMakeNoSenseAreRefused() async throws {
        let demo = try Demo()
        expectProblem(try await demo.admin("POST", "/demo/faults", json: #"{"count": 0, "kind": "delay", "operation": null}"#),
                      422, .requestInvalid, field: "count")
        expectProblem(try await demo.admin("POST", "/demo/faults", json: #"{"count": 1, "kind": "explode", "operation": null}"#),
                      422, .requestInvalid, field: "kind")
        expectProblem(try await demo.admin("POST", "/demo/faults",
                                           json: #"{"count": 1, "kind": "server_error", "operation": null, "status": 200}"#),
                      422, .requestInvalid, field: "status")
        expectProblem(try await demo.admin("POST", "/demo/pairings", json: #"{"member": "owner"}"#),
                      422, .requestInvalid, field: "member")
    }

    @Test func statsCountRequestsWritesAndConnections() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        _ = try await demo.get("/.well-known/guestcraft")
        _ = try await demo.get("/api/v1/properties/prp_harbour/units", token: token)
        _ = try await demo.get("/api/v1/properties/prp_harbour/units", token: token)
        let headers = ["Idempotency-Key": "stats-key"]
        _ = try await demo.send("PUT", path, token: token, json: clean, headers: headers)
        _ = try await demo.send("PUT", path, token: token, json: clean, headers: headers)
        _ = try await demo.send("PUT", "/api/v1/properties/prp_harbour/units/unt_h203/housekeeping", token: token,
                                json: #"{"status": "dirty"}"#)
        let stats = try await demo.stats()
        #expect(stats.requests == ["instance.discovery": 1, "units.list": 2, "units.housekeeping": 3])
        #expect(stats.writesApplied == ["units.housekeeping": 2])
        #expect(stats.connectionsAccepted == 1)
        #expect(try await demo.stats().requests["demo.stats"] == 1)
    }
}
