import AppCore

/// Collects the text of a bracketed paste (`ESC[200~ … ESC[201~`) until its end marker.
///
/// Escape characters and sequences inside are removed with the rest of what `InertText` removes;
/// line breaks are kept as LF. A paste longer than `limit` characters keeps its beginning.
public struct BracketedPaste: Equatable, Sendable {
    /// The end marker when ncurses passes it through as characters.
    static let endMarker: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]
    public static let limit = 65_536

    private var scalars: [Unicode.Scalar] = []

    public init() {}

    /// Adds a character; answers the finished paste when it completed the end marker.
    public mutating func append(_ scalar: Unicode.Scalar) -> String? {
        if scalars.count < Self.limit + Self.endMarker.count { scalars.append(scalar) }
        guard scalar == "~", scalars.count >= Self.endMarker.count,
              Array(scalars.suffix(Self.endMarker.count)) == Self.endMarker else { return nil }
        scalars.removeLast(Self.endMarker.count)
        return finish()
    }

    /// The paste so far, made inert, and a fresh buffer.
    public mutating func finish() -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars.prefix(Self.limit))
        scalars.removeAll()
        return Self.clean(String(text))
    }

    /// Pasted text as the app receives it: CR and CRLF become LF, controls and escape sequences go.
    public static func clean(_ text: String) -> String {
        InertText.sanitize(text, singleLine: false)
    }
}
