import Foundation
import FuzzChecks
import JSONBytes
import Testing

/// The one JSON reader (#32) in its strict grammar (RFC 8259: the catalog and the themes) reads
/// what JSONDecoder reads to the same values, decodes every escape, and refuses what is not JSON
/// rather than guess or trap.
@Suite struct StrictGrammarTests {
    static func strict(_ text: String) -> JSONDocument? { JSONDocument(Data(text.utf8), grammar: .strict) }

    @Test func everyEscapeIsDecoded() throws {
        let text = #"{"k": "a\"b\\c\/d\b\f\n\r\t\u00e9\u20AC\ud83d\ude00 é"}"#
        let value = Self.strict(text)?["k"]?.string
        #expect(value == "a\"b\\c/d\u{08}\u{0C}\n\r\té€😀 é")
        #expect(value == (try JSONDecoder().decode([String: String].self, from: Data(text.utf8)))["k"])
        // A key's escapes too.
        #expect(Self.strict(#"{"a\u0062": 1}"#) == .object(["ab": .integer(1)]))
    }

    /// Whole numbers are integers, others finite doubles (as JSONDecoder reads an `Int` before a
    /// `Double`); a repeated key keeps its first value, as JSONDecoder keeps it.
    @Test func valuesOfEveryKindAndTheFirstOfARepeatedKey() throws {
        let value = Self.strict(#" {"a": [1, -2.5e3, 0, 0.5, -0, 1E2, 12345678901234567890, true, false, null, {}], "b": "x", "b": "y"} "#)
        #expect(value == .object(["a": .array([.integer(1), .number(-2500), .integer(0), .number(0.5), .integer(0), .number(100),
                                                .number(1.2345678901234567e19), .bool(true), .bool(false), .null, .object([:])]),
                                  "b": .string("x")]))
        struct B: Decodable { var b: String }
        #expect(try JSONDecoder().decode(B.self, from: Data(#"{"b": "x", "b": "y"}"#.utf8)).b == "x")
    }

    @Test(arguments: [
        "", "{", "{\"a\": }", "{\"a\" 1}", "[1,]", "{\"a\": 1,}", "[01]", "[1.]", "[.5]", "[-]", "[1e]",
        "\"\u{01}\"", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ud83d\\u0041\"", "\"open", "tru", "nul",
        "{} {}", "[1] x", String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
    ])
    func whatIsNotJSONIsRefused(_ text: String) {
        #expect(Self.strict(text) == nil, "\(text.debugDescription) was read")
        let decoded = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        if text.hasPrefix(String(repeating: "[", count: 64)) { return }   // deeper than this reader allows
        if text.contains(",]") || text.contains(",}") { return }   // Foundation's reader allows a trailing comma
        #expect(decoded == nil, "JSONSerialization reads \(text.debugDescription): the case is wrong")
    }

    /// A number too large for a Double: JSONDecoder refuses the document; the reader did read it,
    /// as infinity (`Double("1e400")`), a value JSONDecoder never gives.
    @Test(arguments: ["[1e400]", "[-1e400]", #"{"fg": 2e308}"#])
    func aNumberTooLargeForADoubleIsRefusedAsJSONDecoderRefusesIt(_ text: String) {
        #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) == nil)
        #expect(Self.strict(text) == nil, "\(text) was read")
        #expect(JSONChecks.reader(Data(text.utf8)).isEmpty)
        // A tiny one is 0, for both.
        #expect(Self.strict("[1e-400]") == .array([.number(0)]))
        #expect(JSONChecks.reader(Data("[1e-400]".utf8)).isEmpty)
    }

    @Test func nestingUpToTheLimitIsRead() {
        let deepest = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        #expect(Self.strict(deepest) != nil)
        #expect(JSONDocument(Data(deepest.utf8), grammar: .plain) != nil)
        #expect(Self.strict("[" + deepest + "]") == nil)
        #expect(JSONDocument(Data(("[" + deepest + "]").utf8), grammar: .plain) == nil)
    }

    @Test func invalidUTF8InAStringIsRefused() {
        func strict(_ bytes: [UInt8]) -> JSONDocument? { JSONDocument(bytes: bytes, grammar: .strict) }
        #expect(strict([0x22, 0xC3, 0x28, 0x22]) == nil)
        #expect(strict([0x22, 0xC3, 0xA9, 0x22]) == .string("é"))
        // The same after an escape (the bytes are then gathered, and checked once at the end).
        #expect(strict([0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22]) == nil)
        #expect(strict([0x22, 0x5C, 0x6E, 0xC3, 0xA9, 0x5C, 0x75, 0x30, 0x30, 0x65, 0x39, 0x22]) == .string("\né\u{e9}"))
    }

    /// The reads a domain reader builds on (the catalog's table): a string where one is, its end
    /// after its escapes, the first of a repeated key for the caller to keep.
    @Test func theReadsUnderTheDomainReaders() {
        let text = Array(#"  "a\n\u00e9" , "b""#.utf8)
        text.withUnsafeBufferPointer { bytes in
            #expect(JSONReader.afterSpace(in: bytes, from: 0) == 2)
            #expect(JSONReader.string(in: bytes, at: 2, grammar: .strict) == "a\né")
            #expect(JSONReader.stringEnd(in: bytes, at: 2, grammar: .strict) == 13)
            #expect(JSONReader.string(in: bytes, at: 2, grammar: .plain) == nil, "an escape leaves the plain subset")
            #expect(JSONReader.stringEnd(in: bytes, at: 16, grammar: .strict) == 19)
        }
        var keys: [String] = []
        let read = Data(#"{"x": 1, "y\u0021": [2], "x": 3}"#.utf8).withUnsafeBytes { raw in
            JSONReader.whole(raw.bindMemory(to: UInt8.self), grammar: .strict) { reader -> Bool? in
                reader.decodedMembers { key, reader in
                    keys.append(key)
                    return reader.skipValue()
                }
            }
        }
        #expect(read == true)
        #expect(keys == ["x", "y!", "x"])
    }
}

/// The plain grammar (the saved answers, the small state files) reads what JSONEncoder writes as
/// JSONDecoder does, and answers nil (so the caller falls back to JSONDecoder) outside its subset.
@Suite struct PlainGrammarTests {
    @Test func readsScalarsArraysAndSpace() throws {
        let json = try #require(JSONDocument(Data(#" { "a" : [1, -20, true, false, null, "x", {}, []] } "#.utf8), grammar: .plain))
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
        #expect(JSONDocument(Data(text.utf8), grammar: .plain) == nil)
    }

    @Test func refusesInvalidUTF8() {
        #expect(JSONDocument(Data([0x22, 0xC3, 0x28, 0x22]), grammar: .plain) == nil)
    }

    /// The word-at-a-time scan of a string's plain run finds the same byte as a byte-by-byte
    /// one, for every kind of byte at every place in a word and across words (#18).
    @Test func thePlainRunScanFindsWhatAByteScanFinds() {
        func reference(_ bytes: [UInt8], _ from: Int) -> Int {
            var at = from
            while at < bytes.count {
                let byte = bytes[at]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return at }
                at += 1
            }
            return bytes.count
        }
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xC3, 0xFF, 0x21, 0x23, 0x5B, 0x5D, 0x20, 0x7F, 0x01]
        for length in 0...19 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = special }
                    for from in 0...length {
                        let found = bytes.withUnsafeBufferPointer { JSONReader.plainEnd($0, from: from) }
                        #expect(found == reference(bytes, from), "length \(length), \(special) at \(position), from \(from)")
                    }
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 0x20...0x7E, using: &generator)
                                               : UInt8.random(in: 0...255, using: &generator)
            }
            let from = Int.random(in: 0...bytes.count, using: &generator)
            let found = bytes.withUnsafeBufferPointer { JSONReader.plainEnd($0, from: from) }
            #expect(found == reference(bytes, from))
        }
    }}

/// Both grammars against JSONDecoder, by the `json` fuzz target's own check (`JSONChecks.reader`):
/// over documents of every kind, each grammar reads what JSONDecoder reads or refuses, and where
/// the plain one reads, the strict one reads the same.
@Suite struct GrammarsAgainstJSONDecoderTests {
    static let documents = [
        #"{"floor":3,"number":"301","tags":["a","b"],"ok":true,"note":null}"#,
        #" [ 0 , -1 , 9223372036854775807 , -9223372036854775808 , 9223372036854775808 ] "#,
        #"[0.1, 1.5e-7, 2E+10, -0.0, 1.0, 5e-324, 1.7976931348623157e308]"#,
        #"{"a\u0000b": "\ud83d\ude00", "\/": "\"", "é": "翡翠"}"#,
        #"{"x": {"y": {"z": [[], {}, [{}]]}}}"#,
        #"{"dup": 1, "dup": 2}"#,
        #""just a string""#, "12", "true", "null",
    ]

    @Test(arguments: documents)
    func eachGrammarReadsAsJSONDecoderOrRefuses(_ text: String) throws {
        let data = Data(text.utf8)
        #expect(JSONChecks.reader(data).isEmpty, "\(JSONChecks.reader(data))")
        _ = try JSONDecoder().decode(JSONValue.self, from: data)   // JSONDecoder reads each one
        #expect(JSONDocument(data, grammar: .strict) != nil, "the strict grammar reads every one, so something was compared")
    }

    @Test func thePlainGrammarReadsTheSubsetToWhatTheStrictOneReads() throws {
        let plain = try #require(JSONDocument(Data(Self.documents[0].utf8), grammar: .plain))
        #expect(JSONDocument(Data(Self.documents[0].utf8), grammar: .strict) == plain)
        #expect(JSONDocument(Data(Self.documents[2].utf8), grammar: .plain) == nil)
        #expect(JSONDocument(Data(Self.documents[5].utf8), grammar: .plain) == nil)
    }

    /// Found by the `json` fuzz target (Tests/Fuzz/Regressions/json): a fraction past a Double's
    /// precision. JSONDecoder gives 9922337203685477 when asked for an `Int` (JSONValue asks that
    /// first) and 9922337203685478 when asked for a `Double`, as the strict reader reads it: a
    /// number the reader keeps as a Double is compared with JSONDecoder's Double.
    @Test func aFractionIsComparedWithWhatJSONDecoderReadsAsADouble() throws {
        let data = Data("[9922337203685477.002,1922337203685478]".utf8)
        #expect(JSONDocument(data, grammar: .strict) == .array([.number(9922337203685477.002), .integer(1922337203685478)]))
        #expect(try JSONDecoder().decode([Double].self, from: data).first == 9922337203685477.002)
        #expect(JSONChecks.reader(data).isEmpty, "\(JSONChecks.reader(data))")
    }

    /// The check would catch a strict reader that disagrees: one that changes a number, and one
    /// that reads what JSONDecoder refuses; a mutated decoder is caught too, a refusal never is.
    @Test func theStrictCheckCatchesADisagreement() {
        let data = Data(Self.documents[0].utf8)
        let wrong: (Data) -> JSONDocument? = { data in
            guard case .object(var members)? = JSONDocument(data, grammar: .strict) else { return nil }
            members["floor"] = .number(3.5)
            return .object(members)
        }
        #expect(JSONChecks.strictJSON(data, strictReader: wrong).first?.contains("where JSONDecoder read") == true)
        let lenient: (Data) -> JSONDocument? = { _ in .number(.infinity) }
        #expect(JSONChecks.strictJSON(Data("[1e400]".utf8), strictReader: lenient).first?.contains("JSONDecoder refuses") == true)
        let mutated: (Data) -> (integers: JSONValue, doubles: JSONValue)? = { _ in (.object([:]), .object([:])) }
        #expect(!JSONChecks.strictJSON(data, decoder: mutated).isEmpty)
        #expect(JSONChecks.strictJSON(data, strictReader: { _ in nil }).isEmpty)
        // `1.0` read as a double agrees with JSONDecoder's integer 1: numbers are compared as numbers.
        #expect(JSONChecks.strictJSON(Data("[1.0]".utf8)).isEmpty)
        #expect(JSONDocument(Data("[1.0]".utf8), grammar: .strict) == .array([.number(1)]))
    }
}

/// Whole numbers at `Int`'s ends (#34: the Today head's differential test found `Int.min` refused,
/// its magnitude one past `Int.max`): both ends are read as JSONDecoder reads them, one past
/// either end is none.
@Suite struct IntegerEndsTests {
    static func integer(_ text: String, _ grammar: JSONGrammar) -> Int? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, grammar: grammar)
            return reader.integerValue()
        }
    }

    @Test(arguments: [JSONGrammar.plain, .strict])
    func bothEndsOfIntAreRead(_ grammar: JSONGrammar) throws {
        #expect(Self.integer("-9223372036854775808", grammar) == Int.min)
        #expect(Self.integer("9223372036854775807", grammar) == Int.max)
        #expect(Self.integer("-9223372036854775807", grammar) == Int.min + 1)
        #expect(try JSONDecoder().decode([Int].self, from: Data("[-9223372036854775808]".utf8)) == [Int.min])
        #expect(Self.integer("-9223372036854775809", grammar) == nil)
        #expect(Self.integer("9223372036854775808", grammar) == nil)
        #expect(Self.integer("-0", grammar) == 0)
        #expect(Self.integer("-", grammar) == nil)
    }
}
