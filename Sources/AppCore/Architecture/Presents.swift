/// What an action of a presented child asks of the parent that presents it.
public enum PresentationRequest<Dismissal, Delegate> {
    /// The child is done: the parent sets its state to nil, then takes what it handed back.
    case dismiss(Dismissal)
    /// A request the parent passes on as its own (its delegate).
    case delegate(Delegate)
}

/// A child feature a parent presents over its own screen (TCA's `ifLet` with a dismiss action):
/// its state exists only while it is presented. The desk detail over Today's and Search's lists,
/// the fault form over a room's or a task's detail.
public protocol PresentableFeature: Reducer, SendableMetatype {
    /// What the child hands back when it is done (nothing, or a report's sentence).
    associatedtype Dismissal
    /// What it asks of the app through its parent.
    associatedtype Delegate
    /// The action it starts with once presented (its first read).
    static var presented: Action { get }
    /// What `action` asks of the parent; nil for the child's own actions.
    static func request(_ action: Action) -> PresentationRequest<Dismissal, Delegate>?
    /// An action that reaches it after it was dismissed (an answer that came late): nothing by
    /// default.
    func afterDismissal(_ action: Action) -> Effect<Action>
}

extension PresentableFeature {
    public func afterDismissal(_ action: Action) -> Effect<Action> { .none }
}

/// A parent's optional child: presenting sets its state and starts it, its actions are reduced
/// in place while it is presented, its dismissal sets the state to nil and hands the parent what
/// it gave back (`dismissed`), and its delegate requests become the parent's (`delegate`).
public struct Presents<Parent, ParentAction: Sendable, Child: PresentableFeature> {
    let state: WritableKeyPath<Parent, Child.State?>
    let child: Child
    let embed: @Sendable (Child.Action) -> ParentAction
    let delegate: @Sendable (Child.Delegate) -> ParentAction
    let dismissed: (inout Parent, Child.Dismissal) -> Effect<ParentAction>

    /// `embed` wraps the child's actions as the parent's (`Action.detail`), `delegate` its
    /// requests (`Action.delegate`); `dismissed` runs after the state was set to nil.
    public init(state: WritableKeyPath<Parent, Child.State?>, child: Child,
                embed: @escaping @Sendable (Child.Action) -> ParentAction,
                delegate: @escaping @Sendable (Child.Delegate) -> ParentAction,
                dismissed: @escaping (inout Parent, Child.Dismissal) -> Effect<ParentAction>) {
        self.state = state
        self.child = child
        self.embed = embed
        self.delegate = delegate
        self.dismissed = dismissed
    }

    /// One of the child's actions: a dismissal, a request passed on, or the child's own (reduced
    /// in place while presented, else `afterDismissal`).
    public func reduce(_ action: Child.Action, into parent: inout Parent) -> Effect<ParentAction> {
        switch Child.request(action) {
        case .dismiss(let value)?:
            parent[keyPath: state] = nil
            return dismissed(&parent, value)
        case .delegate(let request)?:
            return .send(delegate(request))
        case nil:
            guard parent[keyPath: state] != nil else { return child.afterDismissal(action).map(lift) }
            return child.reduce(into: &parent[keyPath: state]!, action: action).map(lift)
        }
    }

    /// The child's effects as the parent's actions: a request for the app is the parent's
    /// delegate at once (one step to the app), anything else the child's action.
    private var lift: @Sendable (Child.Action) -> ParentAction {
        let embed = embed, delegate = delegate
        return { action in
            if case .delegate(let request)? = Child.request(action) { return delegate(request) }
            return embed(action)
        }
    }

    /// Presents `presented` over the parent and starts it.
    public func present(_ presented: Child.State, into parent: inout Parent) -> Effect<ParentAction> {
        parent[keyPath: state] = presented
        return reduce(Child.presented, into: &parent)
    }
}
