import Foundation
import Testing
@testable import GuestCraftAPI

/// `PlainJSON` reads what JSONEncoder writes for a room list exactly as JSONDecoder does, and
/// answers `nil` (so the caller falls back to JSONDecoder) for anything outside its subset.
struct PlainJSONTests {
    private func list() -> UnitList {
        let updated = Instant(rfc3339: "2026-11-01T18:35:00.250Z")!
        return UnitList(businessDate: BusinessDate("2026-11-02")!, units: [
            RoomUnit(id: "unt_g101", number: "101", roomType: RoomTypeRef(id: "rmt_gstd", name: "Standard"),
                     floor: 1, occupancy: .occupied, housekeepingStatus: .clean, housekeepingVersion: 1,
                     housekeepingUpdatedAt: updated),
            RoomUnit(id: "unt_g1002", number: "B-12", roomType: RoomTypeRef(id: "rmt_x", name: "Suite Émeraude 翡翠"),
                     floor: -2, occupancy: Occupancy(rawValue: "newer_value"),
                     housekeepingStatus: .outOfOrder, housekeepingVersion: 42, housekeepingUpdatedAt: updated),
        ])
    }

    @Test func readsAnEncodedRoomListAsJSONDecoderDoes() throws {
        let data = try JSONEncoder().encode(list())
        let plain = try #require(PlainJSON(data))
        let fast = try #require(UnitList(plain: plain))
        #expect(fast == list())
        #expect(fast == (try JSONDecoder().decode(UnitList.self, from: data)))
    }

    @Test func readsScalarsArraysAndSpace() throws {
        let json = try #require(PlainJSON(Data(#" { "a" : [1, -20, true, false, null, "x", {}, []] } "#.utf8)))
        #expect(json == .object(["a": .array([.integer(1), .integer(-20), .bool(true), .bool(false), .null,
                                               .string("x"), .object([:]), .array([])])]))
    }

    @Test(arguments: [
        #"{"a":"line\nbreak"}"#,        // an escape
        #"{"a":1.5}"#,                  // a fraction
        #"{"a":1e3}"#,                  // an exponent
        #"{"a":01}"#,                   // a leading zero
        #"{"a":1,"a":2}"#,              // a repeated key
        #"{"a":1"#,                     // cut short
        #"{"a":1} x"#,                  // trailing text
        #"{"a":99999999999999999999}"#, // too big for Int
        #"{"a":nul}"#,
        "",
    ])
    func leavesEverythingElseToJSONDecoder(_ text: String) {
        #expect(PlainJSON(Data(text.utf8)) == nil)
    }

    @Test func refusesInvalidUTF8() {
        #expect(PlainJSON(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
    }

    @Test func aRoomWithAMissingOrMistypedMemberIsNotReadPlainly() throws {
        var object = try #require(PlainJSON(try JSONEncoder().encode(list())))
        guard case .object(var members) = object, case .array(var units)? = members["units"],
              case .object(var first) = units[0] else { Issue.record("not an object"); return }
        first["floor"] = .string("1")
        units[0] = .object(first)
        members["units"] = .array(units)
        object = .object(members)
        #expect(UnitList(plain: object) == nil)
        first["floor"] = nil
        units[0] = .object(first)
        members["units"] = .array(units)
        #expect(UnitList(plain: .object(members)) == nil)
    }
}
