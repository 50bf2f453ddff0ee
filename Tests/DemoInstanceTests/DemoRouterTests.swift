import Foundation
import DemoInstance
import GuestCraftAPI
import HTTPServer
import Testing
import TestSupport

/// The demo's routes in process, without a server (what the `demo` fuzz target calls): the same
/// answers as over HTTP.
@Suite struct DemoRouterTests {
    @Test func answersDiscoveryAReadWithATokenAndARefusalWithoutASocket() throws {
        let directory = try TemporaryDirectory()
        let router = try DemoRouter(configuration: DemoConfiguration(dataDirectory: directory.url, rooms: 4, log: { _ in }))
        defer { router.close() }

        let discovery = router.respond(to: HTTPServerRequest(method: "GET", path: "/.well-known/guestcraft"))
        #expect(discovery.status == 200)

        let token = try router.deviceToken(for: .manager)
        let workspaces = router.respond(to: HTTPServerRequest(method: "GET", path: "/api/v1/workspaces",
                                                              headers: ["authorization": "Bearer \(token)"]))
        #expect(workspaces.status == 200)

        let refused = router.respond(to: HTTPServerRequest(method: "GET", path: "/api/v1/workspaces"))
        #expect(refused.status == 401)
        guard case .bytes(let body) = refused.body else {
            Issue.record("a refusal has a body")
            return
        }
        #expect(try APIJSON.decode(ProblemDocument.self, from: body).status == 401)
    }

    @Test func needsADataDirectory() {
        #expect(throws: DemoError.self) { try DemoRouter(configuration: DemoConfiguration(log: { _ in })) }
    }
}
