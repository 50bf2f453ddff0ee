/// What a view makes of the state: a size-independent description of one screen that
/// `ScreenLayout` lays out for a given width and height.
///
/// Views are pure functions `State -> Screen`. Every text in it is inert by construction.
public struct Screen: Equatable, Sendable {
    /// Names the screen ("housekeeping", "reservation/R-1042"): scroll positions are kept per id.
    public var id: String
    public var header: Header?
    /// The tab bar; none when empty.
    public var tabs: [Tab]
    /// The content, scrolled so the focused row stays in view.
    public var rows: [Row]
    /// More content after `rows`, made only where it is drawn (a long list).
    public var lazyRows: LazyRows?
    /// The focused row (or field): highlighted, and where the terminal's cursor goes.
    public var focus: RowID?
    public var notices: [Notice]
    /// The bottom line of keys.
    public var hints: [KeyHint]
    /// A box over everything else (help); it takes the cursor while shown.
    public var overlay: Overlay?
    /// The locked screen: the terminal wipes what it drew before (its scrollback too), and the
    /// keys that would signal (Ctrl-C, Ctrl-Z, Ctrl-Backslash) are plain keys while it shows.
    public var isLocked: Bool

    public init(id: String, header: Header? = nil, tabs: [Tab] = [], rows: [Row] = [], lazyRows: LazyRows? = nil,
                focus: RowID? = nil, notices: [Notice] = [], hints: [KeyHint] = [],
                overlay: Overlay? = nil, isLocked: Bool = false) {
        self.isLocked = isLocked
        self.id = id
        self.header = header
        self.tabs = tabs
        self.rows = rows
        self.lazyRows = lazyRows
        self.focus = focus
        self.notices = notices
        self.hints = hints
        self.overlay = overlay
    }
}
