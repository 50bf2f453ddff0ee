/// How a desk tab (Today, Search) carries its open `DeskDetail`: the detail's actions reduced
/// over the host's `detail`, its work delegates passed on as the host's, `.closed` ending it, and
/// a key while it is open (`n`/`v` are the outbox's unless a reason is typed).
struct DeskDetailHost<Action: Sendable>: Sendable {
    let environment: DeskDetailEnvironment
    let embed: @Sendable (DeskDetail.Action) -> Action
    let delegate: @Sendable (WorkTabDelegate) -> Action

    /// What a detail's action comes to for the host.
    enum Step {
        case effect(Effect<Action>)
        /// Esc on its bottom screen: the detail is gone; the host shows (and reads) its list.
        case closed
    }

    func reduce(_ action: DeskDetail.Action, _ detail: inout DeskDetail.State?) -> Step {
        switch action {
        case .delegate(.closed):
            detail = nil
            return .closed
        case .delegate(.work(let work)):
            return .effect(.send(delegate(work)))
        default:
            guard detail != nil else { return .effect(.none) }
            return .effect(DeskDetail(environment: environment).reduce(into: &detail!, action: action).map(embed))
        }
    }

    /// A key while the detail is open.
    func key(_ key: Key, _ detail: inout DeskDetail.State?, badge: OutboxBadge) -> Step {
        if let open = detail, !DeskDetail.isEditingText(open), let work = WorkNotices.outboxKey(key, badge) {
            return .effect(.send(delegate(work)))
        }
        return reduce(.keyPressed(key), &detail)
    }

    /// Opens `opened` over the list and reads it.
    func open(_ opened: DeskDetail.State, _ detail: inout DeskDetail.State?) -> Effect<Action> {
        detail = opened
        guard case .effect(let effect) = reduce(.appeared, &detail) else { return .none }
        return effect
    }
}
