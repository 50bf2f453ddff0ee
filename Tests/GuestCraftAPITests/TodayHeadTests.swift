import Foundation
import Testing
@testable import GuestCraftAPI

/// The head a saved Today carries (#34), read by its byte reader from the body's first bytes:
/// the same counts and first stays JSONDecoder reads from the same bytes — hostile strings
/// (quotes, backslashes, control characters, terminal escapes, a `"value"` inside a name)
/// included — and, over generated overviews, never another value than JSONDecoder's.
struct TodayHeadTests {
    /// The head as JSONDecoder reads it: the full decoder the byte reader is held to.
    struct DecodedHead: Decodable, Equatable {
        var arrivals: Int, departures: Int, inHouse: Int, overdue: Int
        var value: TodayOverview

        enum CodingKeys: String, CodingKey {
            case arrivals, departures, overdue, value
            case inHouse = "in_house"
        }

        var counts: TodayCounts { TodayCounts(arrivals: arrivals, departures: departures, inHouse: inHouse, overdue: overdue) }
    }

    /// The encoder the app saves heads with (LiveWork.todayHead).
    static func encoder(sorted: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sorted ? [.sortedKeys, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        return encoder
    }

    /// A saved body as SavedAnswer writes it: the ETag, the head, then the whole value.
    static func body(head: Data, value: Data, etag: String = #"W/\"t-1\""#) -> Data {
        Data(#"{"etag":"\#(etag)","head":"#.utf8) + head + Data(#","value":"#.utf8) + value + Data("}".utf8)
    }

    /// The head's bytes, its envelope, and what each reader makes of them.
    static func check(_ whole: TodayOverview, first: TodayOverview, sorted: Bool = true,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = Self.encoder(sorted: sorted)
        let head = TodayOverview.savedHeadJSON(counts: TodayCounts(whole), firstJSON: try encoder.encode(first))
        let decoded = try JSONDecoder().decode(DecodedHead.self, from: head)
        #expect(decoded.value == first && decoded.counts == TodayCounts(whole), "the decoder reads the head back",
                sourceLocation: sourceLocation)
        let saved = body(head: head, value: try encoder.encode(whole))
        let read = try #require(TodayOverview.plainSavedHead(saved), sourceLocation: sourceLocation)
        #expect(read.counts == decoded.counts, sourceLocation: sourceLocation)
        #expect(read.first == decoded.value, sourceLocation: sourceLocation)
        // From a prefix that ends just after the head (the read ahead's first bytes): the same.
        let prefix = saved.prefix(saved.count - (try encoder.encode(whole)).count)
        #expect(TodayOverview.plainSavedHead(Data(prefix))?.first == decoded.value, sourceLocation: sourceLocation)
        // Cut inside the head: none, never part of it.
        let headStart = saved.count - head.count - (try encoder.encode(whole)).count - 10
        for cut in [0, 1, head.count / 2, head.count - 1] {
            #expect(TodayOverview.plainSavedHead(Data(saved.prefix(headStart + cut))) == nil, sourceLocation: sourceLocation)
        }
    }

    static let date = BusinessDate("2026-12-07")!

    static func stay(_ n: Int, guest: String, code: String? = nil, room: String? = "101", type: String = "Double",
                     unitStatus: HousekeepingStatus? = .clean, balance: Int? = nil, currency: String? = nil,
                     status: StayStatus = .reserved) -> StaySummary {
        StaySummary(reservation: ReservationRef(id: ReservationID("rsv_\(n)"), code: code ?? "GC-\(n)"),
                    stayID: StayID("sty_\(n)"), guestName: guest, unit: room.map { UnitRef(id: UnitID("unt_\($0)"), number: $0) },
                    roomType: RoomTypeRef(id: RoomTypeID("rmt_\(n % 3)"), name: type), checkInDate: date,
                    checkOutDate: date.adding(days: 1 + n % 5), status: status, unitStatus: unitStatus,
                    balanceMinor: balance, currency: currency)
    }

    /// Names a guest list, a typist or an attacker may bring.
    static let hostile = [
        #"Tom "Tommy" O'Brien"#, #"C:\guests\new"#, "tab\tand\nnewline\r", "nul \u{0} byte", "\u{1b}[31mred\u{1b}[0m",
        "\u{7f}del", "bell\u{07}", "Zoë «Ünïcode» 李娜 👩‍👩‍👧", "e\u{301}\u{301}", "\u{202e}evil\u{202c}", "line\u{2028}sep",
        #"},"value":{"#, #"\u0041"#, "/slash/", "\\\"", "", String(repeating: "Ω", count: 300), #"{"head":1}"#,
    ]

    @Test func aHostileNameReadsAsTheDecoderReadsIt() throws {
        for (n, name) in Self.hostile.enumerated() {
            let stay = Self.stay(n, guest: name, code: name.isEmpty ? "GC" : name, room: name.isEmpty ? nil : String(name.prefix(6)),
                                 type: name, unitStatus: HousekeepingStatus(rawValue: name.isEmpty ? "clean" : name),
                                 balance: n.isMultiple(of: 2) ? -n : nil, currency: name,
                                 status: StayStatus(rawValue: name))
            let whole = TodayOverview(businessDate: Self.date, timeZone: name, arrivals: [stay, Self.stay(99, guest: "A")],
                                      departures: [stay], inHouse: [stay], overdue: [stay])
            let first = TodayOverview(businessDate: Self.date, timeZone: name, arrivals: [stay], departures: [],
                                      inHouse: [], overdue: [stay])
            try Self.check(whole, first: first)
            try Self.check(whole, first: first, sorted: false)
        }
    }

    /// Fuzz-style: generated overviews (lists of 0–9 stays, names from a hostile alphabet, every
    /// optional member there or not, amounts of any sign and size), each head written by
    /// JSONEncoder in both key orders and read by both readers from the same bytes.
    @Test func generatedOverviewsReadAsTheDecoderReadsThem() throws {
        var random = SplitMix(seed: 34)
        let alphabet = Array(#"aZ09 "\/'{}[]:,é李👩‍👧"#) + ["\u{0}", "\u{1f}", "\u{1b}", "\u{7f}", "\u{2028}", "\n"]
        func text(_ most: Int) -> String {
            String((0..<random.next(most)).map { _ in alphabet[random.next(alphabet.count)] })
        }
        func stays() -> [StaySummary] {
            (0..<random.next(10)).map { n in
                Self.stay(random.next(1_000_000), guest: text(12), code: text(6), room: random.next(4) == 0 ? nil : text(5),
                          type: text(8), unitStatus: random.next(3) == 0 ? nil : HousekeepingStatus(rawValue: text(6)),
                          balance: random.next(3) == 0 ? nil : [0, -1, 1, Int.max, Int.min, random.next(1 << 40) - (1 << 39)][random.next(6)],
                          currency: random.next(2) == 0 ? nil : text(3), status: StayStatus(rawValue: text(9)))
            }
        }
        for _ in 0..<300 {
            let whole = TodayOverview(businessDate: Self.date.adding(days: random.next(400) - 200), timeZone: text(10),
                                      arrivals: stays(), departures: stays(), inHouse: stays(), overdue: stays())
            let first = TodayOverview(businessDate: whole.businessDate, timeZone: whole.timeZone,
                                      arrivals: Array(whole.arrivals.prefix(random.next(4))),
                                      departures: Array(whole.departures.prefix(random.next(4))),
                                      inHouse: Array(whole.inHouse.prefix(random.next(4))),
                                      overdue: Array(whole.overdue.prefix(random.next(4))))
            try Self.check(whole, first: first, sorted: random.next(2) == 0)
        }
    }

    /// Mutated heads: whatever the byte reader reads from damaged bytes, JSONDecoder reads the
    /// same from them (nil from the byte reader is always allowed: the whole copy is waited for).
    @Test func aDamagedHeadIsNeverReadOtherwiseThanTheDecoderReadsIt() throws {
        var random = SplitMix(seed: 3_434)
        let whole = TodayOverview(businessDate: Self.date, timeZone: "Europe/Berlin",
                                  arrivals: (0..<3).map { Self.stay($0, guest: "Guest \($0)", balance: 100 * $0, currency: "EUR") },
                                  departures: [Self.stay(7, guest: #"Q"uote"#)], inHouse: [], overdue: [])
        let head = TodayOverview.savedHeadJSON(counts: TodayCounts(whole), firstJSON: try Self.encoder().encode(whole))
        let bytes = Array(head)
        let replacements = Array(#"0129-e.E+"\{}[],: atrufnl"#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var read = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<(1 + random.next(3)) {
                damaged[random.next(damaged.count)] = replacements[random.next(replacements.count)]
            }
            guard let plain = TodayOverview.plainSavedHead(Self.body(head: Data(damaged), value: Data("{}".utf8))) else { continue }
            read += 1
            let decoded = try? JSONDecoder().decode(DecodedHead.self, from: Data(damaged))
            #expect(decoded?.value == plain.first && decoded?.counts == plain.counts,
                    "read otherwise than JSONDecoder: \(String(decoding: damaged, as: UTF8.self))")
        }
        #expect(read > 0, "some damage leaves a head that reads")
    }

    @Test func noHeadAHeadCutShortOrOneThatSaysFewerStaysThanItHasIsNone() throws {
        let whole = TodayOverview(businessDate: Self.date, timeZone: "UTC", arrivals: [Self.stay(1, guest: "A"), Self.stay(2, guest: "B")],
                                  departures: [], inHouse: [], overdue: [])
        let value = try Self.encoder().encode(whole)
        #expect(TodayOverview.plainSavedHead(Data(#"{"etag":null,"value":"#.utf8) + value + Data("}".utf8)) == nil)
        let liar = TodayOverview.savedHeadJSON(counts: TodayCounts(arrivals: 1, departures: 0, inHouse: 0, overdue: 0),
                                               firstJSON: value)
        #expect(TodayOverview.plainSavedHead(Self.body(head: liar, value: value)) == nil)
        // A room list's head is no Today's.
        let rooms = UnitList.savedHeadJSON(count: 0, numberWidth: 3,
                                           firstJSON: Data(#"{"business_date":"2026-12-07","units":[]}"#.utf8))
        #expect(TodayOverview.plainSavedHead(Self.body(head: rooms, value: value)) == nil)
        #expect(TodayOverview.plainSavedHead(Data()) == nil)
    }
}

/// A small seeded generator (SplitMix64), so a failing case is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound <= 0 ? 0 : Int(z % UInt64(bound))
    }
}
