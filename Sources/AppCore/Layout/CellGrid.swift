import Catalog

/// One terminal cell: the glyph drawn there and its style token.
public struct Cell: Equatable, Sendable {
    /// A base character and its combining marks; empty in the right half of a wide glyph.
    public var text: String
    /// 1, 2 for a wide glyph, 0 for the right half of one.
    public var width: Int
    public var style: StyleToken

    public static func blank(_ style: StyleToken) -> Cell { Cell(text: " ", width: 1, style: style) }
}

/// A cell position, column `x` and line `y` from the top left.
public struct Position: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A clickable stretch of one line and what a click there means.
public struct HitRegion: Equatable, Sendable {
    public var y: Int
    public var x: Int
    public var width: Int
    public var target: HitTarget
}

/// A screen laid out for one terminal size: width × height cells, the cursor and the clickable
/// regions. The ncurses driver draws it; `TextGrid` turns it into text for snapshots.
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal's cursor goes: the focused row or field.
    public var cursor: Position
    public private(set) var hitRegions: [HitRegion] = []

    public init(width: Int, height: Int, style: StyleToken = .normal) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
        cursor = Position(x: 0, y: 0)
    }

    public subscript(x x: Int, y y: Int) -> Cell {
        cells[y * width + x]
    }

    /// What a click at column `x`, line `y` means, if anything.
    public func target(atX x: Int, y: Int) -> HitTarget? {
        hitRegions.last { $0.y == y && x >= $0.x && x < $0.x + $0.width }?.target
    }

    /// Makes `width` columns of line `y` from `x` clickable.
    public mutating func addHitRegion(x: Int, y: Int, width: Int, target: HitTarget) {
        guard y >= 0, y < height, width > 0 else { return }
        hitRegions.append(HitRegion(y: y, x: x, width: width, target: target))
    }

    /// Blanks `width` columns of line `y` from `x` in `style`.
    public mutating func fill(x: Int, y: Int, width: Int, style: StyleToken) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(self.width, x + width) { put(.blank(style), x: column, y: y) }
    }

    /// Writes `text` from column `x` of line `y`, at most `maxWidth` columns (to the right edge
    /// by default); a wide glyph that does not fit is left out. Answers the columns used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: StyleToken) -> Int {
        guard y >= 0, y < height, x >= 0 else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        // Printable ASCII (most of every frame): a cell a byte, without glyphs or graphemes.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard InertText.isPlainASCII(bytes) else { return nil }
            var column = x
            for byte in bytes {
                guard column < limit else { break }
                put(Cell(text: DisplayWidth.asciiText(byte), width: 1, style: style), x: column, y: y)
                column += 1
            }
            return column - x
        }
        if let plain, let used = plain { return used }
        var column = x
        for glyph in DisplayWidth.glyphs(of: text) {
            if column + glyph.width > limit { break }
            put(Cell(text: glyph.text, width: glyph.width, style: style), x: column, y: y)
            if glyph.width == 2 { put(Cell(text: "", width: 0, style: style), x: column + 1, y: y) }
            column += glyph.width
        }
        return column - x
    }

    /// Restyles `width` columns of line `y` from `x`, keeping their text.
    public mutating func restyle(x: Int, y: Int, width: Int, style: StyleToken) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(self.width, x + width) { cells[y * self.width + column].style = style }
    }

    /// Sets one cell, blanking the other half of any wide glyph it cuts in two.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let index = y * width + x
        let old = cells[index]
        if old.width == 0, x > 0, cell.width != 0 { cells[index - 1] = .blank(cells[index - 1].style) }
        if old.width == 2, x + 1 < width, cell.width != 2 { cells[index + 1] = .blank(cells[index + 1].style) }
        cells[index] = cell
    }
}
