import Catalog

/// The help overlay of `?`: the keys of the screen and the global ones, scrollable; it tells
/// its parent to close it through `delegate`.
public struct HelpFeature: Reducer {
    public struct State: Equatable, Sendable {
        /// The keys listed, screen keys first.
        public var keys: [KeyHint]
        /// The highlighted line (the overlay scrolls to keep it in view).
        public var focus: Int

        public init(keys: [KeyHint], focus: Int = 0) {
            self.keys = keys
            self.focus = focus
        }

        /// Help for a screen with `screenKeys`, followed by the global keys.
        public init(screenKeys: [KeyHint]) {
            var keys = screenKeys
            for key in GlobalKeys.all where !keys.contains(key) { keys.append(key) }
            self.init(keys: keys)
        }
    }

    public enum Action: Equatable, Sendable {
        case keyPressed(Key)
        case rowClicked(Int)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// The person closed the help.
            case close
        }
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        let last = max(0, state.keys.count - 1)
        switch action {
        case .keyPressed(let key):
            if let move = ListFocus.move(for: key) {
                state.focus = ListFocus.index(move, count: state.keys.count, current: state.focus) ?? 0
                return .none
            }
            switch key {
            case .escape, .enter, .backspace, .character("?"), .character("q"), .function(10):
                return .send(.delegate(.close))
            default: break
            }
            return .none
        case .rowClicked(let index):
            state.focus = min(max(0, index), last)
            return .none
        case .delegate:
            return .none
        }
    }

    /// The row id of the help line at `index`, as clicks report it.
    public static func rowID(_ index: Int) -> RowID { RowID("help.\(index)") }

    /// The help line index of a clicked row id, if it is one.
    public static func index(of id: RowID) -> Int? {
        guard id.rawValue.hasPrefix("help.") else { return nil }
        return Int(id.rawValue.dropFirst(5))
    }

    /// The overlay that shows `state`.
    public static func overlay(_ state: State) -> Overlay {
        let keyWidth = state.keys.map { DisplayWidth.of($0.key) }.max() ?? 0
        let rows = state.keys.enumerated().map { index, hint in
            // A label wider than the box wraps onto the next line (never cut with "…"); the list
            // scrolls when it is longer than the box.
            Row(id: rowID(index), [Span(DisplayWidth.fit(hint.key, to: keyWidth), style: hint.isEnabled ? .hintKey : .muted),
                                   Span("  " + hint.label, style: hint.isEnabled ? .normal : .muted)],
                wraps: true)
        }
        return Overlay(title: Span(L("help.title")), rows: rows, focus: rowID(state.focus))
    }
}
