import Foundation
import Testing
@testable import GuestCraftAPI

/// The route table: endpoints build paths the server's matcher maps back to the same operation.
@Suite("Routes and endpoints")
struct RoutingTests {
    /// Sample values for every path parameter, with characters that need percent-encoding.
    static let samples: [String: String] = [
        "property_id": "prp_harbour", "reservation_id": "rsv_0001", "stay_id": "sty/0001", "unit_id": "unt h101",
        "task_id": "tsk_0005", "ticket_id": "mtk_9c2f4e7a1b3d5e60", "photo_id": "mph_4b8e1f0a9d2c7e35",
        "workspace_id": "wsp_demo", "guest_id": "gst_0001", "device_session_id": "dvs_5Jw2nQ8rT4", "number": "1A?",
    ]

    @Test("every operation's filled-in path matches back to it with decoded parameters", arguments: OperationID.allCases)
    func roundTrip(operation: OperationID) throws {
        let descriptor = operation.descriptor
        let parameters = Dictionary(uniqueKeysWithValues: descriptor.pathParameters.map { ($0, RoutingTests.samples[$0]!) })
        let path = try #require(descriptor.path(filling: parameters))
        let match = try #require(OperationID.match(method: descriptor.method.rawValue, path: path + "?x=1"))
        #expect(match.operation == operation)
        #expect(match.parameters == parameters)
    }

    @Test("parameters are percent-encoded in paths")
    func percentEncoding() {
        let endpoint = Endpoints.unitsHousekeeping(propertyID: "prp_harbour", unitID: "unt h/101")
        #expect(endpoint.path == "/api/v1/properties/prp_harbour/units/unt%20h%2F101/housekeeping")
        #expect(OperationID.match(method: "PUT", path: endpoint.path)?["unit_id"] == "unt h/101")
    }

    @Test("a literal segment wins over a parameter")
    func literalWins() {
        #expect(OperationID.match(method: "GET", path: "/api/v1/properties/prp_harbour/units/available")?.operation == .unitsAvailable)
        #expect(OperationID.match(method: "GET", path: "/api/v1/properties/prp_harbour/units/unt_h101")?.operation == .unitsGet)
        #expect(OperationID.resolve(method: "PUT", path: "/api/v1/properties/prp_harbour/units/available") == .methodNotAllowed(allowed: [.get]))
    }

    @Test("the same path with several methods")
    func methodsOfOnePath() {
        let path = "/api/v1/properties/p/reservations/r/stays/s/assignment"
        #expect(OperationID.match(method: "PUT", path: path)?.operation == .staysAssign)
        #expect(OperationID.match(method: "delete", path: path)?.operation == .staysUnassign)
        #expect(OperationID.resolve(method: "POST", path: path) == .methodNotAllowed(allowed: [.put, .delete]))
        #expect(OperationID.match(method: "GET", path: "/mobile/authorize")?.operation == .mobileAuthorize)
        #expect(OperationID.match(method: "POST", path: "/mobile/authorize")?.operation == .mobileAuthorizeSubmit)
        #expect(OperationID.match(method: "HEAD", path: "/.well-known/guestcraft")?.operation == .instanceDiscovery)
    }

    @Test("unknown paths, trailing slashes and broken escapes are not found")
    func notFound() {
        for path in ["/", "/api/v1", "/api/v1/units", "/api/v1/workspaces/", "/api/v1//workspaces", "api/v1/workspaces",
                     "/api/v1/properties/p/units/unt%ZZ", "/api/v2/workspaces", "/api/v1/properties/p/units/u/housekeeping/x"] {
            #expect(OperationID.resolve(method: "GET", path: path) == .notFound, "\(path)")
        }
    }

    @Test("query items are encoded and the query is kept apart from the path")
    func queries() {
        let search = Endpoints.search(propertyID: "prp_harbour", query: "Hart & Söhne+1")
        #expect(search.pathAndQuery == "/api/v1/properties/prp_harbour/search?q=Hart%20%26%20S%C3%B6hne%2B1")
        #expect(PercentEncoding.parseQuery(search.query).first?.value == "Hart & Söhne+1")
        #expect(PercentEncoding.parseQuery("q=two+words&empty=&flag").map(\.value) == ["two words", "", ""])
        let available = Endpoints.unitsAvailable(propertyID: "prp_harbour", roomTypeID: "rmt_twn",
                                                 from: BusinessDate("2026-11-02")!, to: BusinessDate("2026-11-03")!)
        #expect(available.query == "room_type_id=rmt_twn&from=2026-11-02&to=2026-11-03")
        #expect(Endpoints.tasksList(propertyID: "prp_harbour").query == "assignee=me")
        #expect(Endpoints.tasksList(propertyID: "prp_harbour", assignedToMe: false).query.isEmpty)
        #expect(Endpoints.workspacesProperties(workspaceID: "wsp_demo", cursor: nil).pathAndQuery == "/api/v1/workspaces/wsp_demo/properties")
        #expect(Endpoints.workspacesProperties(workspaceID: "wsp_demo", cursor: "c/2").query == "cursor=c%2F2")
        #expect(search.url(origin: "https://hotel.example.com/") == "https://hotel.example.com" + search.pathAndQuery)
    }

    @Test("the sign-in URL carries PKCE S256, state and the device name")
    func authorizeURL() {
        let endpoint = Endpoints.mobileAuthorize(redirectURI: "http://127.0.0.1:49152/callback", codeChallenge: "abc",
                                                 state: "xyz", deviceName: "desk 1 terminal")
        let items = Dictionary(uniqueKeysWithValues: PercentEncoding.parseQuery(endpoint.query).map { ($0.name, $0.value) })
        #expect(endpoint.path == "/mobile/authorize")
        #expect(items["response_type"] == "code" && items["code_challenge_method"] == "S256")
        #expect(items["redirect_uri"] == "http://127.0.0.1:49152/callback" && items["device_name"] == "desk 1 terminal")
    }

    @Test("the route rows say credentials, preconditions and idempotency as api.md does")
    func descriptors() {
        let housekeeping = Endpoints.unitsHousekeeping(propertyID: "p", unitID: "u")
        #expect(housekeeping.method == .put && housekeeping.idempotencyKey == .optional && housekeeping.ifMatch == .notTaken)
        #expect(housekeeping.credentials == .deviceToken && housekeeping.successStatuses == [200])
        let status = Endpoints.tasksStatus(propertyID: "p", taskID: "t")
        #expect(status.ifMatch == .required && status.idempotencyKey == .optional)
        let revoke = Endpoints.deviceSessionsRevoke(id: "dvs_x")
        #expect(revoke.ifMatch == .required && revoke.successStatuses == [204] && revoke.answerEncoding == .none)
        #expect(Endpoints.instanceDiscovery().credentials == .none)
        #expect(Endpoints.instanceDiscovery().descriptor.cacheControl == "public, max-age=300")
        #expect(Endpoints.unitsAvailable(propertyID: "p", roomTypeID: "r", from: BusinessDate("2026-01-01")!,
                                         to: BusinessDate("2026-01-02")!).takesIfNoneMatch == false)
        #expect(Endpoints.unitsList(propertyID: "p").takesIfNoneMatch)
        #expect(Endpoints.maintenancePhotosPut(propertyID: "p", ticketID: "m", photoID: "f").requestEncoding == .jpeg)
        #expect(Endpoints.demoStats().credentials == .demoAdminKey)
        #expect(Endpoints.devicePairingsCreate().credentials == .browserSession)
        for descriptor in OperationID.routeTable where descriptor.ifMatch == .required {
            #expect(descriptor.isWrite)
        }
        #expect(Set(OperationID.routeTable.map { "\($0.method.rawValue) \($0.pathTemplate)" }).count == OperationID.allCases.count)
    }
}
