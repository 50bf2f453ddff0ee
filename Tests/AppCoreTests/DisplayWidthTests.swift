import AppCore
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
