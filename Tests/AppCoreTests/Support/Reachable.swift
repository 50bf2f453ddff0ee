import AppCore
import Foundation
import Testing

/// Every line of a screen can be brought into view at 40 × 12 (#30): End, given to a screen
/// whose feature leaves it as it is (no focus to move), shows the text of its last row. Run by
/// `assertSnapshot(of:)`, so every screen with a golden is walked.
func expectLastLineReachable(_ screen: Screen, width: Int = 40, height: Int = 12,
                             sourceLocation: SourceLocation = #_sourceLocation) {
    guard let last = lastLine(of: screen, width: width) else { return }
    // In a field End moves its cursor: there ↓, as often as the screen has lines.
    let inField = screen.overlay == nil && screen.rows.contains { $0.id != nil && $0.id == screen.focus && $0.field != nil }
    var frame = ScreenLayout.layout(screen, width: width, height: height)
    for _ in 0..<(inField ? screen.rows.count * 4 : 1) {
        let viewport = Scrolling.scrolled(frame.viewport, by: inField ? .down : .end, before: screen, after: screen)
        frame = ScreenLayout.layout(screen, width: width, height: height, viewport: viewport)
    }
    let end = TextGrid.lines(frame.grid)
    #expect(end.contains { $0.contains(last) },
            "End at \(width)×\(height) never shows \"\(last)\" of \(screen.id):\n\(end.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
}

/// The text of the last line the screen's content (or its overlay) draws at `width`: its last
/// row with text, laid out alone.
func lastLine(of screen: Screen, width: Int) -> String? {
    let rows = screen.overlay?.rows ?? (screen.rows + (screen.lazyRows.map { $0.count > 0 ? [$0.row($0.count - 1)] : [] } ?? []))
    guard let row = rows.last(where: { row in !row.spans.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } || row.field != nil }),
          row.field == nil else { return nil }
    if screen.overlay != nil {
        // Inside the box, a line is drawn whole (the box is as wide as its widest row) or cut.
        guard !row.wraps else { return nil }
        return String(row.spans.map(\.text).joined().trimmingCharacters(in: .whitespaces).prefix(16))
    }
    let alone = ScreenLayout.layout(Screen(id: "alone", rows: [row]), width: width, height: ScreenLayout.minimumHeight * 4)
    let text = TextGrid.lines(alone.grid).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    return text.map { String($0.trimmingCharacters(in: .whitespaces).prefix(16)) }
}
