import Foundation

/// Text as search compares it (docs/api.md `search`), shared by the instance's search and the
/// app's own filters (Today's `/`): letter case and accents do not count, and the German
/// transliterations match their letters — "muller" and "mueller" both find "Müller", "zoe"
/// finds "Zoë", "weiss" finds "Weiß".
///
/// A text is matched in up to two forms: the plain fold (lower case; the combining accents of
/// U+0300–U+036F taken off, so é = e and ü = u; ß = ss, æ = ae, œ = oe, ø = o, ł = l, đ = d,
/// ı = i) and, when the text has ä, ö or ü, the transliterated fold (the same with ä = ae,
/// ö = oe, ü = ue). A query matches when one of its forms is inside one of the text's: every
/// match of a plain case-insensitive search stays one. Other scripts are only lowercased
/// (their marks are kept: "李娜" finds itself).
public enum SearchFolding {
    /// The forms `text` is matched in: the plain fold first, then the transliterated one when
    /// it differs.
    public static func forms(_ text: String) -> [String] {
        let plain = fold(text, transliterating: false)
        let transliterated = fold(text, transliterating: true)
        return plain == transliterated ? [plain] : [plain, transliterated]
    }

    /// Whether `query` is found in `text` (both folded; an empty query is in every text).
    public static func text(_ text: String, contains query: String) -> Bool {
        let texts = forms(text)
        return forms(query).contains { needle in needle.isEmpty || texts.contains { $0.contains(needle) } }
    }

    /// Whether `text` starts with `query` (both folded): a room number as typed.
    public static func text(_ text: String, startsWith query: String) -> Bool {
        let texts = forms(text)
        return forms(query).contains { needle in texts.contains { $0.hasPrefix(needle) } }
    }

    /// Letters that are no letter with an accent in Unicode, as plain search compares them.
    static let plainLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i",
    ]

    /// The diaeresis, which the German transliteration writes as "e" after a, o and u.
    static let diaeresis: Unicode.Scalar = "\u{0308}"

    static func fold(_ text: String, transliterating: Bool) -> String {
        var folded = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            defer { previous = scalar }
            if (0x0300...0x036F).contains(scalar.value) {
                if transliterating, scalar == diaeresis, let base = previous, "aou".unicodeScalars.contains(base) {
                    folded.append("e")
                }
                continue
            }
            if let letters = plainLetters[scalar] {
                folded.append(contentsOf: letters.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded).precomposedStringWithCanonicalMapping
    }
}
