import Foundation
import FuzzChecks
import Testing
@testable import GuestCraftAPI

/// Documents that break the contract are refused with the coding path and what was wrong.
@Suite("Malformed documents")
struct MalformedDocumentTests {
    /// The units.list example with one value replaced by raw JSON text.
    func unitsList(replacing member: String, ofUnit index: Int, with json: String) throws -> Data {
        guard case .object(var document) = try JSONValue.parse(RepositoryFiles.example("units.list.response.json")),
              case .array(var units) = document["units"], case .object(var unit) = units[index] else {
            throw ContractError(path: "", reason: "the example changed shape")
        }
        unit[member] = try JSONValue.parse(Data(json.utf8))
        units[index] = .object(unit)
        document["units"] = .array(units)
        return JSONValue.object(document).data
    }

    func error<T: Decodable>(decoding type: T.Type, from data: Data) -> ContractError? {
        do {
            _ = try APIJSON.decode(type, from: data)
            return nil
        } catch {
            return error
        }
    }

    @Test("a member of the wrong type names its path and the expected type")
    func wrongType() throws {
        let data = try unitsList(replacing: "housekeeping_version", ofUnit: 3, with: "\"4\"")
        let error = try #require(self.error(decoding: UnitList.self, from: data))
        #expect(error.path == "units[3].housekeeping_version")
        #expect(error.description.hasPrefix("units[3].housekeeping_version: expected an integer"))
        #expect(error.description == "units[3].housekeeping_version: expected an integer, found a string")
    }

    @Test("an object where a string belongs, and a string where an object belongs")
    func wrongStructure() throws {
        let number = try #require(error(decoding: UnitList.self, from: unitsList(replacing: "number", ofUnit: 0, with: "{}")))
        #expect(number.description.hasPrefix("units[0].number: expected a string"))
        let roomType = try #require(error(decoding: UnitList.self, from: unitsList(replacing: "room_type", ofUnit: 5, with: "\"Double\"")))
        #expect(roomType.description.hasPrefix("units[5].room_type: expected an object"))
        let fraction = try #require(error(decoding: UnitList.self, from: unitsList(replacing: "floor", ofUnit: 1, with: "1.5")))
        #expect(fraction.path == "units[1].floor")
        #expect(fraction.reason.contains("integer"))
    }

    @Test("a missing member names its path")
    func missingMember() throws {
        let data = Data(#"{"business_date":"2026-11-02","units":[{"id":"unt_h101","room_type":{"id":"rmt_dbl","name":"Double"},"floor":1,"occupancy":"vacant","housekeeping_status":"clean","housekeeping_version":1,"housekeeping_updated_at":"2026-11-02T08:00:00Z"}]}"#.utf8)
        let error = try #require(self.error(decoding: UnitList.self, from: data))
        #expect(error.description == "units[0].number: missing")
    }

    @Test("null where a value is required")
    func nullValue() throws {
        let error = try #require(self.error(decoding: UnitList.self, from: unitsList(replacing: "number", ofUnit: 2, with: "null")))
        #expect(error.description == "units[2].number: expected a string, found null")
    }

    @Test("a document that is not JSON")
    func notJSON() throws {
        for text in ["", "<html>Bad gateway</html>", #"{"units": ["#, "{'a': 1}"] {
            let error = try #require(self.error(decoding: UnitList.self, from: Data(text.utf8)))
            #expect(error.description == "not valid JSON", "for \(text.debugDescription)")
        }
    }

    @Test("a top-level array where an object belongs")
    func wrongRoot() throws {
        let error = try #require(self.error(decoding: UnitList.self, from: Data("[]".utf8)))
        #expect(error.path == "")
        #expect(error.description.hasPrefix("expected an object"))
    }

    @Test("a malformed business date or instant names its path")
    func badDates() throws {
        let date = try #require(error(decoding: TaskList.self, from: Data(#"{"business_date":"02.11.2026","tasks":[]}"#.utf8)))
        #expect(date.description == #"business_date: expected a date YYYY-MM-DD, found "02.11.2026""#)
        let leap = try #require(error(decoding: TaskList.self, from: Data(#"{"business_date":"2026-02-29","tasks":[]}"#.utf8)))
        #expect(leap.path == "business_date")
        let instant = try #require(error(decoding: UnitList.self, from: unitsList(replacing: "housekeeping_updated_at", ofUnit: 7,
                                                                                      with: #""2026-11-02 08:00""#)))
        #expect(instant.description == #"units[7].housekeeping_updated_at: expected an RFC 3339 instant, found "2026-11-02 08:00""#)
    }

    @Test("a grant with both codes is refused, one with neither names what is missing")
    func ambiguousGrant() throws {
        let both = try #require(error(decoding: DeviceSessionGrant.self, from: Data(
            #"{"code":"gcc_a","code_verifier":"v","redirect_uri":"http://127.0.0.1:1/callback","device_name":"d","pairing_code":"gcp_b"}"#.utf8)))
        #expect(both.description == "pairing_code: not allowed together with code")
        let neither = try #require(error(decoding: DeviceSessionGrant.self, from: Data(#"{"device_name":"d"}"#.utf8)))
        #expect(neither.description == "code: missing")
    }

    @Test("a problem document without a code is refused")
    func problemWithoutCode() throws {
        let error = try #require(self.error(decoding: ProblemDocument.self, from: Data(#"{"status":404,"title":"Not Found"}"#.utf8)))
        #expect(error.description == "code: missing")
    }

    @Test("values a newer instance may add decode as unknown and survive a round trip")
    func unknownValues() throws {
        let data = try unitsList(replacing: "housekeeping_status", ofUnit: 0, with: #""being_renovated""#)
        let list = try APIJSON.decode(UnitList.self, from: data)
        #expect(list.units[0].housekeepingStatus == .unknown("being_renovated"))
        #expect(!list.units[0].housekeepingStatus.isKnown)
        let again = try APIJSON.decode(UnitList.self, from: APIJSON.encode(list))
        #expect(again == list)
        let description = Data(#"{"name":"X","api_base_url":"https://x/api/v1","server_version":"2","api_revision":"9","min_app_version":"0.1.0","capabilities":["front_desk","holograms"],"auth":{"methods":["password","passkey"],"authorize_url":"https://x/mobile/authorize","token_url":"https://x/api/v1/device_sessions","loopback_redirects":false,"redirect_schemes":[],"pairing_url_prefix":"https://x/mobile/pair"}}"#.utf8)
        let instance = try APIJSON.decode(InstanceDescription.self, from: description)
        #expect(instance.has(.frontDesk))
        #expect(instance.capabilities.contains("holograms"))
        #expect(!instance.has(.mobileSessions))
    }

    @Test("known values map to their cases")
    func knownValues() throws {
        #expect(HousekeepingStatus(rawValue: "out_of_service") == .outOfService)
        #expect(TaskStatus(rawValue: "in_progress") == .inProgress)
        #expect(StayStatus(rawValue: "no_show") == .noShow)
        #expect(TaskKind(rawValue: "maintenance_check") == .maintenanceCheck)
        #expect(DemoFaultKind(rawValue: "close_mid_body") == .closeMidBody)
        for status in HousekeepingStatus.knownCases { #expect(HousekeepingStatus(rawValue: status.rawValue) == status) }
        for status in ReservationStatus.knownCases { #expect(ReservationStatus(rawValue: status.rawValue) == status) }
        for kind in BlockKind.knownCases { #expect(kind.requiredPermission != nil) }
    }
}
