import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Device sessions and pairing")
struct SessionTests {
    private func pairingCode(_ demo: Demo, _ member: String = "housekeeper") async throws -> String {
        let created = try await demo.admin("POST", "/demo/pairings", json: #"{"member": "\#(member)"}"#)
        #expect(created.status == 201)
        let link = try created.decode(DemoPairingCreated.self)
        #expect(link.expiresIn == 120)
        #expect(link.pairingURL.hasPrefix("\(demo.origin)/mobile/pair#gcp_"))
        return try #require(PairingLink(link.pairingURL)).pairingCode
    }

    private func exchange(_ demo: Demo, _ code: String, name: String = "hk-handheld-07 terminal") async throws -> HTTPResponse {
        try await demo.send("POST", "/api/v1/device_sessions",
                            json: #"{"pairing_code": "\#(code)", "device_name": "\#(name)"}"#)
    }

    @Test func aPairingCodeGivesASessionAndItsSecondUseRevokesIt() async throws {
        let demo = try Demo()
        let code = try await pairingCode(demo)
        let first = try await exchange(demo, code)
        #expect(first.status == 201)
        let created = try first.decode(DeviceSessionCreated.self)
        #expect(CredentialPrefix.isDeviceToken(created.token))
        #expect(created.user == User(id: "usr_housekeeper", name: "Hana Kowalski", email: "housekeeper@demo.guestcraft.test"))
        #expect(created.deviceSession.current)
        #expect(created.deviceSession.name == "hk-handheld-07 terminal")
        #expect(created.deviceSession.id.rawValue.hasPrefix("dvs_"))
        #expect(try await demo.get("/api/v1/workspaces", token: created.token).status == 200)

        expectProblem(try await exchange(demo, code), 400, .deviceSessionInvalidGrant)
        expectProblem(try await demo.get("/api/v1/workspaces", token: created.token), 401, .authUnauthenticated)
    }

    @Test func everyFailureOfACodeIsTheSameInvalidGrant() async throws {
        let clock = DemoClock(fixedAt: Instant(rfc3339: "2026-11-02T08:00:00Z")!)
        let demo = try Demo(clock: clock)
        let expired = try await pairingCode(demo)
        clock.advance(seconds: 121)
        expectProblem(try await exchange(demo, expired), 400, .deviceSessionInvalidGrant)
        let unknown = CredentialPrefix.make(prefix: "gcp_", bytes: Array(repeating: 7, count: 32))
        expectProblem(try await exchange(demo, unknown), 400, .deviceSessionInvalidGrant)
        expectProblem(try await exchange(demo, "gcp_short"), 400, .deviceSessionInvalidGrant)
        let pairing = try await pairingCode(demo)
        // A pairing code sent as a browser sign-in code is a code of the other grant.
        let crossed = try await demo.send("POST", "/api/v1/device_sessions", json: """
            {"code": "\(pairing.replacingOccurrences(of: "gcp_", with: "gcc_"))", "code_verifier": "\(String(repeating: "a", count: 43))",
             "redirect_uri": "http://127.0.0.1:5000/callback", "device_name": "x"}
            """)
        expectProblem(crossed, 400, .deviceSessionInvalidGrant)
        let invalid = try await demo.send("POST", "/api/v1/device_sessions", json: "{}")
        expectProblem(invalid, 400, .requestMalformed, field: "code")
    }

    @Test func aMalformedDeviceNameIsRefusedBeforeTheCodeIsUsed() async throws {
        let demo = try Demo()
        let code = try await pairingCode(demo)
        for name in ["bell\\u0007", "   ", "zero\\u200bwidth", String(repeating: "n", count: 101)] {
            expectProblem(try await exchange(demo, code, name: name), 400, .deviceSessionInvalidRequest, field: "device_name")
        }
        let created = try await exchange(demo, code, name: "  Desk 2 \\u00e9  ")
        #expect(created.status == 201)
        #expect(try created.decode(DeviceSessionCreated.self).deviceSession.name == "Desk 2 é")
    }

    @Test func aBodyWithBothGrantsIsMalformed() async throws {
        let demo = try Demo()
        let code = try await pairingCode(demo)
        let both = try await demo.send("POST", "/api/v1/device_sessions", json: """
            {"pairing_code": "\(code)", "code": "gcc_x", "device_name": "d"}
            """)
        expectProblem(both, 400, .requestMalformed, field: "pairing_code")
        #expect(try await exchange(demo, code).status == 201, "the refused body did not use the code")
    }

    @Test func sessionsAreListedNewestFirstAndRevokedWithIfMatch() async throws {
        let clock = DemoClock(fixedAt: Instant(rfc3339: "2026-11-02T07:58:12Z")!)
        let demo = try Demo(clock: clock)
        let older = try await demo.pairedToken(.frontdesk, device: "older")
        clock.advance(seconds: 60)
        let token = try await demo.pairedToken(.frontdesk, device: "fd-desk-01 terminal")
        let list = try await demo.get("/api/v1/device_sessions", token: token)
        #expect(list.headers["cache-control"] == "no-store")
        #expect(list.headers["etag"] == nil)
        let sessions = try list.decode(DeviceSessionList.self).deviceSessions
        #expect(sessions.map(\.name) == ["fd-desk-01 terminal", "older", "Back office terminal", "Reception iPad"])
        #expect(sessions.map(\.current) == [true, false, false, false])
        let other = sessions[1]

        let path = "/api/v1/device_sessions/\(other.id.rawValue)"
        expectProblem(try await demo.send("DELETE", path, token: token), 428, .preconditionRequired, field: "If-Match")
        expectProblem(try await demo.send("DELETE", path, token: token, headers: ["If-Match": "\"2026-01-01T00:00:00Z\""]),
                      412, .deviceSessionVersionMismatch, field: "If-Match")
        expectProblem(try await demo.send("DELETE", path, token: token, headers: ["If-Match": "W/\(other.etag.headerValue)"]),
                      412, .deviceSessionVersionMismatch, field: "If-Match")
        let revoked = try await demo.send("DELETE", path, token: token, headers: ["If-Match": other.etag.headerValue])
        #expect(revoked.status == 204)
        #expect(revoked.body.isEmpty)
        expectProblem(try await demo.get("/api/v1/workspaces", token: older), 401, .authUnauthenticated)
        expectProblem(try await demo.send("DELETE", path, token: token, headers: ["If-Match": other.etag.headerValue]),
                      404, .deviceSessionNotFound)

        // Another person's session is not found; one's own revocation is the sign-out.
        let housekeeper = try demo.token(.housekeeper)
        let own = try await demo.get("/api/v1/device_sessions", token: housekeeper).decode(DeviceSessionList.self)
        #expect(own.deviceSessions.count == 1)
        let mine = try #require(own.deviceSessions.first)
        expectProblem(try await demo.send("DELETE", "/api/v1/device_sessions/\(mine.id.rawValue)", token: token,
                                          headers: ["If-Match": mine.etag.headerValue]), 404, .deviceSessionNotFound)
        #expect(try await demo.send("DELETE", "/api/v1/device_sessions/\(mine.id.rawValue)", token: housekeeper,
                                    headers: ["If-Match": mine.etag.headerValue]).status == 204)
        expectProblem(try await demo.get("/api/v1/workspaces", token: housekeeper), 401, .authUnauthenticated)
    }

    @Test func lastUsedIsWrittenAtMostEveryFiveMinutes() async throws {
        let clock = DemoClock(fixedAt: Instant(rfc3339: "2026-11-02T08:00:00Z")!)
        let demo = try Demo(clock: clock)
        let token = try await demo.pairedToken(.manager)
        func lastUsed() async throws -> Instant? {
            try await demo.get("/api/v1/device_sessions", token: token).decode(DeviceSessionList.self)
                .deviceSessions.first { $0.current }?.lastUsedAt
        }
        clock.advance(seconds: 120)
        #expect(try await lastUsed() == Instant(rfc3339: "2026-11-02T08:00:00Z"))
        clock.advance(seconds: 200)
        #expect(try await lastUsed() == Instant(rfc3339: "2026-11-02T08:05:20Z"))
    }

    @Test func tooManyFailedGrantsFromAnAddressAre429() async throws {
        let demo = try Demo { $0.failedGrantsPerMinute = 3 }
        let good = try await pairingCode(demo)
        let unknown = CredentialPrefix.make(prefix: "gcp_", bytes: Array(repeating: 1, count: 32))
        for _ in 0..<3 { expectProblem(try await exchange(demo, unknown), 400, .deviceSessionInvalidGrant) }
        let limited = try await exchange(demo, good)
        expectProblem(limited, 429, .rateLimited)
        #expect(limited.headers["retry-after"] == "30")
        let problem = try limited.decode(ProblemDocument.self)
        #expect(problem.retryAfter == 30)
    }

    @Test func pairingOverTheAPIIsForBrowserSessionsOnly() async throws {
        let demo = try Demo()
        expectProblem(try await demo.send("POST", "/api/v1/device_pairings"), 401, .authUnauthenticated)
        expectProblem(try await demo.send("POST", "/api/v1/device_pairings", token: try demo.token(.manager)),
                      401, .authUnauthenticated)
    }

    @Test func tokensOfOtherShapesAreUnauthenticated() async throws {
        let demo = try Demo()
        let token = try demo.token(.manager)
        for header in ["", "Bearer", "Bearer gcd_", "Basic \(token)", "Bearer \(token)x",
                       "Bearer gcd_" + String(repeating: "A", count: 43)] {
            expectProblem(try await demo.get("/api/v1/workspaces", headers: ["Authorization": header]), 401,
                          .authUnauthenticated)
        }
        #expect(try await demo.get("/api/v1/workspaces", headers: ["Authorization": "bearer \(token)"]).status == 200)
    }
}
