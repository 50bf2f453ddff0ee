/// Renders a `CellGrid` as plain text, for snapshot tests and for dumping a screen when an
/// end-to-end test fails.
public enum TextGrid {
    /// One string per line, trailing spaces removed; with `cursorMarker`, that character replaces
    /// the cell under the cursor.
    public static func lines(_ grid: CellGrid, cursorMarker: Character? = nil) -> [String] {
        (0..<grid.height).map { y in
            var line = ""
            for x in 0..<grid.width {
                let cell = grid[x: x, y: y]
                if let cursorMarker, grid.cursor == Position(x: x, y: y) {
                    line.append(cursorMarker)
                    if cell.width == 2 { line.append(" ") }
                } else if cell.width > 0 {
                    line += cell.text
                }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The lines joined, then a last line with the cursor and the size:
    /// `-- cursor 0,3 · 80x24`. This is the format of the golden snapshot files.
    public static func snapshot(_ grid: CellGrid, cursorMarker: Character? = nil) -> String {
        (lines(grid, cursorMarker: cursorMarker)
            + ["-- cursor \(grid.cursor.x),\(grid.cursor.y) · \(grid.width)x\(grid.height)"])
            .joined(separator: "\n") + "\n"
    }
}
