@testable import AppCore
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("Room 101", 8),
        ("山田太郎", 8),
        ("한국어", 6),
        ("ｶﾀｶﾅ", 4),
        ("ＡＢ", 4),
        ("e\u{301}", 1),
        ("Jose\u{301}", 4),
        ("👍", 2),
        ("👍🏽", 2),
        ("👩\u{200D}💻", 2),
        ("🇫🇷", 2),
        ("·…", 2),
        ("", 0),
        ("\u{1100}\u{1161}\u{11A8}", 2),
    ])
    func measuresColumns(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    /// #18: text of code points that are each a grapheme of their own is measured code point by
    /// code point; for every such code point, beside itself and others of the kind, that agrees
    /// with measuring grapheme by grapheme — and a text with any other code point is not taken.
    @Test func textOfLoneCodePointsIsMeasuredAsGraphemesAre() throws {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E,
                                             0x2070...0x20CF, 0x2100...0x2BFF]
        let scalars = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init)
        for (n, scalar) in scalars.enumerated() {
            let other = scalars[(n * 7919) % scalars.count]
            let text = "a" + String(scalar) + String(scalar) + String(other) + "·"
            let total = try #require(DisplayWidth.loneScalarsWidth(text), "\(scalar.value)")
            #expect(text.count == text.unicodeScalars.count, "U+\(String(scalar.value, radix: 16)) joins a grapheme")
            #expect(total == text.reduce(0) { $0 + DisplayWidth.of($1) }, "U+\(String(scalar.value, radix: 16))")
            #expect(DisplayWidth.glyphs(of: text) == text.flatMap { DisplayWidth.glyphs(of: $0) },
                    "U+\(String(scalar.value, radix: 16))")
        }
        for outside in ["e\u{301}", "👍", "👍🏽", "✔\u{FE0F}", "🇫🇷", "한", "a\u{200D}b", "\r\n", "\u{AD}", "\u{7F}"] {
            #expect(DisplayWidth.loneScalarsWidth(outside) == nil, "\(outside.debugDescription)")
        }
        #expect(DisplayWidth.of("✓ Clean · 3…") == 12)
    }

    @Test func aGraphemeWithSpacingMarksIsSplitIntoCells() {
        // Devanagari "kā": a consonant and a spacing vowel sign, one grapheme, two columns.
        let ka = "\u{915}\u{93E}"
        #expect(ka.count == 1)
        #expect(DisplayWidth.glyphs(of: ka).map(\.width) == [1, 1])
        #expect(DisplayWidth.glyphs(of: "e\u{301}") == [Glyph(text: "e\u{301}", width: 1)])
    }

    @Test func aLeadingCombiningMarkSitsOnASpace() {
        #expect(DisplayWidth.glyphs(of: "\u{301}") == [Glyph(text: " \u{301}", width: 1)])
    }

    @Test func truncatesByWidthWithAnEllipsisNeverSplittingAGrapheme() {
        #expect(DisplayWidth.truncate("Housekeeping", to: 8) == "Houseke…")
        #expect(DisplayWidth.truncate("Housekeeping", to: 12) == "Housekeeping")
        #expect(DisplayWidth.truncate("山田太郎", to: 6) == "山田…")
        #expect(DisplayWidth.truncate("山田太郎", to: 5) == "山田…")
        #expect(DisplayWidth.truncate("Jose\u{301}Maria", to: 5) == "Jose\u{301}…")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
        #expect(DisplayWidth.truncate("abc", to: 1) == "…")
    }

    @Test func fitPadsToTheExactWidth() {
        #expect(DisplayWidth.fit("山", to: 4) == "山  ")
        #expect(DisplayWidth.of(DisplayWidth.fit("山田太郎", to: 5)) == 5)
    }
}
