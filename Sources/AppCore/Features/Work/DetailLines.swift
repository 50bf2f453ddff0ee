/// The moves among a detail screen's focusable lines, the same on every detail: up/`k`,
/// down/`j`, Home, End.
enum DetailLines {
    /// Moves `focus` for `key` among `0...last`; false when `key` is not a move.
    static func move(_ key: Key, focus: inout Int, last: Int) -> Bool {
        switch key {
        case .up, .character("k"): focus = max(0, focus - 1)
        case .down, .character("j"): focus = min(last, focus + 1)
        case .home: focus = 0
        case .end: focus = last
        default: return false
        }
        return true
    }
}
