import AppCore
import Testing

/// Scroll keys that move no focus scroll the page (#30): at 40 × 12 the lines under the last
/// row a person can move to, and every line of a screen with no focus, are within reach.
@Suite struct ScrollingTests {
    /// Two actions over a long text (a reservation's actions, its balance and notes).
    static func details(focus: Int? = 1, field: Bool = false, lines: Int = 20) -> Screen {
        let actions: [Row] = field
            ? [.field(id: "a0", Field(value: InertString("note")))]
            : [.line(Span("Check in"), id: "a0"), .line(Span("Assign"), id: "a1")]
        return Screen(id: "details", rows: actions + (0..<lines).map { .line(Span(inert: "Line \($0)")) },
                      focus: focus.map { RowID("a\($0)") })
    }

    func lines(_ screen: Screen, _ viewport: Viewport) -> [String] {
        TextGrid.lines(ScreenLayout.layout(screen, width: 40, height: 12, viewport: viewport).grid)
    }

    /// The app left the screen as it was: the key scrolls it, from the frame laid out last.
    func press(_ key: Key, _ screen: Screen, _ viewport: Viewport) -> Viewport {
        let laidOut = ScreenLayout.layout(screen, width: 40, height: 12, viewport: viewport).viewport
        return Scrolling.scrolled(laidOut, by: key, before: screen, after: screen)
    }

    @Test func belowTheLastFocusableRowDownScrollsTheLines() {
        let screen = Self.details()
        var viewport = Viewport()
        #expect(lines(screen, viewport).last == "Line 9", "22 lines in 12: the notes are below")
        viewport = press(.down, screen, viewport)
        #expect(lines(screen, viewport).first == "Assign")
        #expect(lines(screen, viewport).last == "Line 10")
        viewport = press(.end, screen, viewport)
        #expect(lines(screen, viewport).last == "Line 19")
        viewport = press(.up, screen, viewport)
        #expect(lines(screen, viewport).last == "Line 18")
        viewport = press(.home, screen, viewport)
        #expect(lines(screen, viewport).first == "Check in")
    }

    @Test func aScreenWithNoFocusScrollsEveryLine() {
        let screen = Self.details(focus: nil, lines: 40)
        var viewport = press(.pageDown, screen, Viewport())
        #expect(lines(screen, viewport).first == "Line 9", "a page is the height less one line")
        viewport = press(.pageUp, screen, viewport)
        #expect(lines(screen, viewport).first == "Check in")
        for _ in 0..<5 { viewport = press(.pageDown, screen, viewport) }
        #expect(lines(screen, viewport).last == "Line 39", "never past the last line")
        #expect(press(.down, screen, viewport) == ScreenLayout.layout(screen, width: 40, height: 12,
                                                                       viewport: viewport).viewport,
                "at the end ↓ changes nothing")
    }

    @Test func aKeyTheAppUsedDoesNotScroll() {
        let before = Self.details(focus: 0)
        let after = Self.details(focus: 1)
        let laidOut = ScreenLayout.layout(before, width: 40, height: 12).viewport
        #expect(Scrolling.scrolled(laidOut, by: .down, before: before, after: after) == laidOut)
        var other = before
        other.id = "other"
        #expect(Scrolling.scrolled(laidOut, by: .down, before: before, after: other) == laidOut)
        #expect(Scrolling.scrolled(laidOut, by: .character("j"), before: before, after: before) == laidOut,
                "j is typed in a field: only the keys without a second use scroll")
    }

    @Test func homeAndEndInAFieldMoveItsCursorNotThePage() {
        let screen = Self.details(focus: 0, field: true)
        let laidOut = ScreenLayout.layout(screen, width: 40, height: 12).viewport
        #expect(Scrolling.scrolled(laidOut, by: .end, before: screen, after: screen) == laidOut)
        #expect(Scrolling.scrolled(laidOut, by: .down, before: screen, after: screen) != laidOut)
    }

    /// The focus moving again ends the reading: the area follows the focus as before.
    @Test func aNewFocusIsScrolledBackIntoView() {
        var viewport = press(.end, Self.details(focus: 1), Viewport())
        #expect(!lines(Self.details(focus: 1), viewport).contains("Assign"))
        viewport = ScreenLayout.layout(Self.details(focus: 1), width: 40, height: 12, viewport: viewport).viewport
        let moved = ScreenLayout.layout(Self.details(focus: 0), width: 40, height: 12, viewport: viewport)
        #expect(TextGrid.lines(moved.grid).first == "Check in")
        #expect(moved.viewport.reading.isEmpty)
    }

    /// Enter (or a row's letter, or a typed character) on a focused row scrolled out of sight
    /// brings it back and does nothing else; the keys that do not act on it go on.
    @Test func aKeyForAHiddenFocusFirstShowsIt() {
        let screen = Self.details(focus: 1)
        var viewport = press(.end, screen, Viewport())
        viewport = ScreenLayout.layout(screen, width: 40, height: 12, viewport: viewport).viewport
        #expect(viewport.extents["details"]?.focusShown == false)
        for key in [Key.enter, .character("c"), .character(" "), .backspace] {
            let shown = Scrolling.revealing(viewport, for: key, on: screen)
            #expect(shown != nil, "\(key) acts on the hidden row")
            if let shown { #expect(lines(screen, shown).contains("Assign")) }
        }
        for key in [Key.escape, .character("q"), .character("?"), .character("2"), .tab, .up] {
            #expect(Scrolling.revealing(viewport, for: key, on: screen) == nil, "\(key) goes to the app")
        }
        // With the focus still in view, nothing is held back.
        let near = ScreenLayout.layout(screen, width: 40, height: 12,
                                       viewport: press(.down, screen, Viewport())).viewport
        #expect(near.extents["details"]?.focusShown == true)
        #expect(Scrolling.revealing(near, for: .enter, on: screen) == nil)
    }

    /// A help box longer than the screen scrolls the same way.
    @Test func anOverlayScrolls() {
        var screen = Screen(id: "s", rows: [.line(Span("under"))])
        screen.overlay = Overlay(title: Span("Keys"), rows: (0..<20).map { .line(Span(inert: "Key \($0)")) })
        let first = ScreenLayout.layout(screen, width: 40, height: 12)
        #expect(!TextGrid.lines(first.grid).joined().contains("Key 19"))
        let viewport = Scrolling.scrolled(first.viewport, by: .end, before: screen, after: screen)
        #expect(TextGrid.lines(ScreenLayout.layout(screen, width: 40, height: 12, viewport: viewport).grid)
            .joined().contains("Key 19"))
    }
}
