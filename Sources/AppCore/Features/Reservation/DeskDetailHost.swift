/// How a desk tab (Today, Search) carries its open `DeskDetail` at `detail` in its state: the
/// detail's actions reduced there, its work delegates passed on as the host's, `.closed` ending
/// it (then `closed`: the host reads its list again), and a key while it is open (`n`/`v` are the
/// outbox's unless a reason is typed).
struct DeskDetailHost<State, Action: Sendable> {
    let detail: WritableKeyPath<State, DeskDetail.State?>
    let environment: DeskDetailEnvironment
    let embed: @Sendable (DeskDetail.Action) -> Action
    let delegate: @Sendable (WorkTabDelegate) -> Action
    let closed: (inout State) -> Effect<Action>

    func reduce(_ action: DeskDetail.Action, _ state: inout State) -> Effect<Action> {
        switch action {
        case .delegate(.closed):
            state[keyPath: detail] = nil
            return closed(&state)
        case .delegate(.work(let work)):
            return .send(delegate(work))
        default:
            guard state[keyPath: detail] != nil else { return .none }
            return DeskDetail(environment: environment).reduce(into: &state[keyPath: detail]!, action: action).map(embed)
        }
    }

    /// A key while the detail is open.
    func key(_ key: Key, _ state: inout State, badge: OutboxBadge) -> Effect<Action> {
        if let open = state[keyPath: detail], !DeskDetail.isEditingText(open), let work = WorkNotices.outboxKey(key, badge) {
            return .send(delegate(work))
        }
        return reduce(.keyPressed(key), &state)
    }

    /// Opens `opened` over the list and reads it.
    func open(_ opened: DeskDetail.State, _ state: inout State) -> Effect<Action> {
        state[keyPath: detail] = opened
        return reduce(.appeared, &state)
    }
}
