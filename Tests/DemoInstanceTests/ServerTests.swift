import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import SodiumCrypto
import Testing
import TestSupport

@Suite("Server: discovery, problems, caching, files and restarts")
struct ServerTests {
    @Test func discoveryIsAtBothPathsWithoutCredentials() async throws {
        let demo = try Demo()
        for path in ["/.well-known/guestcraft", "/api/v1/instance"] {
            let response = try await demo.get(path)
            #expect(response.status == 200)
            #expect(response.headers["cache-control"] == "public, max-age=300")
            #expect(response.headers["etag"] != nil)
            let description = try response.decode(InstanceDescription.self)
            #expect(description.name == "Harbour View Demo")
            #expect(description.apiBaseURL == "\(demo.origin)/api/v1")
            #expect(description.auth.authorizeURL == "\(demo.origin)/mobile/authorize")
            #expect(description.auth.tokenURL == "\(demo.origin)/api/v1/device_sessions")
            #expect(description.auth.pairingURLPrefix == "\(demo.origin)/mobile/pair")
            #expect(description.auth.loopbackRedirects)
            #expect(description.capabilities == Capability.all)
            #expect(description.minAppVersion == "0.1.0")
        }
    }

    @Test func capabilitiesAndMinimumVersionFollowTheConfiguration() async throws {
        let demo = try Demo {
            $0.capabilities = [.mobileSessions, .housekeeping]
            $0.minAppVersion = "2.1.0"
        }
        let description = try await demo.get("/.well-known/guestcraft").decode(InstanceDescription.self)
        #expect(description.capabilities == [.mobileSessions, .housekeeping])
        #expect(description.minAppVersion == "2.1.0")
        let token = try demo.token(.manager)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/today", token: token), 404, .routeNotFound)
        expectProblem(try await demo.get("/api/v1/properties/prp_harbour/tasks", token: token), 404, .routeNotFound)
        #expect(try await demo.get("/api/v1/properties/prp_harbour/units", token: token).status == 200)
    }

    @Test func readsAnswer304ToTheirOwnETag() async throws {
        let demo = try Demo()
        let first = try await demo.get("/.well-known/guestcraft")
        let etag = try #require(first.headers["etag"])
        let again = try await demo.get("/.well-known/guestcraft", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)

        let token = try demo.token(.housekeeper)
        let units = try await demo.get("/api/v1/properties/prp_harbour/units", token: token)
        let unitsTag = try #require(units.headers["etag"])
        #expect(units.headers["cache-control"] == "private, no-cache")
        #expect(try await demo.get("/api/v1/properties/prp_harbour/units", token: token,
                                   headers: ["If-None-Match": unitsTag]).status == 304)
        _ = try await demo.admin("POST", "/demo/units/203/housekeeping", json: #"{"status": "dirty"}"#)
        let changed = try await demo.get("/api/v1/properties/prp_harbour/units", token: token,
                                         headers: ["If-None-Match": unitsTag])
        #expect(changed.status == 200)
        #expect(changed.headers["etag"] != unitsTag)
        // The stats count the 304s: a refresh that changed nothing, and only those.
        let stats = try await demo.stats()
        #expect(stats.notModified["units.list"] == 1)
        #expect(stats.notModified["instance.discovery"] == 1)
        #expect(stats.requests["units.list"] == 3)

        let reservation = try await demo.get("/api/v1/properties/prp_harbour/reservations/rsv_0005",
                                             token: try demo.token(.frontdesk))
        #expect(reservation.headers["etag"] == "\"2\"")
        let task = try await demo.get("/api/v1/properties/prp_harbour/tasks/tsk_0003", token: token)
        #expect(task.headers["etag"] == "\"2\"")
        #expect(try await demo.get("/api/v1/properties/prp_harbour/tasks/tsk_0003", token: token,
                                   headers: ["If-None-Match": "\"2\""]).status == 304)
    }

    @Test func unknownRoutesAndWrongMethodsAreProblemDocuments() async throws {
        let demo = try Demo()
        expectProblem(try await demo.get("/api/v1/nothing-here"), 404, .routeNotFound)
        expectProblem(try await demo.get("/"), 404, .routeNotFound)
        let wrong = try await demo.send("POST", "/api/v1/workspaces")
        expectProblem(wrong, 405, .requestMethodNotAllowed)
        #expect(wrong.headers["allow"] == "GET, HEAD")
        let delete = try await demo.send("PATCH", "/api/v1/properties/prp_harbour/units/unt_h101/housekeeping")
        expectProblem(delete, 405, .requestMethodNotAllowed)
        #expect(delete.headers["allow"] == "PUT")
    }

    @Test func malformedBodiesAre400AndOtherMediaTypes415() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let path = "/api/v1/properties/prp_harbour/units/unt_h101/housekeeping"
        expectProblem(try await demo.send("PUT", path, token: token, json: "{\"status\": "), 400, .requestMalformed)
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": 5}"#), 400, .requestMalformed,
                      field: "status")
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"expected_housekeeping_version": 3}"#),
                      400, .requestMalformed, field: "status")
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "clean", "expected_housekeeping_version": 2.5}"#),
                      400, .requestMalformed, field: "expected_housekeeping_version")
        expectProblem(try await demo.send("PUT", path, token: token, body: Data(#"{"status": "clean"}"#.utf8),
                                          headers: ["Content-Type": "text/plain"]),
                      415, .requestUnsupportedMediaType, field: "Content-Type")
        expectProblem(try await demo.send("PUT", path, token: token), 400, .requestMalformed)
    }

    @Test func bodiesOverTheLimitAre413() async throws {
        let demo = try Demo()
        let token = try demo.token(.supervisor)
        let note = String(repeating: "x", count: 70_000)
        let big = try await demo.send("PUT", "/api/v1/properties/prp_harbour/tasks/tsk_0001/note", token: token,
                                      json: #"{"note": "\#(note)"}"#, headers: ["If-Match": "\"1\""])
        expectProblem(big, 413, .requestTooLarge)
        // The instance answers 413 before reading a body whose Content-Length is over the limit; with Expect the
        // client waits for that answer instead of writing 5 MB into a connection being closed.
        var photo = Data([0xFF, 0xD8, 0xFF])
        photo.append(Data(count: JPEGBody.maximumBytes))
        let huge = try await demo.send("PUT", "/api/v1/properties/prp_harbour/maintenance_tickets/mtk_0000000000000001/photos/mph_0000000000000001",
                                       token: token, body: photo,
                                       headers: ["Content-Type": "image/jpeg", "Expect": "100-continue"])
        expectProblem(huge, 413, .photoTooLarge)
    }

    @Test func adminOperationsNeedTheAdminKey() async throws {
        let demo = try Demo()
        expectProblem(try await demo.get("/demo/stats"), 401, .demoAdminKeyRequired)
        expectProblem(try await demo.send("POST", "/demo/night_audit", headers: ["X-Demo-Admin-Key": "wrong"]),
                      401, .demoAdminKeyRequired)
        expectProblem(try await demo.send("GET", "/demo/stats", token: try demo.token(.manager)), 401, .demoAdminKeyRequired)
        #expect(try await demo.admin("GET", "/demo/stats").status == 200)
    }

    @Test func filesArePrivateAndKeepOnlyDigestsOfSecrets() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.appendingPathComponent("data")
        let demo = try Demo { $0.dataDirectory = data }
        let token = try await demo.pairedToken(.frontdesk)
        _ = try await demo.get("/api/v1/workspaces", token: token)
        func mode(_ name: String) throws -> Int {
            let path = name.isEmpty ? data.path : data.appendingPathComponent(name).path
            return try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode("") == 0o700)
        #expect(try mode("admin-key") == 0o600)
        #expect(try mode("demo.sqlite") == 0o600)
        #expect(try mode("demo.sqlite-wal") == 0o600)
        let key = try String(contentsOf: data.appendingPathComponent("admin-key"), encoding: .utf8)
        #expect(key.trimmingCharacters(in: .whitespacesAndNewlines) == demo.instance.adminKey)
        demo.instance.stop()
        var stored = try Data(contentsOf: data.appendingPathComponent("demo.sqlite"))
        stored.append((try? Data(contentsOf: data.appendingPathComponent("demo.sqlite-wal"))) ?? Data())
        #expect(stored.range(of: Data(token.utf8)) == nil)
        #expect(stored.range(of: Data(SHA256.hash(token).hex.utf8)) != nil)
    }

    @Test func aSecondStartOnTheSameDataAndPortKeepsTheData() async throws {
        let directory = try TemporaryDirectory()
        let first = try Demo { $0.dataDirectory = directory.url }
        let token = try await first.pairedToken(.housekeeper)
        let changed = try await first.admin("POST", "/demo/units/203/housekeeping", json: #"{"status": "dirty"}"#)
            .decode(RoomUnit.self)
        #expect(changed.housekeepingVersion == 6)
        let key = first.instance.adminKey
        let port = first.instance.port
        first.instance.stop()

        let second = try Demo {
            $0.dataDirectory = directory.url
            $0.port = port
            $0.rooms = 40
        }
        #expect(second.instance.port == port)
        #expect(second.instance.adminKey == key)
        let units = try await second.get("/api/v1/properties/prp_harbour/units", token: token).decode(UnitList.self)
        #expect(units.units.first { $0.number == "203" }?.housekeepingVersion == 6)
        let garden = try await second.get("/api/v1/properties/prp_garden/units", token: try second.token(.manager))
            .decode(UnitList.self)
        #expect(garden.units.count == 12, "the hotel of the first start stays")
    }

    @Test func theGeneratedHotelDependsOnlyOnTheSeed() async throws {
        func gardenUnits(seed: UInt64) async throws -> (JSONValue?, JSONValue?) {
            let demo = try Demo(rooms: 60) { $0.seed = seed }
            let token = try demo.token(.manager)
            let garden = try await demo.get("/api/v1/properties/prp_garden/units", token: token).jsonValue
            let harbour = try await demo.get("/api/v1/properties/prp_harbour/today", token: token).jsonValue
            return (garden, harbour)
        }
        let a = try await gardenUnits(seed: 7)
        let b = try await gardenUnits(seed: 7)
        let c = try await gardenUnits(seed: 8)
        #expect(a.0 != nil && a.0 == b.0)
        #expect(a.0 != c.0)
        #expect(a.1 == c.1, "Harbour View is the same for every seed")
    }

    @Test func aLargeHotelAnswersEveryRoom() async throws {
        let demo = try Demo(rooms: 2_000)
        let list = try await demo.get("/api/v1/properties/prp_garden/units", token: try demo.token(.supervisor))
            .decode(UnitList.self)
        #expect(list.units.count == 2_000)
        let numbers = list.units.map { Int($0.number) ?? 0 }
        #expect(numbers == numbers.sorted())
        #expect(Set(list.units.map(\.id)).count == 2_000)
    }

    @Test func propertiesPageBy100() async throws {
        let demo = try Demo(rooms: 4) { $0.extraProperties = 150 }
        let token = try demo.token(.frontdesk)
        let workspaces = try await demo.get("/api/v1/workspaces", token: token).decode(WorkspaceList.self)
        let workspace = try #require(workspaces.workspaces.first)
        #expect(workspace.properties.count == 100)
        let cursor = try #require(workspace.nextPropertiesCursor)
        let page = try await demo.get("/api/v1/workspaces/wsp_demo/properties?cursor=\(cursor)", token: token)
            .decode(PropertyPage.self)
        #expect(page.properties.count == 52)
        #expect(page.nextCursor == nil)
        let names = (workspace.properties + page.properties).map(\.name)
        #expect(names == names.sorted())
        #expect(names.contains("Harbour View Hotel") && names.contains("Garden Court Hotel"))
        expectProblem(try await demo.get("/api/v1/workspaces/wsp_demo/properties?cursor=nonsense", token: token),
                      400, .requestMalformed, field: "cursor")
        expectProblem(try await demo.get("/api/v1/workspaces/wsp_other/properties", token: token),
                      404, .workspaceNotFound)
        let housekeeper = try await demo.get("/api/v1/workspaces", token: try demo.token(.housekeeper))
            .decode(WorkspaceList.self)
        #expect(housekeeper.workspaces.first?.properties.map(\.id) == ["prp_harbour"])
    }
}
