/// A child screen a work screen presents (`Presents`) whose requests are the work tab's own: the
/// desk detail over Today's and Search's lists, the fault form over a room's or a task's detail.
public protocol PresentedWorkScreen: PresentableFeature where Delegate == WorkTabDelegate {
    /// Whether printable keys go to the child (a reason, a description), `n`/`v` too.
    static func isEditingText(_ state: State) -> Bool
    /// The child's action for a key.
    static func keyPressed(_ key: Key) -> Action
}

extension Presents where Child: PresentedWorkScreen {
    /// A key while the child is presented: `n` and `v` are the outbox's unless the child takes
    /// text; every other key is the child's.
    public func key(_ key: Key, into parent: inout Parent, badge: OutboxBadge) -> Effect<ParentAction> {
        if let open = parent[keyPath: state], !Child.isEditingText(open), let work = WorkNotices.outboxKey(key, badge) {
            return .send(delegate(work))
        }
        return reduce(Child.keyPressed(key), into: &parent)
    }
}
