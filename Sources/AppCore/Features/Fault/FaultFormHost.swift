import Catalog

/// How a detail screen (a room's, a task's) carries an open fault form at `form` in its state:
/// the form's actions reduced there, its work delegates passed on as the host's, `.closed` and
/// `.reported` ending it (then `finished`: the host shows the sentence, if any, and reads the room
/// again), and a key while it is open (`n`/`v` are the outbox's unless a text line has the focus).
struct FaultFormHost<State, Action: Sendable> {
    let form: WritableKeyPath<State, FaultForm.State?>
    let environment: FaultFormEnvironment
    let embed: @Sendable (FaultForm.Action) -> Action
    let delegate: @Sendable (WorkTabDelegate) -> Action
    /// After the form closed: with the sentence of a report sent or saved, nil when left unsent.
    let finished: (inout State, Notice?) -> Effect<Action>

    func reduce(_ action: FaultForm.Action, _ state: inout State) -> Effect<Action> {
        switch action {
        case .delegate(.closed):
            state[keyPath: form] = nil
            return finished(&state, nil)
        case .delegate(.reported(let notice)):
            state[keyPath: form] = nil
            return finished(&state, notice)
        case .delegate(.work(let work)):
            return .send(delegate(work))
        default:
            let reducer = FaultForm(environment: environment)
            guard state[keyPath: form] != nil else { return reducer.lateAnswer(action).map(embed) }
            return reducer.reduce(into: &state[keyPath: form]!, action: action).map(embed)
        }
    }

    /// A key while the form is open.
    func key(_ key: Key, _ state: inout State, badge: OutboxBadge) -> Effect<Action> {
        if let open = state[keyPath: form], !FaultForm.isEditingText(open), let work = WorkNotices.outboxKey(key, badge) {
            return .send(delegate(work))
        }
        return reduce(.keyPressed(key), &state)
    }

    /// Opens `opened` over the detail: its grants and the block's default dates.
    func open(_ opened: FaultForm.State, _ state: inout State) -> Effect<Action> {
        state[keyPath: form] = opened
        return reduce(.appeared, &state)
    }
}
