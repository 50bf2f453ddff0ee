/// The keys every detail screen shares, taken before its own: the outbox's keys, moves among
/// its lines (up/`k`, down/`j`, Home, End), and back to the list.
enum DetailLines {
    /// Takes `key` on `state`'s detail of `last + 1` lines; nil when it is the detail's own key.
    /// Back cancels the detail's read (`readID`).
    static func take<State: DetailHolding, Action>(_ key: Key, last: Int, _ state: inout State,
                                                   delegate: (WorkTabDelegate) -> Action,
                                                   readID: EffectID) -> Effect<Action>? {
        guard let focus = state.detail?.focus else { return nil }
        if let request = WorkNotices.outboxKey(key, state.badge) { return .send(delegate(request)) }
        switch key {
        case .up, .character("k"): state.detail?.focus = max(0, focus - 1)
        case .down, .character("j"): state.detail?.focus = min(last, focus + 1)
        case .home: state.detail?.focus = 0
        case .end: state.detail?.focus = last
        case .escape, .backspace, .left:
            state.detail = nil
            return .cancel(id: readID)
        default: return nil
        }
        return Effect.none
    }
}

/// A detail screen's state as `DetailLines.take` moves it.
protocol FocusedDetail { var focus: Int { get set } }

/// A work tab's state with a detail on screen (nil on the list) and the outbox's counts.
protocol DetailHolding {
    associatedtype OpenDetail: FocusedDetail
    var detail: OpenDetail? { get set }
    var badge: OutboxBadge { get }
}

extension HousekeepingFeature.RoomDetail: FocusedDetail {}
extension HousekeepingFeature.State: DetailHolding {}
extension TasksFeature.Detail: FocusedDetail {}
extension TasksFeature.State: DetailHolding {}
