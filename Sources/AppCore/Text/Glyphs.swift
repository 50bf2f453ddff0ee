/// The symbols the app draws: Unicode, or ASCII where the terminal or the locale cannot show
/// them (a Linux console with LANG=C, a vt220). Chosen once at start by the I/O side
/// (`GlyphChoice.decide`, fed by TerminalUI) and passed in as a value: the run is wrapped in
/// `Glyphs.$current.withValue(…)`, so views and the layout read it without any I/O.
///
/// Every piece of the app's own text goes through it: catalog spans, notices, key hints and the
/// layout's box and ellipsis (`text`), status labels (`labelled`: `[x] Dirty`). Text from an
/// instance (`Span(inert:)`) is left as it came.
public struct Glyphs: Equatable, Sendable {
    /// True for the ASCII set.
    public let isASCII: Bool

    public static let unicode = Glyphs(isASCII: false)
    public static let ascii = Glyphs(isASCII: true)

    /// The set of this run; Unicode unless the start chose ASCII.
    @TaskLocal public static var current: Glyphs = .unicode

    /// The one-column mark of text cut short: "…", or "~".
    public var cut: String { isASCII ? "~" : "…" }

    /// A status symbol and its word: "✗ Dirty", or "[x] Dirty".
    public func labelled(_ symbol: String, _ word: String) -> String {
        isASCII ? "[" + text(symbol) + "] " + word : symbol + " " + word
    }

    /// The text with each of the app's symbols in this set's form (unchanged for Unicode).
    public func text(_ text: String) -> String {
        guard isASCII, !text.unicodeScalars.allSatisfy({ $0.value < 0x80 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 { out.unicodeScalars.append(scalar) }
            else if let ascii = Self.table[scalar] { out += ascii }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The ASCII form of every symbol the app's views, layout and catalog use. One column each
    /// (widths computed before the swap stay right), but the ellipsis and the arrows.
    static let table: [Unicode.Scalar: String] = [
        // Statuses and marks.
        "✓": "v", "✗": "x", "★": "*", "⚠": "!", "⊘": "-", "ℹ": "i",
        "○": "o", "●": "*", "◐": "~", "◌": ".", "▲": "^", "▾": "v",
        "↑": "^", "↓": "v", "→": "->", "←": "<-", "•": "*",
        // Punctuation.
        "·": "-", "…": "...", "–": "-", "—": "-", "×": "x",
        "“": "\"", "”": "\"", "‘": "'", "’": "'",
        // Lines and the field's cursor bar.
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "▏": "|",
    ]
}

/// The rule choosing the glyph set (docs/decisions/0073-ascii-symbols-fallback.md), a pure function of
/// what the start read: the override, the user's own locale codeset, `TERM` and terminfo's `U8`.
public enum GlyphChoice {
    /// Terminals that draw no Unicode unless terminfo says `U8#1`.
    public static let nonUnicodeTerminals: Set<String> = [
        "dumb", "vt52", "vt100", "vt102", "vt220", "vt320", "vt420", "vt520", "linux", "ansi", "cons25",
    ]

    /// - Parameters:
    ///   - override: `GUESTCRAFT_ASCII`: "1" ASCII, "0" Unicode, anything else (or unset) decides.
    ///   - codeset: `nl_langinfo(CODESET)` of the user's locale (before the app forces UTF-8).
    ///   - term: `TERM`.
    ///   - terminfoU8: terminfo's `U8` number for the terminal, nil when it has none.
    public static func decide(override: String?, codeset: String?, term: String?, terminfoU8: Int?) -> Glyphs {
        switch override {
        case "1": return .ascii
        case "0": return .unicode
        default: break
        }
        let set = (codeset ?? "").uppercased().filter { $0 != "-" && $0 != "_" }
        if set != "UTF8" { return .ascii }
        if let u8 = terminfoU8, u8 > 0 { return .unicode }
        let name = (term ?? "").lowercased()
        guard !name.isEmpty else { return .ascii }
        // "vt220-8bit", "linux-16color": the family is the part before the first dash.
        let family = name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? name
        return nonUnicodeTerminals.contains(family) ? .ascii : .unicode
    }
}
