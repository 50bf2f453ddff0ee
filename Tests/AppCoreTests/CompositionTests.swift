import AppCore
import Testing

/// A parent runs a child feature on a slice of its state; the child answers through `delegate`.
@MainActor
@Suite struct CompositionTests {
    struct Counter: Reducer {
        struct State: Equatable, Sendable { var count = 0 }
        enum Action: Equatable, Sendable {
            case increment
            case incrementLater
            case delegate(Delegate)
            enum Delegate: Equatable, Sendable { case reachedTwo }
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .increment:
                state.count += 1
                return state.count == 2 ? .send(.delegate(.reachedTwo)) : .none
            case .incrementLater:
                return .run { send in send(.increment) }
            case .delegate:
                return .none
            }
        }
    }

    struct Parent: Reducer {
        struct State: Equatable, Sendable {
            var counter = Counter.State()
            var sheet: Counter.State?
            var reachedTwo = 0
        }
        enum Action: Equatable, Sendable {
            case counter(Counter.Action)
            case sheet(Counter.Action)
            case openSheet
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            let children = CombineReducers<State, Action>(
                Scope(state: \.counter, action: Action.counter,
                      extract: { if case .counter(let a) = $0 { a } else { nil } }, child: Counter()),
                OptionalScope(state: \.sheet, action: Action.sheet,
                              extract: { if case .sheet(let a) = $0 { a } else { nil } }, child: Counter())
            )
            let effect = children.reduce(into: &state, action: action)
            switch action {
            case .counter(.delegate(.reachedTwo)), .sheet(.delegate(.reachedTwo)):
                state.reachedTwo += 1
                state.sheet = nil
            case .openSheet:
                state.sheet = Counter.State()
            default:
                break
            }
            return effect
        }
    }

    @Test func theChildChangesItsSliceAndTellsTheParentThroughDelegate() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent())
        await store.send(.counter(.increment)) { $0.counter.count = 1 }
        await store.send(.counter(.increment)) { $0.counter.count = 2 }
        await store.receive(.counter(.delegate(.reachedTwo))) { $0.reachedTwo = 1 }
        await store.finish()
    }

    @Test func aChildsEffectComesBackAsTheParentsAction() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent())
        await store.send(.counter(.incrementLater))
        await store.receive(.counter(.increment)) { $0.counter.count = 1 }
        await store.finish()
    }

    @Test func anOptionalChildRunsOnlyWhileItExists() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent())
        await store.send(.sheet(.increment))
        await store.send(.openSheet) { $0.sheet = Counter.State() }
        await store.send(.sheet(.increment)) { $0.sheet?.count = 1 }
        await store.send(.sheet(.increment)) { $0.sheet?.count = 2 }
        await store.receive(.sheet(.delegate(.reachedTwo))) {
            $0.reachedTwo = 1
            $0.sheet = nil
        }
        await store.finish()
    }
}
