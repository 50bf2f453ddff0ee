import Foundation
import GuestCraftAPI
import HTTPClient
import HTTPServer
@testable import InstanceClient
import Testing

/// The token goes to the origin that issued it and nowhere else, by any path.
@Suite struct TokenOriginTests {
    @Test func aRedirectToAnotherLoopbackPortNeverCarriesTheToken() async throws {
        let elsewhere = try PlainServer { _ in .text("{}", contentType: "application/json") }
        defer { elsewhere.stop() }
        let target = elsewhere.url("/api/v1/workspaces").absoluteString
        // A read gets 302, a PUT 307 and a DELETE 308 (the redirects that would keep method and body).
        let redirecting = try PlainServer { request in
            let status = ["PUT": 307, "DELETE": 308][request.method] ?? 302
            return .bytes(Data(), status: status, headers: [(name: "Location", value: target)])
        }
        defer { redirecting.stop() }
        let session = fakeSession(origin: redirecting.origin)
        let client = InstanceClient(session: session, http: makeHTTP())
        // Every device-token read and write of the contract, each answered by a redirect.
        do {
            _ = try await client.workspaces()
            Issue.record("a redirect was accepted")
        } catch {
            #expect(error == .invalidResponse(InvalidResponse(status: 302, what: "redirect refused (never followed)")))
        }
        let property = PropertyID("prp_harbour")
        await #expect(throws: GuestCraftError.self) { _ = try await client.units(property: property) }
        await #expect(throws: GuestCraftError.self) {
            _ = try await client.setHousekeeping(property: property, unit: UnitID("unt_h101"),
                                                 HousekeepingChange(status: .clean, expectedHousekeepingVersion: 1),
                                                 idempotencyKey: "k1")
        }
        await #expect(throws: GuestCraftError.self) { try await client.revokeOwnSession() }
        #expect(redirecting.requests.count == 4)
        #expect(redirecting.requests.allSatisfy { $0.header("authorization") == "Bearer \(session.token)" })
        #expect(elsewhere.requests.isEmpty, "the second listener received \(elsewhere.requests.count) requests")
    }

    @Test func theLastStepRefusesATokenForAnotherOrigin() async throws {
        let elsewhere = try PlainServer { _ in .text("{}", contentType: "application/json") }
        defer { elsewhere.stop() }
        let issuer = InstanceOrigin(scheme: "http", host: "127.0.0.1", port: 1)!
        let wire = Wire(http: makeHTTP(), logger: nil)
        var request = WireRequest(operation: .workspacesList, url: elsewhere.url("/api/v1/workspaces"), method: "GET")
        request.bearer = ("gcd_secret", issuer)
        await #expect(throws: GuestCraftError.noAnswer(.notSent("the token is sent to the origin that issued it only"))) {
            _ = try await wire.send(request, cancellation: nil)
        }
        // Same host, other port; other host spelling of the same address: still another origin.
        for url in ["http://127.0.0.1:2/api/v1/workspaces", "http://localhost:1/api/v1/workspaces",
                    "https://127.0.0.1:1/api/v1/workspaces"] {
            request.url = URL(string: url)!
            await #expect(throws: GuestCraftError.self) { _ = try await wire.send(request, cancellation: nil) }
        }
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func operationsWithoutCredentialsSendNoToken() async throws {
        let server = try PlainServer { request in
            jsonAnswer(discoveryDocument(origin: "http://\(request.headers["host"] ?? "")"))
        }
        defer { server.stop() }
        let client = InstanceClient(session: fakeSession(origin: server.origin), http: makeHTTP())
        _ = try await client.instance()
        let connector = InstanceConnector(http: makeHTTP())
        _ = try await connector.connect(origin: server.origin)
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.header("authorization") == nil })
    }

    @Test func pathParametersStayInThePath() async throws {
        let server = try PlainServer { _ in .text("{}", status: 404, contentType: "application/json") }
        defer { server.stop() }
        let client = InstanceClient(session: fakeSession(origin: server.origin), http: makeHTTP())
        _ = try? await client.unit(property: PropertyID("//evil.example:1"), id: UnitID("@evil.example"))
        _ = try? await client.reservation(property: PropertyID("../.."), id: ReservationID("?x=1#y"))
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.header("authorization") != nil })
        #expect(server.requests.map(\.path) == ["/api/v1/properties///evil.example:1/units/@evil.example",
                                                "/api/v1/properties/../../reservations/?x=1#y"])
    }

    @Test func logLinesNeverHoldTheToken() async throws {
        let server = try PlainServer { request in
            if request.path.hasSuffix("/workspaces") {
                return .bytes(try! APIJSON.encode(ProblemDocument(code: .rateLimited, detail: "slow down", retryAfter: 3)),
                              status: 429, headers: [(name: "Content-Type", value: "application/problem+json"),
                                                     (name: "Retry-After", value: "3"),
                                                     (name: "X-Request-Id", value: "req_42")])
            }
            return .text("not json", status: 200, contentType: "application/json")
        }
        defer { server.stop() }
        let lines = Shared<[ClientLogEntry]>([])
        let session = fakeSession(origin: server.origin)
        let client = InstanceClient(session: session, http: makeHTTP(), logger: { entry in lines.update { $0.append(entry) } })
        await #expect(throws: GuestCraftError.self) { _ = try await client.workspaces() }
        await #expect(throws: GuestCraftError.self) { _ = try await client.units(property: PropertyID("prp_x")) }
        let entries = lines.value
        #expect(entries.count == 2)
        #expect(entries.first?.operation == .workspacesList)
        #expect(entries.first?.status == 429)
        #expect(entries.first?.problemCode == "rate_limited")
        #expect(entries.first?.requestID == "req_42")
        #expect(entries.last?.operation == .unitsList)
        #expect(entries.last?.outcome.hasPrefix("invalid response") == true)
        for entry in entries { #expect(!entry.description.contains(session.token)) }
    }
}
