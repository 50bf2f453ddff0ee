import AppCore
import Testing
import TerminalUI

/// What the harness's terminal shows: the last frame's lines and cells, and checks of them.
extension AppHarness {
    /// The last frame drawn, cell by cell with its styles.
    public var grid: CellGrid? { driver?.frames.last }

    /// The last frame's lines.
    public var lines: [String] { grid.map { TextGrid.lines($0) } ?? [] }

    /// The last frame as text, a line each.
    public var screenText: String { lines.joined(separator: "\n") }

    /// Records an issue (with the screen) unless the screen shows `text`; answers whether it does.
    @discardableResult
    public func expect(_ text: String, _ comment: Comment? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        guard exitReason == nil || grid != nil else { throw HarnessError("the app is not running") }
        let shows = screenText.contains(text)
        if !shows {
            Issue.record("the screen does not show \"\(text)\"\(comment.map { " (\($0))" } ?? ""):\n\(screenText)",
                         sourceLocation: sourceLocation)
        }
        return shows
    }

    /// Records an issue (with the screen) when the screen shows `text`.
    @discardableResult
    public func expectNo(_ text: String, _ comment: Comment? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let shows = screenText.contains(text)
        if shows {
            Issue.record("the screen shows \"\(text)\"\(comment.map { " (\($0))" } ?? ""):\n\(screenText)",
                         sourceLocation: sourceLocation)
        }
        return !shows
    }

    /// The line the cursor is on: the focused row or field.
    public var focusedLine: String? {
        guard let grid, grid.cursor.y >= 0, grid.cursor.y < lines.count else { return nil }
        return lines[grid.cursor.y]
    }

    /// Moves the focus down (then up) a row at a time until the focused line shows `text`;
    /// throws when no row does.
    public func focus(on text: String, within steps: Int = 40) async throws {
        for key in [Key.down, Key.up] {
            for _ in 0..<steps {
                if focusedLine?.contains(text) == true { return }
                let before = focusedLine
                try await press(key)
                if focusedLine == before { break }
            }
        }
        if focusedLine?.contains(text) != true { throw HarnessError("no row shows \"\(text)\"", screen: screenText) }
    }

    /// The line showing `text`, if one does.
    public func line(containing text: String) -> String? { lines.first { $0.contains(text) } }

    /// The cells of the first line showing `text` (and `line`, when given), from where it begins.
    public func cells(of text: String, onLineWith lineText: String? = nil) -> [Cell]? {
        guard let grid else { return nil }
        for (y, line) in lines.enumerated() where line.contains(text) && (lineText.map { line.contains($0) } ?? true) {
            guard let range = line.range(of: text) else { continue }
            let x = line.distance(from: line.startIndex, to: range.lowerBound)
            // Lines are made of one character per cell for the ASCII texts tests look for.
            return (x..<min(x + text.count, grid.width)).map { grid[x: $0, y: y] }
        }
        return nil
    }
}
