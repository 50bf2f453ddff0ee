import Catalog

/// A run of text on one line with one style token.
///
/// Every initializer sanitizes its text (`InertText`), so a span can never carry a control
/// character or an escape sequence. Write `Span(L("…"))` for catalog text and
/// `Span(inert: value)` for text that came from an instance, so a reader sees which is which.
public struct Span: Equatable, Sendable {
    /// The text, single-line and inert.
    public let text: String
    /// How it looks; `nil` takes the style of the row around it.
    public var style: StyleToken?

    /// Catalog text (from `L`), whose placeholders may hold instance values.
    /// Its symbols in the run's glyph set (`Glyphs`).
    public init(_ text: String, style: StyleToken? = nil) {
        self.text = InertText.sanitize(Glyphs.current.text(text), singleLine: true)
        self.style = style
    }

    /// Text from an instance: a name, a room number, a note (left as it came).
    public init(inert untrusted: String, style: StyleToken? = nil) {
        self.text = InertText.sanitize(untrusted, singleLine: true)
        self.style = style
    }

    /// Text already made inert.
    public init(_ text: InertString, style: StyleToken? = nil) {
        self.text = text.value.contains("\n") ? InertText.sanitize(text.value, singleLine: true) : text.value
        self.style = style
    }

    /// Columns it takes.
    public var width: Int { DisplayWidth.of(text) }
}
