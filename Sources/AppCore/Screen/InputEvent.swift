/// A key as the app sees it, decoded from the terminal's bytes by TerminalUI.
public enum Key: Hashable, Sendable {
    /// A printable character, space included.
    case character(Character)
    case enter, escape, backspace, delete, tab, backTab
    case up, down, left, right, pageUp, pageDown, home, end
    /// F1–F12.
    case function(Int)
    /// Ctrl with a letter ("l" for Ctrl-L), other than those with their own case (Tab, Enter).
    case control(Character)
}

/// Where a mouse click landed, from the hit regions of the laid-out screen.
public enum HitTarget: Hashable, Sendable {
    /// A tab of the tab bar, by `Tab.id`.
    case tab(String)
    /// A focusable row, of the content or of the overlay.
    case row(RowID)
}

/// Something the person did at the terminal, handed to the app to turn into an action.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// A bracketed paste, as one event (controls and escape characters removed, line breaks kept).
    case paste(String)
    /// A burst of characters ending in Enter that arrived in one read (`ScanBurst`): a scanner.
    case scan(String)
    case click(HitTarget)
    /// The terminal changed size (the runner lays out again by itself).
    case resize(width: Int, height: Int)
}
