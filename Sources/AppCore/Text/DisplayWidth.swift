/// What one terminal cell shows (two when wide): a spacing character and the zero-width marks
/// that combine with it.
public struct Glyph: Equatable, Sendable {
    /// The scalars drawn in the cell, base first.
    public let text: String
    /// Columns it takes: 1 or 2.
    public let width: Int

    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }
}

/// Display width of text in terminal columns, measured in pure Swift by grapheme: wide East
/// Asian characters and emoji take 2, combining marks 0.
public enum DisplayWidth {
    /// Columns `text` takes.
    public static func of(_ text: String) -> Int {
        if InertText.isPlainASCII(text) { return text.utf8.count }
        if let total = loneScalarsWidth(text) { return total }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Columns one grapheme takes.
    public static func of(_ character: Character) -> Int {
        if character.isASCII { return character.asciiValue.map { $0 >= 0x20 && $0 < 0x7F ? 1 : 0 } ?? 1 }
        return glyphs(of: character).reduce(0) { $0 + $1.width }
    }

    /// The cells a grapheme is drawn in. Usually one; a grapheme holding several spacing
    /// characters (an Indic vowel sign, a lone regional indicator pair) is split so each cell has
    /// one spacing character, as `wcwidth` and ncursesw count them; an emoji sequence stays whole.
    /// A grapheme that starts with a combining mark gets a space to sit on.
    public static func glyphs(of character: Character) -> [Glyph] {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return [] }
        if isEmojiCluster(character, first: first) {
            return [Glyph(text: String(character), width: width(of: first) == 2 ? 2 : 1)]
        }
        var glyphs: [Glyph] = []
        var text = String.UnicodeScalarView()
        var width = 0
        for scalar in scalars {
            let w = self.width(of: scalar)
            if w > 0 {
                if !text.isEmpty { glyphs.append(Glyph(text: String(text), width: max(width, 1))) }
                text = String.UnicodeScalarView()
                text.append(scalar)
                width = w
            } else {
                if text.isEmpty { text.append(" ") }
                text.append(scalar)
            }
        }
        if !text.isEmpty { glyphs.append(Glyph(text: String(text), width: max(width, 1))) }
        return glyphs
    }

    /// Each printable ASCII character as a String of its own, made once: a cell's text, not one
    /// made for every cell of every frame.
    private static let asciiTexts: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    /// The one-character String of an ASCII byte.
    static func asciiText(_ byte: UInt8) -> String {
        byte < 0x80 ? asciiTexts[Int(byte)] : String(Unicode.Scalar(byte))
    }

    /// The glyphs of `text`, in order.
    public static func glyphs(of text: String) -> [Glyph] {
        // Printable ASCII (most of every frame): one cell per byte, without grapheme breaking.
        if InertText.isPlainASCII(text) {
            return text.utf8.map { Glyph(text: asciiText($0), width: 1) }
        }
        if loneScalarsWidth(text) != nil {
            return text.unicodeScalars.map { Glyph(text: String($0), width: width(of: $0) == 2 ? 2 : 1) }
        }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(text.utf8.count)
        for character in text {
            if let byte = character.asciiValue, byte >= 0x20, byte < 0x7F {
                glyphs.append(Glyph(text: String(character), width: 1))
            } else {
                glyphs.append(contentsOf: Self.glyphs(of: character))
            }
        }
        return glyphs
    }

    /// The columns of `text` when every code point is a grapheme of its own — printable, and from
    /// blocks that hold no combining mark, joiner, variation selector or other character that joins
    /// a grapheme (Latin to U+02FF, general punctuation, symbols, arrows, box drawing, dingbats: the
    /// app's own `·`, `…`, `✓`, `★`) — else nil, and the text is measured grapheme by grapheme. For
    /// such a text the two agree: a lone code point takes 2 columns when wide, else 1 (a frame's
    /// texts are not broken into graphemes for nothing).
    static func loneScalarsWidth(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF,
                 0x2100...0x2BFF:
                total += width(of: scalar) == 2 ? 2 : 1
            default:
                return nil
            }
        }
        return total
    }

    /// Columns one code point takes alone: 0 for marks, format characters and Hangul vowels and
    /// final consonants, 2 for wide characters, 1 otherwise.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }
        if v < 0x300 { return v == 0xAD ? 0 : 1 }
        switch v {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B...0x200F: return 0
        case 0x1171E: return 0  // a mark in glibc's Unicode 14 tables, spacing in Swift's newer ones
        default: break
        }
        if WideCharacters.contains(v) { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// `text` cut to at most `width` columns, ending with `ellipsis` (the glyph set's cut mark) when something was cut.
    /// Never splits a grapheme.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = Glyphs.current.cut) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let room = width - of(ellipsis)
        guard room >= 0 else { return "" }
        var used = 0
        var kept = ""
        for character in text {
            let w = of(character)
            if used + w > room { break }
            kept.append(character)
            used += w
        }
        return kept + ellipsis
    }

    /// `text` truncated to `width` and padded with spaces to exactly `width` columns.
    public static func fit(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    private static func isEmojiCluster(_ character: Character, first: Unicode.Scalar) -> Bool {
        if (0x1F1E6...0x1F1FF).contains(first.value) { return false }  // flags: two cells of one each
        if first.properties.isEmojiPresentation && first.value >= 0x2000 { return true }
        guard character.unicodeScalars.count > 1, first.properties.isEmoji, !first.isASCII else { return false }
        return character.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x200D }
    }
}
