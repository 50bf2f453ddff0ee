/// A named role of text on screen (`focus`, `status_dirty`); each theme gives every token a style.
public enum StyleToken: String, CaseIterable, Sendable, Hashable, Codable {
    /// Plain text.
    case normal
    /// The header line: instance, property, business date, connection, changes to send.
    case header
    /// The tab in use.
    case tabActive = "tab_active"
    /// The other tabs.
    case tab
    /// A screen or section title.
    case title
    /// The focused row or field (where the cursor is).
    case focus
    /// A text field's editable area.
    case field
    /// Something that cannot be chosen now (the reason is written beside it).
    case disabled
    case noticeInfo = "notice_info"
    case noticeWarning = "notice_warning"
    case noticeError = "notice_error"
    case statusDirty = "status_dirty"
    case statusClean = "status_clean"
    case statusInspected = "status_inspected"
    case statusOOO = "status_ooo"
    /// Secondary text (dates, counts, "last updated").
    case muted
    /// The key-hint line's descriptions.
    case hint
    /// The key-hint line's keys.
    case hintKey = "hint_key"
    /// An overlay box (help) and its border.
    case overlay
}
