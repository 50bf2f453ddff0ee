/// Scroll keys that move no focus scroll the page (#30): at 40 × 12 a reservation's balance and
/// notes, the lines under a list's last row, or a screen with nothing to focus were out of
/// reach, because an area scrolled only to follow its focus.
///
/// The runner gives every key to the app first. When ↓ ↑ PgDn PgUp Home End leave the same
/// screen with the same focus (nothing above or below to move to, no focus at all), the lines
/// shown move instead, and the area keeps that offset (`Viewport.reading`) until the focus moves.
/// A key that acts on the focused row while that row is scrolled out of sight (Enter, a letter,
/// a typed character) first brings it back and does nothing else: what a key does is always
/// done to a row the person can see.
public enum Scrolling {
    /// The keys that scroll when they move no focus.
    public static func isScrollKey(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end: true
        default: false
        }
    }

    /// The viewport after `key`, given to the app with `before` shown and leaving `after`:
    /// scrolled when both are the same screen with the same focus, else as it was.
    public static func scrolled(_ viewport: Viewport, by key: Key, before: Screen, after: Screen) -> Viewport {
        guard isScrollKey(key), before.id == after.id, (before.overlay == nil) == (after.overlay == nil) else {
            return viewport
        }
        let area = areaKey(after)
        let focus = shownFocus(after)
        guard shownFocus(before) == focus, let extent = viewport.extents[area] else { return viewport }
        // Home and End move the cursor in a field, not the page.
        if key == .home || key == .end, focusedRow(after)?.field != nil { return viewport }
        let offset = viewport.offsets[area] ?? 0
        let page = max(1, extent.height - 1)
        let target = switch key {
        case .up: offset - 1
        case .down: offset + 1
        case .pageUp: offset - page
        case .pageDown: offset + page
        case .home: 0
        default: extent.lastOffset
        }
        let clamped = max(0, min(target, extent.lastOffset))
        guard clamped != offset else { return viewport }
        var next = viewport
        next.offsets[area] = clamped
        next.reading[area] = Viewport.Reading(focus: focus)
        return next
    }

    /// When `key` would act on a focused row scrolled out of sight: the viewport that shows it
    /// again (the key then goes nowhere). Nil when the key goes to the app as usual.
    public static func revealing(_ viewport: Viewport, for key: Key, on screen: Screen) -> Viewport? {
        let area = areaKey(screen)
        guard viewport.reading[area] != nil, viewport.extents[area]?.focusShown == false,
              shownFocus(screen) != nil, actsOnFocus(key, field: focusedRow(screen)?.field != nil) else { return nil }
        var next = viewport
        next.reading[area] = nil
        return next
    }

    /// Keys that do something to the focused row: Enter, editing, and on a row a letter or
    /// space (its one-key actions); in a field every character. Tabs, Esc, `?` and `q` do not.
    static func actsOnFocus(_ key: Key, field: Bool) -> Bool {
        switch key {
        case .enter, .backspace, .delete: true
        case .character(let character):
            field || ((character.isLetter || character == " ") && character != "q")
        default: false
        }
    }

    /// The scrolling area a key reaches: the overlay's while one is shown, else the screen's.
    static func areaKey(_ screen: Screen) -> String {
        screen.overlay == nil ? screen.id : screen.id + "#overlay"
    }

    static func shownFocus(_ screen: Screen) -> RowID? {
        screen.overlay.map(\.shownFocus) ?? screen.focus
    }

    static func focusedRow(_ screen: Screen) -> Row? {
        guard let focus = shownFocus(screen) else { return nil }
        return (screen.overlay?.rows ?? screen.rows).first { $0.id == focus }
    }
}
