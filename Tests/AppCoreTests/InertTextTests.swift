import AppCore
import Testing

/// Instance text cannot move the cursor, recolour, retitle or reorder the screen.
@Suite struct InertTextTests {
    @Test func plainTextIsUntouched() {
        #expect(InertText.sanitize("Room 101 · Müller, 山田 太郎 👍🏽") == "Room 101 · Müller, 山田 太郎 👍🏽")
    }

    @Test func lineBreaksBecomeOneSpaceInSingleLineText() {
        #expect(InertText.sanitize("late\r\narrival\rnote\nend") == "late arrival note end")
        #expect(InertText.sanitize("a\n\n\nb") == "a b")
        #expect(InertText.sanitize("tab\there") == "tab here")
    }

    @Test func multiLineTextKeepsOneLineFeedPerBreak() {
        #expect(InertText.sanitize("one\r\ntwo\rthree\u{2028}four", singleLine: false) == "one\ntwo\nthree\nfour")
    }

    @Test func controlCharactersDeleteAndC1AreRemoved() {
        #expect(InertText.sanitize("a\u{07}b\u{08}c\u{7F}d\u{84}e\u{00}f\u{1F}g") == "abcdefg")
        #expect(InertText.sanitize("next\u{85}line") == "next line", "NEL is a line break")
    }

    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("\u{1B}[2J\u{1B}[Hcleared", "cleared"),
        ("\u{1B}[?1049hswap", "swap"),
        ("\u{1B}]0;evil title\u{07}after", "after"),
        ("\u{1B}]8;;https://x.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
        ("\u{1B}Pdevice control\u{1B}\\ok", "ok"),
        ("\u{1B}_apc\u{1B}\\ok", "ok"),
        ("\u{1B}(Bcharset", "charset"),
        ("\u{1B}7saved\u{1B}8", "saved"),
        ("\u{9B}31mc1 csi", "c1 csi"),
        ("\u{9D}0;title\u{9C}c1 osc", "c1 osc"),
        ("trailing escape\u{1B}", "trailing escape"),
        ("\u{1B}]0;never terminated", ""),
    ])
    func escapeSequencesAreRemovedWhole(input: String, expected: String) {
        #expect(InertText.sanitize(input) == expected)
    }

    @Test func bidiControlsAreRemoved() {
        let trojan = "access\u{202E}\u{2066}level\u{2069}\u{202C}\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}"
        #expect(InertText.sanitize(trojan) == "accesslevel")
    }

    @Test func invisibleFormatCharactersAreRemoved() {
        #expect(InertText.sanitize("in\u{200B}vis\u{2060}i\u{FEFF}ble\u{00AD}\u{E0041}\u{3164}") == "invisible")
        let noncharacters = "non" + String(Unicode.Scalar(0xFFFF)!) + "char" + String(Unicode.Scalar(0x1FFFE)!)
        #expect(InertText.sanitize(noncharacters) == "nonchar")
    }

    @Test func joinersStayOnlyWhereTheyJoin() {
        let technologist = "👩\u{200D}💻"
        #expect(InertText.sanitize(technologist) == technologist)
        #expect(InertText.sanitize("ad\u{200D}min") == "admin")
        let persian = "می\u{200C}خواهم"
        #expect(InertText.sanitize(persian) == persian)
        #expect(InertText.sanitize("\u{200C}x\u{200C}") == "x")
    }

    /// A joiner before a character that is itself removed (a Hangul filler is a letter; a bidi
    /// control) joins nothing: it goes too, so sanitizing the result again changes nothing. Found by
    /// the `text` fuzz target (Tests/Fuzz/Regressions/text/crash-fc52cc25…).
    @Test func aJoinerBeforeARemovedCharacterGoesWithIt() {
        #expect(InertText.sanitize("a\u{200C}\u{115F}") == "a")
        #expect(InertText.sanitize("a\u{200C}\u{3164}b") == "ab")
        #expect(InertText.sanitize("👩\u{200D}\u{FFA0}") == "👩")
        let once = InertText.sanitize("\u{19E}\u{B}*a\u{200C}\u{115F}")
        #expect(InertText.sanitize(once) == once)
    }

    @Test func combiningMarksAndEmojiSequencesStay() {
        let text = "Jose\u{301} 🇫🇷 ❤️ 1️⃣"
        #expect(InertText.sanitize(text) == text)
    }

    @Test func inertTypesSanitizeOnConstruction() {
        #expect(InertString("a\u{1B}[31mb\nc").value == "ab c")
        #expect(Span(inert: "x\u{202E}y").text == "xy")
        #expect(Span("catalog \u{07}text").text == "catalog text")
        #expect(Notice(.error, "n\u{1B}]0;t\u{07}o").text == "no")
        #expect(Tab(id: "t", key: "1", title: "T\u{0D}x", isActive: false).title == "T x")
        #expect(KeyHint(key: "r\u{1B}", label: "Re\u{9B}1mfresh").label == "Refresh")
    }
}
