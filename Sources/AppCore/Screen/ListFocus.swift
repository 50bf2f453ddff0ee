/// Where the keys of a list move its focus (#32): ↑ ↓ (and `k` `j`, and Tab ⇧Tab where a list
/// takes them) one row, PgUp PgDn ten rows, Home End to the first and last, never past either
/// end. Every list of the app moves its focus through here, so a list cannot drift from the others.
///
/// Pure: it knows rows only by position. A site gives the key, how many rows can take the focus
/// and where the focus is, and gets back where it goes; what a row is stays at the site.
public enum ListFocus {
    /// How far PgUp and PgDn move.
    public static let page = 10

    /// The extra keys a list takes besides ↑ ↓ PgUp PgDn Home End.
    public struct Keys: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `k` up and `j` down (lists without a text field).
        public static let letters = Keys(rawValue: 1 << 0)
        /// ⇧Tab up and Tab down.
        public static let tabs = Keys(rawValue: 1 << 1)
    }

    /// Where a step (↑ ↓ PgUp PgDn) starts when no row has the focus.
    public enum Unfocused: Sendable {
        /// Just before the first row: ↓ lands on the first, PgDn on the tenth.
        case beforeFirst
        /// Any step lands on the first row.
        case first
    }

    /// What a list key does to the focus.
    public enum Move: Equatable, Sendable {
        /// Down (positive) or up (negative) by this many rows.
        case by(Int)
        case first
        case last
    }

    /// The move `key` makes in a list taking `keys`; nil when it is not a list key.
    public static func move(for key: Key, keys: Keys = .letters) -> Move? {
        switch key {
        case .up: .by(-1)
        case .down: .by(1)
        case .character("k") where keys.contains(.letters): .by(-1)
        case .character("j") where keys.contains(.letters): .by(1)
        case .backTab where keys.contains(.tabs): .by(-1)
        case .tab where keys.contains(.tabs): .by(1)
        case .pageUp: .by(-page)
        case .pageDown: .by(page)
        case .home: .first
        case .end: .last
        default: nil
        }
    }

    /// The position the focus goes to after `move` in `count` rows from `current` (nil: no row
    /// has the focus); nil when there are no rows.
    public static func index(_ move: Move, count: Int, current: Int?, unfocused: Unfocused = .beforeFirst) -> Int? {
        guard count > 0 else { return nil }
        switch move {
        case .first: return 0
        case .last: return count - 1
        case .by(let delta):
            guard let current else {
                return unfocused == .first ? 0 : min(max(0, delta - 1), count - 1)
            }
            return min(max(0, current + delta), count - 1)
        }
    }

    /// The row of `ids` the focus goes to after `move` from `current` (nil, or not among `ids`:
    /// no row has the focus); nil when there are no rows.
    public static func id<ID: Equatable>(_ move: Move, in ids: [ID], current: ID?,
                                         unfocused: Unfocused = .beforeFirst) -> ID? {
        let position = current.flatMap { ids.firstIndex(of: $0) }
        return index(move, count: ids.count, current: position, unfocused: unfocused).map { ids[$0] }
    }
}
