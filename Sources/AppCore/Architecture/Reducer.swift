/// A feature's logic: changes its state in place for an action and answers the effects to run.
///
/// Pure: no I/O, no clock, no randomness. What a reducer needs from the outside world (clients,
/// the clock) are `@Sendable` closures stored in the reducer value itself, its environment, so a
/// test builds the reducer with fakes. Share logic through helpers that take `inout State`, never
/// by sending extra actions.
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action: Sendable

    func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A reducer from a closure, for small features and tests.
public struct Reduce<State, Action: Sendable>: Reducer {
    let body: (inout State, Action) -> Effect<Action>

    public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
        self.body = body
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body(&state, action)
    }
}

/// Runs a child feature on its slice of the parent's state, for the parent's actions that carry
/// a child action; the child's effects come back wrapped as parent actions.
///
/// A child talks to its parent through a `delegate` case of its own actions, returned as
/// `.send(.delegate(…))`; the parent reads it as `.child(.delegate(…))` in its own reducer.
public struct Scope<Parent, ParentAction: Sendable, Child: Reducer>: Reducer {
    let state: WritableKeyPath<Parent, Child.State>
    let extract: (ParentAction) -> Child.Action?
    let embed: @Sendable (Child.Action) -> ParentAction
    let child: Child

    /// `action` both reads a child action out of a parent action and wraps one back, typically an
    /// enum case constructor: `Scope(state: \.tasks, action: ParentAction.tasks, extract: { … })`.
    public init(state: WritableKeyPath<Parent, Child.State>,
                action embed: @escaping @Sendable (Child.Action) -> ParentAction,
                extract: @escaping (ParentAction) -> Child.Action?,
                child: Child) {
        self.state = state
        self.extract = extract
        self.embed = embed
        self.child = child
    }

    public func reduce(into parent: inout Parent, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = extract(action) else { return .none }
        return child.reduce(into: &parent[keyPath: state], action: childAction).map(embed)
    }
}

/// Like `Scope`, for a child whose state exists only while its screen is open (`State?`);
/// actions arriving for a closed child are ignored.
public struct OptionalScope<Parent, ParentAction: Sendable, Child: Reducer>: Reducer {
    let state: WritableKeyPath<Parent, Child.State?>
    let extract: (ParentAction) -> Child.Action?
    let embed: @Sendable (Child.Action) -> ParentAction
    let child: Child

    public init(state: WritableKeyPath<Parent, Child.State?>,
                action embed: @escaping @Sendable (Child.Action) -> ParentAction,
                extract: @escaping (ParentAction) -> Child.Action?,
                child: Child) {
        self.state = state
        self.extract = extract
        self.embed = embed
        self.child = child
    }

    public func reduce(into parent: inout Parent, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = extract(action), parent[keyPath: state] != nil else { return .none }
        return child.reduce(into: &parent[keyPath: state]!, action: childAction).map(embed)
    }
}

/// Runs reducers one after the other on the same state and merges their effects.
public struct CombineReducers<State, Action: Sendable>: Reducer {
    let reducers: [any Reducer<State, Action>]

    public init(_ reducers: any Reducer<State, Action>...) {
        self.reducers = reducers
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
}
