import Catalog

/// Scroll positions kept from one frame to the next, per scrolling area, so moving the focus
/// scrolls only as much as needed. The runner keeps the last one; tests start from `Viewport()`.
public struct Viewport: Equatable, Sendable {
    /// First line shown, by area key (the screen id, and the screen id + "#overlay").
    public var offsets: [String: Int] = [:]
    /// Areas scrolled by a key that moved no focus (`Scrolling`), by area key: drawn from their
    /// offset as it is, not scrolled to the focus, while the focus is the one they were scrolled
    /// with. A new focus (or a new screen) ends it.
    public var reading: [String: Reading] = [:]
    /// Each area as laid out last, by area key: how far a scroll key can take it.
    public var extents: [String: Extent] = [:]

    public init() {}

    /// The focus an area was scrolled away from.
    public struct Reading: Equatable, Sendable {
        public var focus: RowID?
        public init(focus: RowID?) { self.focus = focus }
    }

    /// An area's lines, the lines it shows, and whether its focused row is among them.
    public struct Extent: Equatable, Sendable {
        public var lines: Int
        public var height: Int
        public var focusShown: Bool
        public init(lines: Int, height: Int, focusShown: Bool) {
            self.lines = lines
            self.height = height
            self.focusShown = focusShown
        }
        /// The last first line: the end of the content at the bottom of the area.
        public var lastOffset: Int { max(0, lines - height) }
    }
}

/// A screen laid out: the cells to draw and the scroll positions to keep for the next frame.
public struct Frame: Equatable, Sendable {
    public var grid: CellGrid
    public var viewport: Viewport
}

/// Lays out a `Screen` for a terminal size: header, tab bar, scrolled content, notices, key
/// hints and overlay; the cursor on the focused row or field; hit regions for clicks. Below
/// 40 × 12 it lays out a sentence asking for a larger window instead.
public enum ScreenLayout {
    public static let minimumWidth = 40
    public static let minimumHeight = 12
    /// Lines a single notice may take before it is cut.
    static let maximumNoticeLines = 3

    public static func layout(_ screen: Screen, width: Int, height: Int, viewport: Viewport = Viewport()) -> Frame {
        guard width >= minimumWidth, height >= minimumHeight else {
            return Frame(grid: tooSmall(width: width, height: height), viewport: viewport)
        }
        var grid = CellGrid(width: width, height: height)
        var next = Viewport()
        let clickable = screen.overlay == nil
        var top = 0
        if let header = screen.header { top += drawHeader(header, into: &grid, y: top) }
        if !screen.tabs.isEmpty {
            drawTabs(screen.tabs, into: &grid, y: top, clickable: clickable)
            top += 1
        }
        let hintsY = screen.hints.isEmpty ? height : height - 1
        let notices = noticeLines(screen.notices, width: width, available: max(0, hintsY - top - 3))
        let contentBottom = hintsY - notices.count

        // A list's title row (its heading, the filter, a typed room number) stays in view while
        // the list scrolls under it.
        var rows = screen.rows
        var headCursor: Position?
        let lines = rows.count + (screen.lazyRows?.count ?? 0)
        if let first = rows.first, first.style == .title, lines > contentBottom - top, contentBottom - top > 2 {
            var head = RowArea(key: screen.id + "#head", top: top, left: 0, width: width, height: 1,
                               base: .normal, clickable: clickable)
            headCursor = drawRows([first], focus: screen.focus, in: &head, into: &grid, viewport: viewport)
            rows.removeFirst()
            top += 1
        }
        var area = RowArea(key: screen.id, top: top, left: 0, width: width, height: contentBottom - top,
                           base: .normal, clickable: clickable)
        let focusCursor = drawRows(rows, then: screen.lazyRows, focus: screen.focus, in: &area, into: &grid,
                                   viewport: viewport) ?? headCursor
        area.record(in: &next, from: viewport)
        grid.cursor = focusCursor ?? Position(x: 0, y: top)

        for (index, line) in notices.enumerated() {
            let y = contentBottom + index
            grid.fill(x: 0, y: y, width: width, style: line.style)
            drawSpans(line.spans, x: 0, y: y, maxWidth: width, base: line.style, into: &grid)
        }
        if !screen.hints.isEmpty { drawHints(screen.hints, into: &grid, y: hintsY) }
        if let overlay = screen.overlay {
            let key = screen.id + "#overlay"
            let (cursor, inner) = drawOverlay(overlay, key: key, into: &grid, viewport: viewport)
            inner.record(in: &next, from: viewport)
            grid.cursor = cursor
        }
        return Frame(grid: grid, viewport: next)
    }

    // MARK: - Too small

    static func tooSmall(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        let sentence = L("app.too_small", ["min_width": minimumWidth, "min_height": minimumHeight,
                                           "width": width, "height": height])
        for (y, line) in TextWrap.wrap([Span(sentence)], width: width).prefix(height).enumerated() {
            drawSpans(line, x: 0, y: y, maxWidth: width, base: .normal, into: &grid)
        }
        return grid
    }

    // MARK: - Header and tabs

    /// Draws the header on one line when it fits, else two; answers the lines used. How fresh
    /// the list is goes in long ("updated 10 s ago"), short ("10 s ago") or not at all, whichever
    /// leaves the place's name whole on one line; else short, with the name cut or two lines.
    static func drawHeader(_ header: Header, into grid: inout CellGrid, y: Int) -> Int {
        let width = grid.width
        let glyphs = Glyphs.current
        let dot = glyphs.text(" · ")
        var place = header.instance.value
        if let property = header.property, !property.isEmpty { place += dot + property.value }
        let connectionWord = switch header.connection {
        case .online: L("header.online")
        case .updating: L("header.updating")
        case .offline: L("header.offline")
        }
        let connection = glyphs.text(connectionWord)
        var outbox: [String] = []
        if header.toSend > 0 {
            outbox.append(header.sending ? L("header.sending", ["count": header.toSend]) : L("header.to_send", ["count": header.toSend]))
        }
        if header.toReview > 0 { outbox.append(L("header.to_review", ["count": header.toReview])) }
        if outbox.isEmpty && header.outboxCounted { outbox.append(L("header.all_sent")) }
        if let retryAt = header.retryAt { outbox.append(L("header.trying_again_at", ["time": retryAt])) }
        outbox = outbox.map(glyphs.text)
        let date = header.businessDate.map { $0.value } ?? ""
        func status(_ freshness: String?) -> String {
            var line = connection
            if let freshness { line += dot + glyphs.text(freshness) }
            for part in outbox { line += dot + part }
            return line
        }
        func right(_ freshness: String?) -> String { date.isEmpty ? status(freshness) : date + dot + status(freshness) }
        let placeWidth = DisplayWidth.of(place)
        let freshness = [header.updatedAgo, header.updatedAgoShort].compactMap { $0 }
        let right = ((freshness + [nil]).map(right)).first { placeWidth + 1 + DisplayWidth.of($0) <= width }
            ?? right(header.updatedAgoShort)
        // On its own line the status takes the long form when it fits.
        let secondLine = (freshness.map(status) + [status(nil)]).first { DisplayWidth.of($0) <= width } ?? status(nil)

        let rightWidth = DisplayWidth.of(right)
        if rightWidth + 1 + min(DisplayWidth.of(place), 12) <= width {
            grid.fill(x: 0, y: y, width: width, style: .header)
            grid.write(DisplayWidth.truncate(place, to: width - rightWidth - 1), x: 0, y: y, style: .header)
            grid.write(right, x: width - rightWidth, y: y, style: .header)
            return 1
        }
        grid.fill(x: 0, y: y, width: width, style: .header)
        grid.fill(x: 0, y: y + 1, width: width, style: .header)
        let dateWidth = DisplayWidth.of(date)
        let placeRoom = date.isEmpty ? width : width - dateWidth - 1
        grid.write(DisplayWidth.truncate(place, to: placeRoom), x: 0, y: y, style: .header)
        if !date.isEmpty { grid.write(date, x: width - dateWidth, y: y, style: .header) }
        grid.write(DisplayWidth.truncate(secondLine, to: width), x: 0, y: y + 1, style: .header)
        return 2
    }

    /// Draws the tab bar: "key title" for every tab, or only the key for inactive tabs when the
    /// line is too narrow for all titles.
    static func drawTabs(_ tabs: [Tab], into grid: inout CellGrid, y: Int, clickable: Bool) {
        grid.fill(x: 0, y: y, width: grid.width, style: .tab)
        let full = tabs.map { " \($0.key) \($0.title) " }
        let labels = full.reduce(0) { $0 + DisplayWidth.of($1) } <= grid.width
            ? full
            : tabs.map { $0.isActive ? " \($0.key) \($0.title) " : " \($0.key) " }
        var x = 0
        for (tab, label) in zip(tabs, labels) {
            let used = grid.write(label, x: x, y: y, maxWidth: grid.width - x,
                                  style: tab.isActive ? .tabActive : .tab)
            if clickable { grid.addHitRegion(x: x, y: y, width: used, target: .tab(tab.id)) }
            x += used
            if x >= grid.width { break }
        }
    }

    // MARK: - Rows

    /// A rectangle of rows that scrolls, and the line it shows first.
    struct RowArea {
        var key: String
        var top: Int
        var left: Int
        var width: Int
        var height: Int
        /// Style of rows whose own style is `.normal`.
        var base: StyleToken
        var clickable: Bool
        var offset = 0
        /// Set by `drawRows`: the lines of its rows, whether the focused row is in view, and
        /// whether the offset was kept as the person scrolled it (`Viewport.reading`).
        var lines = 0
        var focusShown = true
        var kept = false

        /// Its offset, extent and reading into the next frame's viewport.
        func record(in next: inout Viewport, from viewport: Viewport) {
            next.offsets[key] = offset
            next.extents[key] = Viewport.Extent(lines: lines, height: height, focusShown: focusShown)
            if kept, let reading = viewport.reading[key] { next.reading[key] = reading }
        }
    }

    /// Draws the rows visible in `area`, scrolled to keep the focused row in view (unless the
    /// person scrolled the area away from that focus, `Viewport.reading`); answers where the
    /// cursor goes when a row has focus and is in view.
    /// `lazy` rows follow `rows`, one line each, and only those in view are made.
    static func drawRows(_ rows: [Row], then lazy: LazyRows? = nil, focus: RowID?, in area: inout RowArea,
                         into grid: inout CellGrid, viewport: Viewport) -> Position? {
        guard area.height > 0, area.width > 0 else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(rows.count)
        var total = 0
        var wrapped: [Int: [[Span]]] = [:]
        for (index, row) in rows.enumerated() {
            starts.append(total)
            if row.wraps && row.field == nil {
                let lines = TextWrap.wrap(row.spans, width: area.width)
                wrapped[index] = lines
                total += lines.count
            } else {
                total += 1
            }
        }
        let eagerLines = total
        let count = rows.count + (lazy?.count ?? 0)
        total += lazy?.count ?? 0
        // The first line of the row at `index`, an eager one or a lazy one.
        func start(_ index: Int) -> Int { index < rows.count ? starts[index] : eagerLines + index - rows.count }
        let focusIndex = focus.flatMap { id in
            rows.firstIndex { $0.id == id } ?? lazy?.position(of: id).map { rows.count + $0 }
        }
        var offset = viewport.offsets[area.key] ?? 0
        let kept = viewport.reading[area.key].map { $0.focus == focus } ?? false
        if let focusIndex, !kept {
            let first = start(focusIndex)
            let last = (focusIndex + 1 < count ? start(focusIndex + 1) : total) - 1
            if first < offset {
                // Scrolling up onto a row brings the rows above it that cannot take the focus (a
                // list's heading, the screen's title) while they fit with it: Home, or `k` onto a
                // list's first row, shows the heading it is under (#30).
                var top = focusIndex
                while top > 0, last - start(top - 1) < area.height {
                    let above = top - 1 < rows.count ? rows[top - 1] : lazy?.row(top - 1 - rows.count)
                    guard let above, above.id == nil else { break }
                    top -= 1
                }
                offset = start(top)
            }
            if last >= offset + area.height { offset = min(first, last - area.height + 1) }
        }
        offset = max(0, min(offset, total - area.height))
        area.offset = offset
        area.lines = total
        area.kept = kept
        if let focusIndex {
            let last = (focusIndex + 1 < count ? start(focusIndex + 1) : total) - 1
            area.focusShown = start(focusIndex) < offset + area.height && last >= offset
        }

        var cursor: Position?
        var index = offset >= eagerLines ? rows.count + offset - eagerLines : rowIndex(containingLine: offset, starts: starts)
        while index < count, start(index) - offset < area.height {
            guard let row = index < rows.count ? rows[index] : lazy?.row(index - rows.count) else { break }
            let focused = index == focusIndex
            let lineCount = wrapped[index]?.count ?? 1
            for line in 0..<lineCount {
                let y = area.top + start(index) + line - offset
                guard y >= area.top, y < area.top + area.height else { continue }
                let style = row.style == .normal ? area.base : row.style
                grid.fill(x: area.left, y: y, width: area.width, style: style)
                if let field = row.field {
                    let fieldCursor = drawField(field, x: area.left, y: y, width: area.width, base: style, into: &grid)
                    if focused { cursor = fieldCursor }
                } else if let lines = wrapped[index] {
                    drawSpans(lines[line], x: area.left, y: y, maxWidth: area.width, base: style, into: &grid)
                } else {
                    drawLine(row, x: area.left, y: y, width: area.width, base: style, into: &grid)
                }
                if focused {
                    if row.field == nil { grid.restyle(x: area.left, y: y, width: area.width, style: .focus) }
                    if cursor == nil { cursor = Position(x: area.left, y: y) }
                }
                if area.clickable, let id = row.id {
                    grid.addHitRegion(x: area.left, y: y, width: area.width, target: .row(id))
                }
            }
            index += 1
        }
        return cursor
    }

    private static func rowIndex(containingLine line: Int, starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        var found = 0
        while low <= high {
            let mid = (low + high) / 2
            if starts[mid] <= line {
                found = mid
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return found
    }

    /// One line: its spans left, its trailing spans right; the left part is cut first.
    static func drawLine(_ row: Row, x: Int, y: Int, width: Int, base: StyleToken, into grid: inout CellGrid) {
        let trailingWidth = row.trailing.reduce(0) { $0 + $1.width }
        guard trailingWidth > 0 else {
            drawSpans(row.spans, x: x, y: y, maxWidth: width, base: base, into: &grid)
            return
        }
        let trailingRoom = min(trailingWidth, width / 2)
        let trailingUsed = drawSpans(row.trailing, x: x + width - trailingRoom, y: y, maxWidth: trailingRoom,
                                     base: base, into: &grid)
        drawSpans(row.spans, x: x, y: y, maxWidth: max(0, width - trailingUsed - 1), base: base, into: &grid)
    }

    /// Writes spans from `x`, ending with "…" when they do not fit; answers the columns used.
    @discardableResult
    static func drawSpans(_ spans: [Span], x: Int, y: Int, maxWidth: Int, base: StyleToken,
                          into grid: inout CellGrid) -> Int {
        guard maxWidth > 0 else { return 0 }
        let total = spans.reduce(0) { $0 + $1.width }
        if total <= maxWidth {
            var column = x
            for span in spans { column += grid.write(span.text, x: column, y: y, style: span.style ?? base) }
            return column - x
        }
        var column = x
        let room = maxWidth - 1
        var lastStyle = base
        for span in spans {
            let style = span.style ?? base
            lastStyle = style
            let left = x + room - column
            if span.width <= left {
                column += grid.write(span.text, x: column, y: y, style: style)
            } else {
                column += grid.write(DisplayWidth.truncate(span.text, to: left, ellipsis: ""), x: column, y: y,
                                     style: style)
                break
            }
        }
        column += grid.write(Glyphs.current.cut, x: column, y: y, style: lastStyle)
        return column - x
    }

    /// A text field: its label, then the value on the field's style to the end of the line,
    /// scrolled sideways so the cursor stays visible. Answers the cursor's position.
    static func drawField(_ field: Field, x: Int, y: Int, width: Int, base: StyleToken,
                          into grid: inout CellGrid) -> Position {
        var start = x
        if let label = field.label {
            start += drawSpans([label], x: x, y: y, maxWidth: width / 2, base: base, into: &grid) + 1
        }
        let areaWidth = max(1, x + width - start)
        grid.fill(x: start, y: y, width: areaWidth, style: .field)
        if field.value.isEmpty {
            if let placeholder = field.placeholder {
                drawSpans([Span(placeholder.text, style: .muted)], x: start, y: y, maxWidth: areaWidth,
                          base: .field, into: &grid)
            }
            return Position(x: start, y: y)
        }
        var characters = Array(field.isSecret ? String(repeating: Glyphs.current.text("•"), count: field.value.value.count)
                                              : field.value.value)
        var cursorColumn = characters.prefix(field.cursor).reduce(0) { $0 + DisplayWidth.of($1) }
        while cursorColumn > areaWidth - 1, !characters.isEmpty {
            cursorColumn -= DisplayWidth.of(characters.removeFirst())
        }
        grid.write(String(characters), x: start, y: y, maxWidth: areaWidth, style: .field)
        return Position(x: start + cursorColumn, y: y)
    }

    // MARK: - Notices, hints, overlay

    struct NoticeLine {
        var spans: [Span]
        var style: StyleToken
    }

    /// Each notice wrapped (at most `maximumNoticeLines` lines each), all within `available` lines.
    static func noticeLines(_ notices: [Notice], width: Int, available: Int) -> [NoticeLine] {
        var lines: [NoticeLine] = []
        for notice in notices {
            let mark = switch notice.level {
            case .info: L("notice.info_mark")
            case .warning: L("notice.warning_mark")
            case .error: L("notice.error_mark")
            }
            var wrapped = TextWrap.wrap([Span(mark + " " + notice.text)], width: width)
            let most = notice.isBrief ? 1 : maximumNoticeLines
            if wrapped.count > most {
                wrapped = Array(wrapped.prefix(most))
                wrapped[most - 1].append(Span(" …"))
            }
            lines += wrapped.map { NoticeLine(spans: $0, style: notice.level.style) }
        }
        return Array(lines.prefix(available))
    }

    /// The key-hint line: as many "key label" pairs as fit, in order (the most important first);
    /// when some do not fit, the line ends with "? More" (and leaves out its leading "? Help").
    static func drawHints(_ hints: [KeyHint], into grid: inout CellGrid, y: Int) {
        grid.fill(x: 0, y: y, width: grid.width, style: .hint)
        var x = 0
        for hint in fitting(hints, width: grid.width) {
            let needed = DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.label)
            if x + needed > grid.width { break }
            x += grid.write(hint.key, x: x, y: y, style: hint.isEnabled ? .hintKey : .muted)
            x += grid.write(" " + hint.label, x: x, y: y, style: hint.isEnabled ? .hint : .muted) + 2
        }
    }

    /// The hints drawn in `width` columns: all of them when they fit, else the first that fit
    /// beside "? More".
    static func fitting(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        func needed(_ hint: KeyHint) -> Int { DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.label) + 2 }
        if hints.map(needed).reduce(0, +) - 2 <= width { return hints }
        let more = KeyHint(key: "?", label: L("keys.more"))
        var shown: [KeyHint] = []
        var used = needed(more) - 2
        for hint in hints where hint != GlobalKeys.help {
            guard used + needed(hint) <= width else { break }
            shown.append(hint)
            used += needed(hint)
        }
        return shown + [more]
    }

    /// A bordered box centred on the screen; answers the cursor and the box's scrolled area.
    static func drawOverlay(_ overlay: Overlay, key: String, into grid: inout CellGrid,
                            viewport: Viewport) -> (Position, RowArea) {
        let natural = overlay.rows.map { row in
            row.spans.reduce(0) { $0 + $1.width }
                + (row.trailing.isEmpty ? 0 : 2 + row.trailing.reduce(0) { $0 + $1.width })
        }.max() ?? 0
        var boxWidth = min(grid.width, max(natural, overlay.title.width + 2, 24) + 4)
        if boxWidth > grid.width - 6 { boxWidth = grid.width }  // no sliver of the screen beside it
        var inner = RowArea(key: key, top: 0, left: 0, width: boxWidth - 4, height: 0, base: .overlay, clickable: true)
        let lines = overlay.rows.reduce(0) { $0 + ($1.wraps ? TextWrap.wrap($1.spans, width: inner.width).count : 1) }
        var boxHeight = min(grid.height, lines + 2)
        if boxHeight > grid.height - 2 { boxHeight = grid.height }
        let left = (grid.width - boxWidth) / 2
        let top = (grid.height - boxHeight) / 2

        for y in top..<(top + boxHeight) { grid.fill(x: left, y: y, width: boxWidth, style: .overlay) }
        let line = Glyphs.current.text
        let horizontal = String(repeating: line("─"), count: boxWidth - 2)
        grid.write(line("┌") + horizontal + line("┐"), x: left, y: top, style: .overlay)
        grid.write(line("└") + horizontal + line("┘"), x: left, y: top + boxHeight - 1, style: .overlay)
        for y in (top + 1)..<(top + boxHeight - 1) {
            grid.write(line("│"), x: left, y: y, style: .overlay)
            grid.write(line("│"), x: left + boxWidth - 1, y: y, style: .overlay)
        }
        drawSpans([Span(" "), overlay.title, Span(" ")], x: left + 2, y: top, maxWidth: boxWidth - 4,
                  base: .overlay, into: &grid)

        inner.top = top + 1
        inner.left = left + 2
        inner.height = boxHeight - 2
        let cursor = drawRows(overlay.rows, focus: overlay.shownFocus, in: &inner, into: &grid, viewport: viewport)
        return (cursor ?? Position(x: inner.left, y: inner.top), inner)
    }
}
