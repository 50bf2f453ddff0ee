import Foundation
import JSONBytes
import Testing
@testable import GuestCraftAPI

/// The room-list reader (over JSONBytes' reader in the plain grammar) reads what JSONEncoder writes
/// exactly as JSONDecoder does, and answers `nil` (so the caller falls back to JSONDecoder) for
/// anything outside its subset. The reader itself: Tests/JSONBytesTests.
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

    /// A key of invalid UTF-8 makes the document invalid for JSONDecoder; the byte readers skip a
    /// member they do not know without making a String of its key, so they read such a document
    /// (a damaged saved room list) that JSONDecoder refuses. Found by the `rooms` fuzz target
    /// (Tests/Fuzz/Regressions/rooms).
    @Test func theByteReadersRefuseAKeyOfInvalidUTF8() {
        let list = Data(#"{"business_date":"2026-11-02","units":[],"n"#.utf8) + Data([0xA1]) + Data(#"ote":1}"#.utf8)
        #expect((try? JSONDecoder().decode(UnitList.self, from: list)) == nil)
        #expect(UnitList(plainJSON: list) == nil)
        #expect(UnitList.plainEnvelope(Data(#"{"etag":null,"value":"#.utf8) + list + Data("}".utf8), valueKey: "value") == nil)
        let today = Data(#"{"business_date":"2026-11-02","time_zone":"UTC","arrivals":[],"departures":[],"in_house":[],""#.utf8)
            + Data([0xC3, 0x28]) + Data(#"":0}"#.utf8)
        #expect(TodayOverview(plainJSON: today) == nil)
        // A key of valid UTF-8 beyond ASCII is read, and ignored, as before.
        let accented = Data(#"{"business_date":"2026-11-02","units":[],"note é":1}"#.utf8)
        #expect(UnitList(plainJSON: accented)?.units == [])
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

    /// #31: a room's block is read as JSONDecoder reads it: null, absent (an older instance) or whole.
    @Test func aRoomsBlockIsReadAsJSONDecoderReadsIt() throws {
        let room = #""id":"unt_1","number":"7","room_type":{"id":"rmt_a","name":"Twin"},"floor":0,"occupancy":"vacant","housekeeping_status":"out_of_order","housekeeping_version":3,"housekeeping_updated_at":"2026-11-01T18:35:00Z""#
        let block = #"{"id":"blk_1","kind":"out_of_order","from":"2026-11-01","to":"2026-11-04","reason":"Leak"}"#
        for members in [room, room + #","block":null"#, room + #","block":"# + block] {
            let text = #"{"business_date":"2026-11-02","units":[{"# + members + "}]}"
            let fast = try #require(UnitList(plainJSON: Data(text.utf8)))
            #expect(fast == (try JSONDecoder().decode(UnitList.self, from: Data(text.utf8))))
        }
        let text = #"{"business_date":"2026-11-02","units":[{"# + room + #","block":"# + block + "}]}"
        #expect(UnitList(plainJSON: Data(text.utf8))?.units.first?.block?.reason == "Leak")
    }

    @Test(arguments: [
        #"{"business_date":"2026-11-02"}"#,                                // no units
        #"{"business_date":"2026-11-02","units":[{"id":"unt_1"}]}"#,       // a room without its members
        #"{"business_date":"2026-11-02","units":[],"units":[]}"#,          // a repeated key
        #"{"business_date":"2026-11-02","units":[]} x"#,                   // trailing text
        #"{"business_date":"2026-13-02","units":[]}"#,                     // not a date
        #"{"business_date":"2026-11-02","units":[], "x":"a"b"}"#,         // an escape, even ignored
        #"{"business_date":"2026-11-02","units":[1]}"#,
        // a block without its reason, and one that is not an object
        #"{"business_date":"2026-11-02","units":[{"id":"unt_1","number":"7","room_type":{"id":"rmt_a","name":"Twin"},"floor":0,"occupancy":"vacant","housekeeping_status":"dirty","housekeeping_version":3,"housekeeping_updated_at":"2026-11-01T18:35:00Z","block":{"id":"blk_1","kind":"out_of_order","from":"2026-11-01","to":"2026-11-04"}}]}"#,
        #"{"business_date":"2026-11-02","units":[{"id":"unt_1","number":"7","room_type":{"id":"rmt_a","name":"Twin"},"floor":0,"occupancy":"vacant","housekeeping_status":"dirty","housekeeping_version":3,"housekeeping_updated_at":"2026-11-01T18:35:00Z","block":7}]}"#,
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

    /// `count` rooms named `typeName`: over `halvesFrom` bytes, the list is read in two halves.
    private func longList(_ count: Int, typeName: String = "Standard") -> UnitList {
        let updated = Instant(rfc3339: "2026-11-01T18:35:00Z")!
        return UnitList(businessDate: BusinessDate("2026-11-02")!, units: (0..<count).map { n in
            RoomUnit(id: UnitID(rawValue: "unt_\(n)"), number: "\(100 + n)",
                     roomType: RoomTypeRef(id: RoomTypeID(rawValue: "rmt_\(n % 3)"), name: n % 7 == 0 ? "Suite Émeraude 翡翠" : typeName),
                     floor: n / 50, occupancy: n % 2 == 0 ? .occupied : .vacant,
                     housekeepingStatus: n % 3 == 0 ? .dirty : .clean, housekeepingVersion: n,
                     housekeepingUpdatedAt: updated,
                     block: n % 13 == 4 ? UnitBlock(id: BlockID(rawValue: "blk_\(n)"), kind: n % 2 == 0 ? .outOfOrder : .outOfService,
                                                    from: BusinessDate("2026-11-01")!, to: BusinessDate("2026-11-05")!,
                                                    reason: n % 26 == 4 ? "Fuite sous l’évier" : "Repainting") : nil)
        })
    }

    /// #18: a long list is read in two halves side by side, into the same rooms in the same order.
    @Test func aLongListIsReadInTwoHalvesAsJSONDecoderReadsIt() throws {
        for encoder in [JSONEncoder(), { let e = JSONEncoder(); e.outputFormatting = [.sortedKeys, .prettyPrinted]; return e }()] {
            let list = longList(800)
            let data = try encoder.encode(list)
            #expect(data.count > JSONReader.halvesFrom)
            let halves = data.withUnsafeBytes { raw -> [RoomUnit]? in
                var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), grammar: .plain)
                var units: [RoomUnit]?
                _ = reader.members { key, reader in
                    guard String(decoding: key, as: UTF8.self) == "units" else { return reader.skipValue() }
                    units = reader.roomUnitsInHalves()
                    return units != nil
                }
                return units
            }
            #expect(halves != nil, "the halves' way was taken")
            #expect({ () -> Bool in halves.map { $0 == list.units } == true }(), "and agrees")
            #expect({ () -> Bool in UnitList(plainJSON: data) == list }())
            let decoded = try JSONDecoder().decode(UnitList.self, from: data)
            #expect({ () -> Bool in UnitList(plainJSON: data) == decoded }())
            let read = try #require(UnitList.plainEnvelope(Data(#"{"etag":"e1","value":"#.utf8) + data + Data("}".utf8),
                                                           valueKey: "value"))
            #expect({ () -> Bool in read.value == list }())
        }
    }

    /// The bytes the second half starts after (`},{`) can be a room's text: the first half then
    /// does not end there, and the list is read in one piece, the same.
    @Test func aBoundaryInsideARoomsTextIsNotTakenForOne() throws {
        let list = longList(800, typeName: "x},{")
        let data = try JSONEncoder().encode(list)
        #expect(String(decoding: data, as: UTF8.self).contains(#"x},{""#))
        #expect({ () -> Bool in UnitList(plainJSON: data) == list }(), "read in one piece")
        let decoded = try JSONDecoder().decode(UnitList.self, from: data)
        #expect({ () -> Bool in UnitList(plainJSON: data) == decoded }())
        // A member after the list: the halves end at its `]`, not at the document's end.
        var text = String(decoding: data, as: UTF8.self)
        text.removeLast()
        text += #","zz_after":[{"a":1},{"b":"}"}]}"#
        #expect({ () -> Bool in UnitList(plainJSON: Data(text.utf8)) == list }())
        // A damaged room in either half: nothing is read plainly.
        let encoded = String(decoding: data, as: UTF8.self)
        for victim in ["\"unt_10\"", "\"unt_790\""] {
            #expect(encoded.contains(victim))
            #expect(UnitList(plainJSON: Data(encoded.replacingOccurrences(of: victim, with: "10").utf8)) == nil, "\(victim)")
        }
    }

    /// #18: a room laid out as the one before it is read by that layout (its keys compared, not
    /// read); a room laid out otherwise — members in another order, other spaces, a member nobody
    /// reads with another value — is read member by member, and the list is JSONDecoder's.
    @Test func roomsLaidOutOtherwiseAreReadByTheirMembers() throws {
        let list = longList(12)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var rooms = String(decoding: try encoder.encode(list), as: UTF8.self)
        let fifth = String(decoding: try encoder.encode(list.units[4]), as: UTF8.self)
        // The fifth room's members in another order: its room type first.
        let type = #","room_type":{"id":"rmt_1","name":"Standard"}"#
        #expect(fifth.contains(type))
        let reordered = "{" + String(type.dropFirst()) + "," + String(fifth.replacingOccurrences(of: type, with: "").dropFirst())
        for (from, to) in [(fifth, reordered),
                           (#""id":"unt_5","#, #""id" : "unt_5" ,"#),
                           (#""id":"unt_6","#, #""note":"a","id":"unt_6","#),
                           (#""id":"unt_7","#, #""note":"b","id":"unt_7","#),
                           (#""id":"unt_8","#, #""note":"b","id":"unt_8","#)] {
            #expect(rooms.contains(from), "\(from)")
            rooms = rooms.replacingOccurrences(of: from, with: to)
        }
        #expect(fifth != reordered)
        let data = Data(rooms.utf8)
        #expect({ () -> Bool in UnitList(plainJSON: data) == list }())
        #expect({ () -> Bool in UnitList(plainJSON: data) == (try? JSONDecoder().decode(UnitList.self, from: data)) }())
        // A repeated key, or an escape, in a room after a layout was learned: nothing is read plainly.
        for (from, to) in [(#""id":"unt_9","#, #""id":"unt_9","floor":3,"#), (#""number":"110""#, #""number":"1\u0031""#)] {
            #expect(rooms.contains(from), "\(from)")
            #expect(UnitList(plainJSON: Data(rooms.replacingOccurrences(of: from, with: to).utf8)) == nil, "\(to)")
        }
    }

    /// The layout is the bytes between a room's values: a room with the same is read by it, one
    /// whose bytes differ anywhere between its values is not (and the reader stays where it was).
    @Test func aRoomIsReadByTheLayoutOfTheOneBefore() throws {
        let units = longList(3).units
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try units.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let other = encoded[2].replacingOccurrences(of: #""floor":0"#, with: #""floor" :0"#)
        let text = "[" + encoded[0] + "," + encoded[1] + "," + other + "]"
        Data(text.utf8).withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), grammar: .plain, index: 1)
            var state = RoomReading()
            #expect(state.layout == nil)
            #expect(reader.roomUnit(&state) == units[0])
            guard let layout = state.layout else {
                Issue.record("no layout after a room read by its members")
                return
            }
            #expect(layout.slots.count == 10)
            reader.index += 1
            #expect(reader.roomUnit(laidOutAs: layout, &state) == units[1])
            reader.index += 1
            let before = reader.index
            #expect(reader.roomUnit(laidOutAs: layout, &state) == nil)
            #expect(reader.index == before)
            #expect(reader.roomUnit(&state) == units[2])
        }
    }

    @Test func anEnvelopeGivesTheListAndItsOtherMembers() throws {
        let encoded = String(decoding: try JSONEncoder().encode(list()), as: UTF8.self)
        let read = try #require(UnitList.plainEnvelope(Data(#"{"etag":"e1","value":\#(encoded)}"#.utf8), valueKey: "value"))
        #expect(read.value == list())
        #expect(read.others == ["etag": .string("e1")])
        #expect(UnitList.plainEnvelope(Data(#"{"etag":"e1"}"#.utf8), valueKey: "value") == nil)
    }
}

/// Today's byte reader reads what the instance and JSONEncoder write exactly as JSONDecoder does,
/// and answers nil (JSONDecoder then decides) outside its subset.
struct PlainTodayTests {
    @Test func theExampleAnswerReadsAsJSONDecoderReadsIt() throws {
        let data = try RepositoryFiles.example("today.get.response.json")
        let plain = try #require(TodayOverview(plainJSON: data))
        #expect(plain == (try JSONDecoder().decode(TodayOverview.self, from: data)))
    }

    @Test func everyMemberRoundTripsThroughJSONEncoder() throws {
        let date = BusinessDate("2026-11-02")!
        let full = StaySummary(reservation: ReservationRef(id: "rsv_1", code: "HV-1"), stayID: "sty_1",
                               guestName: "Zoë «Ünïcode» 李娜", unit: UnitRef(id: "unt_1", number: "1A"),
                               roomType: RoomTypeRef(id: "rmt_d", name: "Double"), checkInDate: date,
                               checkOutDate: date.adding(days: 2), status: .checkedIn, unitStatus: .inspected,
                               balanceMinor: -250, currency: "EUR")
        let bare = StaySummary(reservation: ReservationRef(id: "rsv_2", code: "HV-2"), stayID: "sty_2", guestName: "A",
                               unit: nil, roomType: RoomTypeRef(id: "rmt_t", name: "Twin"), checkInDate: date,
                               checkOutDate: date.adding(days: 1), status: StayStatus(rawValue: "a_newer_status"))
        let today = TodayOverview(businessDate: date, timeZone: "Europe/Berlin", arrivals: [full, bare], departures: [bare],
                                  inHouse: [])
        // As saved answers are written: slashes unescaped (an escaped one leaves the subset).
        let encoder = JSONEncoder()
        #expect(TodayOverview(plainJSON: try encoder.encode(today)) == nil, "Europe\\/Berlin is escaped")
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(today)
        #expect(TodayOverview(plainJSON: data) == today)
        let saved = Data(#"{"etag":"abc","value":"#.utf8) + data + Data("}".utf8)
        let read = try #require(TodayOverview.plainEnvelope(saved, valueKey: "value"))
        #expect(read.value == today && read.others == ["etag": .string("abc")])
    }

    @Test(arguments: [
        #"{"business_date":"2026-11-02","time_zone":"UTC","arrivals":[],"departures":[]}"#,   // in_house missing
        #"{"business_date":"2026-13-02","time_zone":"UTC","arrivals":[],"departures":[],"in_house":[]}"#,
        #"{"business_date":"2026-11-02","time_zone":"U\u0054C","arrivals":[],"departures":[],"in_house":[]}"#,
        #"{"business_date":"2026-11-02","time_zone":"UTC","arrivals":[{"stay_id":"s"}],"departures":[],"in_house":[]}"#,
        #"{"business_date":"2026-11-02","time_zone":"UTC","arrivals":[],"departures":[],"in_house":[],"in_house":[]}"#,
        #"{"business_date":"2026-11-02","time_zone":"UTC","arrivals":[],"departures":[],"in_house":[],"overdue":[],"overdue":[]}"#,
    ])
    func leavesEverythingElseToJSONDecoder(_ text: String) {
        #expect(TodayOverview(plainJSON: Data(text.utf8)) == nil)
    }

    /// After the night audit (#30): the stays due out before the business date and still checked
    /// in come as `overdue`, read from the bytes as JSONDecoder reads them; an answer (or a saved
    /// copy) from before `overdue` existed reads as none overdue, both ways.
    @Test func overdueStaysReadFromTheBytesAndTheirAbsenceReadsAsNone() throws {
        let date = BusinessDate("2026-11-03")!
        let late = StaySummary(reservation: ReservationRef(id: "rsv_0002", code: "HV-1002"), stayID: "sty_0002",
                               guestName: "Jonas Weber", unit: UnitRef(id: "unt_h102", number: "102"),
                               roomType: RoomTypeRef(id: "rmt_dbl", name: "Double"), checkInDate: date.adding(days: -4),
                               checkOutDate: date.adding(days: -1), status: .checkedIn, unitStatus: .dirty,
                               balanceMinor: 12_150, currency: "EUR")
        let today = TodayOverview(businessDate: date, timeZone: "UTC", arrivals: [], departures: [], inHouse: [],
                                  overdue: [late])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data = try encoder.encode(today)
        #expect(String(decoding: data, as: UTF8.self).contains(#""overdue":[{"#))
        #expect(TodayOverview(plainJSON: data) == today)
        #expect(try JSONDecoder().decode(TodayOverview.self, from: data) == today)

        let older = Data(#"{"business_date":"2026-11-03","time_zone":"UTC","arrivals":[],"departures":[],"in_house":[]}"#.utf8)
        let none = TodayOverview(businessDate: date, timeZone: "UTC", arrivals: [], departures: [], inHouse: [])
        #expect(TodayOverview(plainJSON: older) == none)
        #expect(try JSONDecoder().decode(TodayOverview.self, from: older) == none)
        // An `overdue` that is not a list of stays is no Today, for either reader.
        let wrong = Data(#"{"business_date":"2026-11-03","time_zone":"UTC","arrivals":[],"departures":[],"in_house":[],"overdue":{}}"#.utf8)
        #expect(TodayOverview(plainJSON: wrong) == nil)
        #expect((try? JSONDecoder().decode(TodayOverview.self, from: wrong)) == nil)
    }

    @Test func aBalanceWithAFractionIsLeftToJSONDecoder() {
        let text = #"{"business_date":"2026-11-02","time_zone":"UTC","departures":[],"in_house":[],"arrivals":[{"reservation":{"id":"r","code":"c"},"stay_id":"s","guest_name":"g","unit":null,"room_type":{"id":"t","name":"n"},"check_in_date":"2026-11-02","check_out_date":"2026-11-03","status":"reserved","balance_minor":1.5}]}"#
        #expect(TodayOverview(plainJSON: Data(text.utf8)) == nil)
        #expect((try? JSONDecoder().decode(TodayOverview.self, from: Data(text.utf8))) == nil)
    }
}
