import Foundation
import Testing
@testable import GuestCraftAPI

/// `PlainJSONDecoder` (#18) decodes what JSONEncoder writes into the same values JSONDecoder
/// does, and answers nil — so the caller asks JSONDecoder — for anything it might read otherwise.
struct PlainJSONDecoderTests {
    enum Shade: String, Codable, Equatable { case light, dark }

    struct Inner: Codable, Equatable {
        var name: String
        var counts: [Int]
        var flags: [String: Bool]
    }

    struct Sample: Codable, Equatable {
        var title: String
        var missing: String?
        var null: Int?
        var number: Int
        var small: Int8
        var wide: UInt64
        var ratio: Double
        var yes: Bool
        var shade: Shade
        var inner: Inner
        var list: [Inner]
        var nested: [[String]]
        var optionals: [Int?]
        var byName: [String: Inner]
        var defaulted: Int

        enum CodingKeys: String, CodingKey {
            case title, missing, null, number, small, wide, ratio, yes, shade, inner, list, nested, optionals
            case byName = "by_name"
            case defaulted
        }

        init(title: String, number: Int, inner: Inner) {
            self.title = title
            missing = nil
            null = nil
            self.number = number
            small = -8
            wide = 9_000_000_000_000_000_000
            ratio = 3
            yes = true
            shade = .dark
            self.inner = inner
            list = [inner, Inner(name: "Émeraude 翡翠", counts: [], flags: [:])]
            nested = [["a", "b"], []]
            optionals = [1, nil, 3]
            byName = ["x": inner]
            defaulted = 7
        }

        // A member older files lack, as AppPreferences' locks.
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            title = try c.decode(String.self, forKey: .title)
            missing = try c.decodeIfPresent(String.self, forKey: .missing)
            null = try c.decodeIfPresent(Int.self, forKey: .null)
            number = try c.decode(Int.self, forKey: .number)
            small = try c.decode(Int8.self, forKey: .small)
            wide = try c.decode(UInt64.self, forKey: .wide)
            ratio = try c.decode(Double.self, forKey: .ratio)
            yes = try c.decode(Bool.self, forKey: .yes)
            shade = try c.decode(Shade.self, forKey: .shade)
            inner = try c.decode(Inner.self, forKey: .inner)
            list = try c.decode([Inner].self, forKey: .list)
            nested = try c.decode([[String]].self, forKey: .nested)
            optionals = try c.decode([Int?].self, forKey: .optionals)
            byName = try c.decode([String: Inner].self, forKey: .byName)
            defaulted = try c.decodeIfPresent(Int.self, forKey: .defaulted) ?? 7
        }
    }

    static let sample = Sample(title: "Garden Court", number: -42,
                               inner: Inner(name: "n", counts: [1, 2, 3], flags: ["on": true, "off": false]))

    @Test func decodesWhatJSONEncoderWritesAsJSONDecoderDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Self.sample)
        // JSONEncoder writes `ratio` as 3; a null member and a missing one read as nil.
        let text = String(decoding: data, as: UTF8.self)
        data = Data(text.replacingOccurrences(of: "\"title\"", with: "\"null\" : null,\n  \"title\"").utf8)
        let plain = try #require(PlainJSONDecoder.decode(Sample.self, from: data))
        #expect(plain == Self.sample)
        #expect(plain == (try JSONDecoder().decode(Sample.self, from: data)))
        // Unknown members are ignored, a missing defaulted member takes its default.
        let trimmed = Data(text.replacingOccurrences(of: "\"defaulted\" : 7,", with: "\"unknown\" : [1, {\"a\" : null}],").utf8)
        #expect(PlainJSONDecoder.decode(Sample.self, from: trimmed) == Self.sample)
    }

    struct Stamped: Codable { var at: Date }
    struct Linked: Codable { var url: URL }
    struct Blob: Codable { var data: Data }
    struct Priced: Codable { var price: Decimal }
    struct Small: Codable { var value: Int8 }
    struct Words: Codable { var words: [String] }

    @Test func leavesToJSONDecoderWhatItReadsByAStrategyOfItsOwnOrRefuses() throws {
        // Types JSONDecoder treats specially, whatever the bytes.
        #expect(PlainJSONDecoder.decode(Stamped.self, from: Data(#"{"at":0}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Linked.self, from: Data(#"{"url":"https://example.com/"}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Blob.self, from: Data(#"{"data":"AAEC"}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Priced.self, from: Data(#"{"price":12}"#.utf8)) == nil)
        // Outside PlainJSON's subset (an escape), or not of the member's type.
        #expect(PlainJSONDecoder.decode(Words.self, from: Data(#"{"words":["a\"b"]}"#.utf8)) == nil)
        #expect(try JSONDecoder().decode(Words.self, from: Data(#"{"words":["a\"b"]}"#.utf8)).words == ["a\"b"])
        #expect(PlainJSONDecoder.decode(Small.self, from: Data(#"{"value":300}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Small.self, from: Data(#"{"value":"1"}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Small.self, from: Data(#"{"value":null}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Small.self, from: Data(#"{}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Words.self, from: Data(#"{"words":"a"}"#.utf8)) == nil)
        #expect(PlainJSONDecoder.decode(Small.self, from: Data(#"{"value":1}"#.utf8))?.value == 1)
    }
}
