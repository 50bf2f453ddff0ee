import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Permissions and property scope, checked live on every request")
struct PermissionTests {
    @Test func aMemberCannotReachAnotherProperty() async throws {
        let demo = try Demo()
        let housekeeper = try demo.token(.housekeeper)
        let today = try await demo.get("/api/v1/properties/prp_garden/today", token: housekeeper)
        expectProblem(today, 403, .propertyOutOfScope)
        #expect(try today.decode(ProblemDocument.self).detail == "Your role does not reach property prp_garden.")
        expectProblem(try await demo.get("/api/v1/properties/prp_garden/units", token: housekeeper), 403, .propertyOutOfScope)
        expectProblem(try await demo.send("PUT", "/api/v1/properties/prp_garden/units/unt_g101/housekeeping",
                                          token: housekeeper, json: #"{"status": "clean"}"#), 403, .propertyOutOfScope)
        #expect(try await demo.get("/api/v1/properties/prp_harbour/units", token: housekeeper).status == 200)
        expectProblem(try await demo.get("/api/v1/properties/prp_nowhere/units", token: housekeeper), 404, .propertyNotFound)
    }

    @Test func thingsOfAnotherPropertyAreNotFoundOrOutOfScope() async throws {
        let demo = try Demo()
        // rsv_0101 and unt_g101 are at Garden Court: through Harbour View's path they are not found for a member who
        // reaches Garden Court too, and out of scope for one who does not.
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/reservations/rsv_0101", token: try demo.token(.frontdesk)),
                      404, .reservationNotFound)
        let housekeeper = try demo.token(.housekeeper)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/units/unt_g101", token: housekeeper),
                      403, .propertyOutOfScope)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/units/unt_g101", token: try demo.token(.manager)),
                      404, .unitNotFound)
        let gardenTasks = try await demo.get("/api/v1/properties/prp_garden/tasks", token: try demo.token(.manager))
            .decode(TaskList.self)
        let gardenTask = try #require(gardenTasks.tasks.first)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/tasks/\(gardenTask.id.rawValue)", token: housekeeper),
                      403, .propertyOutOfScope)
    }

    @Test func aRoleWithoutAPermissionIsForbidden() async throws {
        let demo = try Demo()
        let frontdesk = try demo.token(.frontdesk)
        expectProblem(try await demo.send("PUT", "/api/v1/properties/prp_harbour/units/unt_h101/housekeeping",
                                          token: frontdesk, json: #"{"status": "clean"}"#), 403, .authForbidden)
        let housekeeper = try demo.token(.housekeeper)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/today", token: housekeeper), 403, .authForbidden)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/reservations/rsv_0001", token: housekeeper),
                      403, .authForbidden)
        expectProblem(try await demo.get("/api/v1/workspaces/wsp_demo/guests/gst_0001", token: housekeeper),
                      403, .authForbidden)
        let search = try await demo.get("/api/v1/properties/prp_harbour/search?q=hart", token: housekeeper)
        #expect(search.status == 200)
        #expect(try search.decode(SearchResults.self) == SearchResults(reservations: nil, guests: nil))
    }

    @Test func permissionsAndScopeAreReadOnEveryRequest() async throws {
        let demo = try Demo()
        let housekeeper = try demo.token(.housekeeper)
        let path = "/api/v1/properties/prp_harbour/units/unt_h203/housekeeping"
        #expect(try await demo.send("PUT", path, token: housekeeper, json: #"{"status": "dirty"}"#).status == 200)
        try demo.instance.setPermissions([.inventoryRead], for: .housekeeper)
        expectProblem(try await demo.send("PUT", path, token: housekeeper, json: #"{"status": "clean"}"#), 403, .authForbidden)
        #expect(try await demo.get("/api/v1/workspaces", token: housekeeper).decode(WorkspaceList.self)
            .workspaces.first?.permissions == [.inventoryRead])

        let frontdesk = try demo.token(.frontdesk)
        #expect(try await demo.get("/api/v1/properties/prp_garden/today", token: frontdesk).status == 200)
        try demo.instance.setProperties(["prp_harbour"], for: .frontdesk)
        expectProblem(try await demo.get("/api/v1/properties/prp_garden/today", token: frontdesk), 403, .propertyOutOfScope)
        try demo.instance.setProperties(nil, for: .frontdesk)
        #expect(try await demo.get("/api/v1/properties/prp_garden/today", token: frontdesk).status == 200)
    }
}
