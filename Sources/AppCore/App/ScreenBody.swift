/// The part of a screen a feature draws: its rows, focus, notices and keys, and a dialog of
/// its own. The app adds the header, the tab bar, `?` and the confirmations around it.
public struct ScreenBody: Equatable, Sendable {
    public var rows: [Row]
    /// More rows after `rows`, made only where they are drawn (see `LazyRows`).
    public var lazyRows: LazyRows?
    /// The focused row or field (the terminal's cursor goes there).
    public var focus: RowID?
    public var notices: [Notice]
    /// The keys for the key-hint line, most used first.
    public var hints: [KeyHint]
    /// Every key of the screen, for `?`.
    public var helpKeys: [KeyHint]
    /// A dialog of the feature's own (a reason to type, a card), over the screen.
    public var overlay: Overlay?

    public init(rows: [Row], lazyRows: LazyRows? = nil, focus: RowID? = nil, notices: [Notice] = [], hints: [KeyHint] = [],
                helpKeys: [KeyHint]? = nil, overlay: Overlay? = nil) {
        self.rows = rows
        self.lazyRows = lazyRows
        self.focus = focus
        self.notices = notices
        self.hints = hints
        self.helpKeys = helpKeys ?? hints
        self.overlay = overlay
    }
}
