/// A box drawn over the screen (the help of `?`), with its own rows and focus.
public struct Overlay: Equatable, Sendable {
    public var title: Span
    public var rows: [Row]
    /// The row the cursor sits on; the first row when `nil`.
    public var focus: RowID?

    public init(title: Span, rows: [Row], focus: RowID? = nil) {
        self.title = title
        self.rows = rows
        self.focus = focus
    }

    /// The focus drawn: `focus`, else the first focusable row.
    public var shownFocus: RowID? { focus ?? rows.first { $0.isFocusable }?.id }
}
