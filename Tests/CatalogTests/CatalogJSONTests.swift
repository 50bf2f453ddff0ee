@testable import Catalog
import Foundation
import JSONBytes
import Testing

/// #18: the catalog and the themes are read without JSONDecoder, by the one JSON reader's strict
/// grammar (JSONBytes, #32; its own tests are Tests/JSONBytesTests) and the catalog's index. They
/// must read the shipped files to the same values JSONDecoder does, and refuse what is not a
/// catalog rather than guess or crash.
@Suite struct CatalogJSONTests {
    static func resource(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/\(name)")
        return try Data(contentsOf: url)
    }

    @Test func theShippedCatalogReadsAsJSONDecoderReadsIt() throws {
        let data = try Self.resource("en.json")
        let decoded = try JSONDecoder().decode([String: String].self, from: data)
        let catalog = try StringCatalog(json: data)
        #expect(catalog.entries.count == decoded.count)
        #expect(catalog.entries == decoded)
    }

    /// The catalog's own reader (#18): straight into a dictionary, as JSONDecoder reads it; the
    /// first of a repeated key kept, as JSONDecoder keeps it; nil for anything but an object of strings.
    @Test func aStringTableReadsAsJSONDecoderReadsIt() throws {
        let data = try Self.resource("en.json")
        #expect(StringCatalog.table(Array(data)) == (try JSONDecoder().decode([String: String].self, from: data)))
        let text = #" { "a" : "x\n\u00e9", "b": "", "a": "y", "c\u0021": "z" } "#
        #expect(StringCatalog.table(Array(text.utf8)) == ["a": "x\né", "b": "", "c!": "z"])
        #expect(StringCatalog.table(Array(text.utf8)) == (try JSONDecoder().decode([String: String].self, from: Data(text.utf8))))
        #expect(StringCatalog.table(Array("{}".utf8)) == [:])
        // The tree (themes) keeps the same value as the table and JSONDecoder.
        #expect(JSONDocument(Data(text.utf8), grammar: .strict)?["a"]?.string == "x\né")
        for refused in [#"{"a": 1}"#, #"{"a": "x",}"#, #"["a"]"#, #"{"a": "x"} z"#, #"{"a": "x""#, ""] {
            #expect(StringCatalog.table(Array(refused.utf8)) == nil, "\(refused)")
        }
    }

    @Test func theShippedThemesReadAsJSONDecoderReadsThem() throws {
        let data = try Self.resource("themes.json")
        let decoded = try JSONDecoder().decode([String: [String: ThemeStyle]].self, from: data)
        let themes = try Theme.decodeAll(from: data)
        #expect(themes.map(\.name) == decoded.keys.sorted())
        for theme in themes {
            for (token, style) in decoded[theme.name] ?? [:] {
                #expect(theme.style(StyleToken(rawValue: token)!) == style, "\(theme.name).\(token)")
            }
        }
    }

    @Test func aCatalogEntryThatIsNotAStringIsRefusedByItsKey() {
        #expect(throws: CatalogFileError.notAString(key: "n")) { try StringCatalog(json: Data(#"{"s": "x", "n": 1}"#.utf8)) }
        #expect(throws: CatalogFileError.unreadable) { try StringCatalog(json: Data("[]".utf8)) }
    }

    /// #18: the catalog is kept as its bytes with an index of its keys; each text is made when
    /// asked for, and is what JSONDecoder reads for that key.
    @Test func theCatalogsIndexFindsWhatJSONDecoderReads() throws {
        let data = try Self.resource("en.json")
        let decoded = try JSONDecoder().decode([String: String].self, from: data)
        let index = try #require(CatalogIndex.build(Array(data)), "the shipped catalog is read by its index")
        #expect(index.count == decoded.count)
        for (key, text) in decoded { #expect(index.text(key) == text, "\(key)") }
        #expect(index.text("no.such.key") == nil)
        #expect(index.text("") == nil)
        #expect(index.dictionary == decoded)
        let catalog = try StringCatalog(json: data)
        #expect(catalog.count == decoded.count)
        #expect(catalog.template("app.name") != nil)
        #expect(catalog.template("app.name") == decoded["app.name"])
    }

    /// #18: the index passes over eight bytes at a time where nothing can end a string or be
    /// other than ASCII; wherever the byte that matters falls in its word, it reads what
    /// JSONDecoder reads and refuses what it refuses.
    @Test func theIndexsWordAtATimeReadingAgreesWithJSONDecoderAtEveryOffset() throws {
        let specials: [[UInt8]] = [Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array("é".utf8),
                                   Array("·✓".utf8), [0x01], [0x1F], [0x20], [0x7F], [0xFF], [0xC3], [0xC3, 0x28],
                                   [0xE2, 0x9C], [0x22]]
        for special in specials {
            for offset in 0..<24 {
                let text = Array(String(repeating: "a", count: offset).utf8) + special
                    + Array(String(repeating: "b", count: 30 - offset).utf8)
                let file = Array(#"{"key": ""#.utf8) + text + Array(#"", "next": "z"}"#.utf8)
                let decoded = try? JSONDecoder().decode([String: String].self, from: Data(file))
                #expect(CatalogIndex.build(file)?.dictionary == decoded, "\(special) at \(offset)")
            }
        }
    }

    /// The index's check of UTF-8 (ASCII words passed over) answers as the standard library's.
    @Test func utf8IsCheckedAsTheStandardLibraryChecksIt() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array("é".utf8), Array("✓".utf8), Array("😀".utf8), [0x80],
                                 [0xC3], [0xE2, 0x9C], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xFF], [0x41]]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer { CatalogIndex.isValidUTF8($0) } == expected, "\(bytes)")
        }
    }

    @Test func theIndexDecodesEscapesKeepsTheFirstOfARepeatedKeyAndRefusesWhatIsNotATable() throws {
        let text = #" { "a" : "x\n\u00e9", "b": "", "a": "y", "é": "z\"q" } "#
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        let index = try #require(CatalogIndex.build(Array(text.utf8)))
        #expect(index.dictionary == decoded)
        #expect(index.text("a") == "x\né")
        #expect(index.text("é") == "z\"q")
        #expect(index.text("b") == "")
        #expect(CatalogIndex.build(Array("{}".utf8))?.count == 0)
        // A key with an escape is left to the table, which reads it.
        let escapedKey = #"{"a\u0062": "x"}"#
        #expect(CatalogIndex.build(Array(escapedKey.utf8)) == nil)
        #expect(try StringCatalog(json: Data(escapedKey.utf8)).template("ab") == "x")
        for refused in [#"{"a": 1}"#, #"{"a": "x",}"#, #"["a"]"#, #"{"a": "x"} z"#, #"{"a": "x""#, #"{"a": "\q"}"#,
                        "{\"a\": \"\u{01}\"}", ""] {
            #expect(CatalogIndex.build(Array(refused.utf8)) == nil, "\(refused)")
        }
        #expect(CatalogIndex.build(Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)) == nil)
    }
}
