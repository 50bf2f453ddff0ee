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

extension DetailLines {
    /// What a key does on any detail screen before its own keys: the outbox's keys, a move
    /// among its lines, or back to the list.
    enum Shared: Equatable {
        case delegate(WorkTabDelegate)
        case moved(to: Int)
        case back
    }

    static func shared(_ key: Key, focus: Int, last: Int, badge: OutboxBadge) -> Shared? {
        if let delegate = WorkNotices.outboxKey(key, badge) { return .delegate(delegate) }
        var moved = focus
        if move(key, focus: &moved, last: last) { return .moved(to: moved) }
        switch key {
        case .escape, .backspace, .left: return .back
        default: return nil
        }
    }
}

/// A detail screen's state as `DetailLines.take` moves it.
protocol FocusedDetail { var focus: Int { get set } }

/// A work tab's state with a detail on screen (nil on the list) and the outbox's counts.
protocol DetailHolding {
    associatedtype Detail: FocusedDetail
    var detail: Detail? { get set }
    var badge: OutboxBadge { get }
}

extension DetailLines {
    /// The keys every detail shares, taken on `state`: the outbox's keys, a move among its
    /// `last + 1` lines, or back to the list (cancelling the detail's read). Nil: the detail's own key.
    static func take<State: DetailHolding, Action>(_ key: Key, last: Int, _ state: inout State,
                                                   delegate: (WorkTabDelegate) -> Action,
                                                   readID: EffectID) -> Effect<Action>? {
        guard let detail = state.detail else { return nil }
        switch shared(key, focus: detail.focus, last: last, badge: state.badge) {
        case .delegate(let request)?: return .send(delegate(request))
        case .moved(let line)?: state.detail?.focus = line; return Effect.none
        case .back?: state.detail = nil; return .cancel(id: readID)
        case nil: return nil
        }
    }
}

extension HousekeepingFeature.RoomDetail: FocusedDetail {}
extension HousekeepingFeature.State: DetailHolding {}
extension TasksFeature.Detail: FocusedDetail {}
extension TasksFeature.State: DetailHolding {}
