/// Holds the app's state on the UI thread, runs the reducer for each action and the effects it
/// asks for; the actions effects send back wait in a queue until the UI thread drains them.
///
/// The main loop calls `send` for each key, `drain()` after each wake-up, then redraws.
@MainActor
public final class Store<State, Action: Sendable> {
    public private(set) var state: State
    private let reducer: any Reducer<State, Action>
    /// The effects engine: its `wake` is the main loop's pipe.
    public let effects: EffectRunner<Action>

    /// `onEffectError` receives what an effect throws (the app logs it).
    public init(initialState: State,
                reducer: some Reducer<State, Action>,
                onEffectError: @escaping @Sendable (any Error) -> Void = { _ in }) {
        state = initialState
        self.reducer = reducer
        effects = EffectRunner(onError: onEffectError)
    }

    /// Runs the reducer for `action` (and for the `.send` actions its effects answer at once).
    public func send(_ action: Action) {
        var pending = [action]
        var index = 0
        while index < pending.count {
            let effect = reducer.reduce(into: &state, action: pending[index])
            // Element by element: this generic class is not specialized where the app uses it
            // (its cost on the start's path is the start guard's, docs/startup.md).
            let answered = effects.start(effect)
            for position in answered.indices { pending.append(answered[position]) }
            index += 1
        }
    }

    /// Runs the reducer for every action effects have sent since the last drain; answers how many.
    @discardableResult
    public func drain() -> Int {
        let actions = effects.takeQueued()
        for action in actions { send(action) }
        return actions.count
    }

    /// No effect running and no action waiting.
    public var isIdle: Bool { effects.isIdle }

    /// Effects started and not yet ended.
    public var runningEffects: Int { effects.runningCount }
}
