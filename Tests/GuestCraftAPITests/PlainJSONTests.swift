import Foundation
import Testing
@testable import GuestCraftAPI

/// `PlainJSON` and the room-list reader read what JSONEncoder writes exactly as JSONDecoder does,
/// and answer `nil` (so the caller falls back to JSONDecoder) for anything outside their subset.
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

    // MARK: Room lists read straight from the bytes

    @Test func theByteReaderReadsARoomListAsJSONDecoderAndTheTreeDo() throws {
        for encoder in [JSONEncoder(), { let e = JSONEncoder(); e.outputFormatting = [.sortedKeys, .prettyPrinted]; return e }()] {
            let data = try encoder.encode(list())
            let fast = try #require(UnitList(plainJSON: data))
            #expect(fast == list())
            #expect(fast == (try JSONDecoder().decode(UnitList.self, from: data)))
        }
        #expect(UnitList(plainJSON: Data(#"{"business_date":"2026-11-02","units":[]}"#.utf8))?.units == [])
    }

    @Test func membersItDoesNotKnowAreReadAndIgnoredAsJSONDecoderIgnoresThem() throws {
        let text = #"""
        {"extra":{"deep":[1,{"x":null}]},"business_date":"2026-11-02","units":[{"id":"unt_1","number":"7",
        "room_type":{"id":"rmt_a","name":"Twin","beds":2},"floor":0,"occupancy":"vacant","note":"x",
        "housekeeping_status":"dirty","housekeeping_version":3,"housekeeping_updated_at":"2026-11-01T18:35:00Z"}]}
        """#
        let fast = try #require(UnitList(plainJSON: Data(text.utf8)))
        #expect(fast == (try JSONDecoder().decode(UnitList.self, from: Data(text.utf8))))
        #expect(fast.units.first?.roomType.name == "Twin")
    }

    @Test(arguments: [
        #"{"business_date":"2026-11-02"}"#,                                // no units
        #"{"business_date":"2026-11-02","units":[{"id":"unt_1"}]}"#,       // a room without its members
        #"{"business_date":"2026-11-02","units":[],"units":[]}"#,          // a repeated key
        #"{"business_date":"2026-11-02","units":[]} x"#,                   // trailing text
        #"{"business_date":"2026-13-02","units":[]}"#,                     // not a date
        #"{"business_date":"2026-11-02","units":[], "x":"a"b"}"#,         // an escape, even ignored
        #"{"business_date":"2026-11-02","units":[1]}"#,
        #"["2026-11-02"]"#,
        "",
    ])
    func theByteReaderLeavesEverythingElseToJSONDecoder(_ text: String) {
        #expect(UnitList(plainJSON: Data(text.utf8)) == nil)
    }

    @Test func aMistypedRoomMemberIsNotReadPlainly() throws {
        let good = String(decoding: try JSONEncoder().encode(list()), as: UTF8.self)
        for (from, to) in [(#""floor":1"#, #""floor":"1""#), (#""housekeeping_version":1"#, #""housekeeping_version":1.5"#),
                           (#""number":"101""#, #""number":101"#), (#""name":"Standard""#, #""name":null"#)] {
            #expect(good.contains(from), "\(from)")
            #expect(UnitList(plainJSON: Data(good.replacingOccurrences(of: from, with: to).utf8)) == nil, "\(to)")
        }
    }

    @Test func anEnvelopeGivesTheListAndItsOtherMembers() throws {
        let encoded = String(decoding: try JSONEncoder().encode(list()), as: UTF8.self)
        let read = try #require(UnitList.plainEnvelope(Data(#"{"etag":"e1","value":\#(encoded)}"#.utf8), listKey: "value"))
        #expect(read.list == list())
        #expect(read.others == ["etag": .string("e1")])
        #expect(UnitList.plainEnvelope(Data(#"{"etag":"e1"}"#.utf8), listKey: "value") == nil)
    }
}
