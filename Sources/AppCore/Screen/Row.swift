import Catalog

/// Names a focusable row (a room, a task, a field) so focus, clicks and the cursor can find it.
public struct RowID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// A text field's content on screen: what was typed and where the cursor is in it.
public struct Field: Equatable, Sendable {
    /// Words before the editable area ("Address").
    public var label: Span?
    /// What the person typed.
    public var value: InertString
    /// The cursor, in graphemes from the start of `value`.
    public var cursor: Int
    /// Shown muted while `value` is empty ("hotel.example.com").
    public var placeholder: Span?
    /// Drawn as bullets (a PIN).
    public var isSecret: Bool

    public init(label: Span? = nil, value: InertString, cursor: Int? = nil,
                placeholder: Span? = nil, isSecret: Bool = false) {
        self.label = label
        self.value = value
        self.cursor = min(max(cursor ?? value.value.count, 0), value.value.count)
        self.placeholder = placeholder
        self.isSecret = isSecret
    }
}

/// One line of content (or a paragraph that wraps), made of spans; focusable when it has an id.
public struct Row: Equatable, Sendable {
    /// Set on rows the person can move to, open or click.
    public var id: RowID?
    /// The text, left-aligned.
    public var spans: [Span]
    /// Right-aligned text (a status, a date); the left part is cut first when space runs out.
    public var trailing: [Span]
    /// The style of the whole line, and of spans without their own.
    public var style: StyleToken
    /// Wraps onto as many lines as it needs instead of ending in "…".
    public var wraps: Bool
    /// Present when the row is a text field.
    public var field: Field?

    public init(id: RowID? = nil, _ spans: [Span], trailing: [Span] = [], style: StyleToken = .normal,
                wraps: Bool = false, field: Field? = nil) {
        self.id = id
        self.spans = spans
        self.trailing = trailing
        self.style = style
        self.wraps = wraps
        self.field = field
    }

    /// A single-line row of plain spans.
    public static func line(_ spans: Span..., id: RowID? = nil, trailing: [Span] = [],
                            style: StyleToken = .normal) -> Row {
        Row(id: id, spans, trailing: trailing, style: style)
    }

    /// A title line.
    public static func title(_ text: String) -> Row {
        Row([Span(text)], style: .title)
    }

    /// A paragraph that wraps to the width of the screen.
    public static func paragraph(_ spans: Span..., style: StyleToken = .normal) -> Row {
        Row(spans, style: style, wraps: true)
    }

    /// An empty line.
    public static var blank: Row { Row([]) }

    /// A text field, focusable by `id`.
    public static func field(id: RowID, _ field: Field) -> Row {
        Row(id: id, [], field: field)
    }

    /// Whether focus and clicks can land on it.
    public var isFocusable: Bool { id != nil }
}
