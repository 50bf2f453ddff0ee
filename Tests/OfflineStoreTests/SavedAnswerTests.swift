import Foundation
import GuestCraftAPI
import Testing
@testable import OfflineStore
import TestSupport

/// A saved read's body: the ETag is taken from its head exactly as a full decode reads it, and
/// any head it cannot vouch for sends the caller to the full decode.
@Suite struct SavedAnswerTests {
    struct Note: Codable, Equatable {
        var text: String
    }

    static func rooms() -> UnitList {
        let updated = Instant(rfc3339: "2026-11-01T18:35:00.250Z")!
        return UnitList(businessDate: BusinessDate("2026-11-02")!, units: (1...3).map { n in
            RoomUnit(id: UnitID("unt_\(n)"), number: "10\(n)", roomType: RoomTypeRef(id: "rmt_std", name: "Standard/Twin"),
                     floor: 1, occupancy: .vacant, housekeepingStatus: .clean, housekeepingVersion: n,
                     housekeepingUpdatedAt: updated)
        })
    }

    @Test(arguments: [#"W/"u-2000-7""#, #""plain""#, #"W/"a\b""#, "\"\u{E9}t\u{E9}\""])
    func theETagAtTheHeadIsTheOneAFullDecodeReads(etag: String) throws {
        let body = try SavedAnswer(etag: etag, value: Self.rooms()).encoded()
        #expect(body.starts(with: Data(#"{"etag":"#.utf8)))
        #expect(SavedAnswerETag.head(of: body) == .etag(etag))
        let full = try #require(SavedAnswer<UnitList>.decode(body))
        #expect(full.etag == etag)
        #expect(full.value == Self.rooms())
    }

    /// Where the value is known to be read straight from the bytes (#18) and where only the
    /// generic decode knows it at run time, the same answer — read, damaged or outside the subset.
    @Test func theDecodeForPlainValuesAnswersAsTheGenericOne() throws {
        func generic<Value: Codable>(_ body: Data, as: Value.Type) -> SavedAnswer<Value>? { SavedAnswer<Value>.decode(body) }
        var quoted = Self.rooms()
        quoted.units[0].roomType = RoomTypeRef(id: "rmt_q", name: #"The "Quote" \ Suite"#)
        let bodies = [try SavedAnswer(etag: "\"e\"", value: Self.rooms()).encoded(),
                      try SavedAnswer(etag: nil, value: quoted).encoded(),
                      Data(#"{"etag":"\"e\"","value":{"business_date":"2026-11-02","units":[{"id":1}]}}"#.utf8),
                      Data("not json".utf8)]
        for body in bodies {
            let plain = SavedAnswer<UnitList>.decode(body)
            let other = generic(body, as: UnitList.self)
            #expect(plain?.etag == other?.etag)
            #expect(plain?.value == other?.value)
        }
        #expect(SavedAnswer<UnitList>.decode(bodies[0])?.value == Self.rooms())
        #expect(SavedAnswer<UnitList>.decode(bodies[1])?.value == quoted)
        #expect(SavedAnswer<UnitList>.decode(bodies[2]) == nil)
    }

    /// A Today saved before `today.get` sent `overdue` (#30) still loads, straight from the bytes
    /// and through JSONDecoder alike, with none overdue; one saved now keeps its overdue stays.
    @Test func aTodaySavedBeforeOverdueExistedStillLoads() throws {
        func generic<Value: Codable>(_ body: Data, as: Value.Type) -> SavedAnswer<Value>? { SavedAnswer<Value>.decode(body) }
        let old = Data(#"{"etag":"\"t1\"","value":{"arrivals":[],"business_date":"2026-11-02","departures":[{"balance_minor":12150,"check_in_date":"2026-10-30","check_out_date":"2026-11-02","currency":"EUR","guest_name":"Jonas Weber","reservation":{"code":"HV-1002","id":"rsv_0002"},"room_type":{"id":"rmt_dbl","name":"Double"},"status":"checked_in","stay_id":"sty_0002","unit":{"id":"unt_h102","number":"102"}}],"in_house":[],"time_zone":"Europe/Berlin"}}"#.utf8)
        let plain = try #require(SavedAnswer<TodayOverview>.decode(old))
        #expect(plain.etag == #""t1""#)
        #expect(plain.value.departures.map(\.guestName) == ["Jonas Weber"])
        #expect(plain.value.overdue == [])
        #expect(generic(old, as: TodayOverview.self)?.value == plain.value)

        var now = plain.value
        now.businessDate = BusinessDate("2026-11-03")!
        now.overdue = now.departures
        now.departures = []
        let body = try SavedAnswer(etag: nil, value: now).encoded()
        #expect(SavedAnswer<TodayOverview>.decode(body)?.value == now)
        #expect(generic(body, as: TodayOverview.self)?.value == now)
    }

    @Test func withoutAnETagTheHeadSaysSoAndTheValueStillReads() throws {
        let body = try SavedAnswer(etag: nil, value: Note(text: "x")).encoded()
        #expect(String(decoding: body, as: UTF8.self) == #"{"etag":null,"value":{"text":"x"}}"#)
        #expect(SavedAnswerETag.head(of: body) == .none)
        #expect(SavedAnswer<Note>.decode(body)?.value == Note(text: "x"))
    }

    @Test func aHeadItCannotVouchForSendsTheCallerToTheFullDecode() throws {
        // The value first (another writer): an ETag may follow it.
        let valueFirst = Data(#"{"value":{"text":"x"},"etag":"\"e\""}"#.utf8)
        #expect(SavedAnswerETag.head(of: valueFirst) == .unreadable)
        #expect(SavedAnswer<Note>.decode(valueFirst)?.etag == "\"e\"")
        // Damaged or cut short.
        for text in [#"{"etag":"\"e"#, #"{"etag":"\"e\"""#, #"{"etag":12,"value":1}"#, "", "{", "{\"etag\":\"a\u{01}b\",\"value\":1}"] {
            #expect(SavedAnswerETag.head(of: Data(text.utf8)) == .unreadable, "\(text)")
        }
        #expect(SavedAnswer<Note>.decode(Data("not json".utf8)) == nil)
    }

    @Test func aRoomListOutsidePlainJSONsSubsetReadsThroughJSONDecoder() throws {
        var rooms = Self.rooms()
        rooms.units[0].roomType = RoomTypeRef(id: "rmt_q", name: #"The "Quote" \ Suite"#)
        let body = try SavedAnswer(etag: "\"q\"", value: rooms).encoded()
        #expect(PlainJSON(body) == nil, "escapes leave PlainJSON's subset")
        #expect(SavedAnswer<UnitList>.decode(body)?.value == rooms)
        #expect(SavedAnswerETag.head(of: body) == .etag("\"q\""))
    }

    @Test func aValueSavedInTheJSONItCameInReadsAsOneEncodedAgain() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let wire = try encoder.encode(Self.rooms())
        for etag in [#"W/"u-2000-7""#, nil] {
            let body = try SavedAnswer<UnitList>.encoded(etag: etag, valueJSON: wire)
            #expect(body == (try SavedAnswer(etag: etag, value: Self.rooms()).encoded()), "the same envelope")
            #expect(SavedAnswerETag.head(of: body) == (etag.map { .etag($0) } ?? SavedAnswerETag.Head.none))
            let read = try #require(SavedAnswer<UnitList>.decode(body))
            #expect(read.etag == etag)
            #expect(read.value == Self.rooms())
        }
    }

    @Test func aSavedBodyKeepsItsHeadThroughTheStore() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        let body = try SavedAnswer(etag: #"W/"u-3""#, value: Self.rooms()).encoded()
        try store.saveRead("units.list/prp_harbour", body: body, partition: desk, generation: generation,
                           now: t0, appVersion: "1.0")
        let read = try #require(try store.savedRead("units.list/prp_harbour", partition: desk, now: t0, appVersion: "1.0"))
        #expect(SavedAnswerETag.head(of: read.body) == .etag(#"W/"u-3""#))
        #expect(SavedAnswer<UnitList>.decode(read.body)?.value == Self.rooms())
    }

    /// A saved room list may carry a head before its value (#18): its count and first rooms, read
    /// from the body's first bytes alone; the ETag at the head and the whole answer read as before.
    @Test func aSavedListsHeadIsReadFromTheFirstBytesAndDroppedByTheFullRead() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let wire = try encoder.encode(Self.rooms())
        var first = Self.rooms()
        first.units = Array(first.units.prefix(2))
        let head = UnitList.savedHeadJSON(count: 3, numberWidth: 4, firstJSON: try encoder.encode(first))
        let body = try SavedAnswer<UnitList>.encoded(etag: #"W/"u-2""#, head: head, valueJSON: wire)
        #expect(SavedAnswerETag.head(of: body) == .etag(#"W/"u-2""#))
        let read = try #require(SavedAnswer<UnitList>.decode(body))
        #expect(read.etag == #"W/"u-2""# && read.value == Self.rooms())
        // Read from a prefix that ends inside the value: the head is whole before it.
        let valueStarts = try #require(body.range(of: Data(#"},"value":{"#.utf8), options: .backwards))
        let prefix = body.prefix(upTo: valueStarts.upperBound + 10)
        let saved = try #require(UnitList.plainSavedHead(Data(prefix)))
        #expect(saved.count == 3 && saved.numberWidth == 4 && saved.first == first)
        // No head, a head cut short, a head that says fewer rooms than it has: none.
        #expect(UnitList.plainSavedHead(try SavedAnswer<UnitList>.encoded(etag: nil, valueJSON: wire)) == nil)
        #expect(UnitList.plainSavedHead(Data(body.prefix(40))) == nil)
        let liar = UnitList.savedHeadJSON(count: 1, numberWidth: 3, firstJSON: try encoder.encode(first))
        #expect(UnitList.plainSavedHead(try SavedAnswer<UnitList>.encoded(etag: nil, head: liar, valueJSON: wire)) == nil)
    }
}
