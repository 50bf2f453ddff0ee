import Testing
@testable import AppCore

/// `Presents`, the optional child a screen presents over its own (the desk detail, the fault
/// form): presenting starts it, its actions are reduced in place, a dismissal sets it to nil and
/// hands back its value, its requests become the parent's, a late answer reaches
/// `afterDismissal`, and the outbox's keys are the parent's unless the child takes text.
@MainActor
@Suite struct PresentsTests {
    /// A child that counts, takes text after `t`, asks for Send now on `s`, and is done on Esc
    /// with its count.
    struct Counter: PresentedWorkScreen {
        struct State: Equatable, Sendable {
            var count = 0
            var typing = false
        }

        enum Action: Equatable, Sendable {
            case appeared, key(Key), counted, late, done(Int), ask(WorkTabDelegate)
        }

        static var presented: Action { .appeared }

        static func request(_ action: Action) -> PresentationRequest<Int, WorkTabDelegate>? {
            switch action {
            case .done(let count): .dismiss(count)
            case .ask(let request): .delegate(request)
            default: nil
            }
        }

        static func isEditingText(_ state: State) -> Bool { state.typing }
        static func keyPressed(_ key: Key) -> Action { .key(key) }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .appeared: return .send(.counted)
            case .counted: state.count += 1
            case .key(.character("t")): state.typing = true
            case .key(.character("s")): return .send(.ask(.sendNow))
            case .key(.escape): return .send(.done(state.count))
            case .key, .late, .done, .ask: break
            }
            return .none
        }

        /// A late answer after dismissal is still seen (the fault form releases its photo).
        func afterDismissal(_ action: Action) -> Effect<Action> {
            action == .late ? .send(.ask(.outboxChanged)) : .none
        }
    }

    struct Parent: Reducer {
        struct State: Equatable, Sendable {
            var child: Counter.State?
            var handedBack: [Int] = []
        }

        enum Action: Equatable, Sendable {
            case open, key(Key), child(Counter.Action), delegate(WorkTabDelegate)
        }

        var presents: Presents<State, Action, Counter> {
            Presents(state: \.child, child: Counter(), embed: Action.child, delegate: Action.delegate) { state, count in
                state.handedBack.append(count)
                return .none
            }
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .open: presents.present(Counter.State(), into: &state)
            case .key(let key): presents.key(key, into: &state, badge: OutboxBadge(toSend: 1))
            case .child(let action): presents.reduce(action, into: &state)
            case .delegate: .none
            }
        }
    }

    @Test func presentingStartsTheChildAndItsActionsAreReducedInPlace() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent())
        // `appeared` is reduced in the same action (a detail reads as it opens).
        await store.send(.open) { $0.child = Counter.State() }
        await store.receive(.child(.counted)) { $0.child?.count = 1 }
        await store.finish()
    }

    @Test func aDismissalSetsTheChildToNilAndHandsBackItsValue() async {
        let store = TestStore(initialState: Parent.State(child: Counter.State(count: 3)), reducer: Parent())
        await store.send(.key(.escape))
        await store.receive(.child(.done(3))) {
            $0.child = nil
            $0.handedBack = [3]
        }
        // A second dismissal (an answer for a child already gone) still reaches the parent.
        await store.send(.child(.done(3))) { $0.handedBack = [3, 3] }
        await store.finish()
    }

    @Test func theChildsRequestsBecomeTheParentsDelegate() async {
        let store = TestStore(initialState: Parent.State(child: Counter.State()), reducer: Parent())
        // `s` is no outbox key: the child asks for Send now itself, passed on as the parent's.
        await store.send(.key(.character("s")))
        await store.receive(.delegate(.sendNow))
        await store.finish()
    }

    @Test func anActionAfterDismissalReachesAfterDismissalNotTheState() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent())
        await store.send(.child(.counted))
        await store.send(.child(.late))
        await store.receive(.delegate(.outboxChanged))
        await store.finish()
    }

    @Test func nIsTheOutboxsUnlessTheChildTakesText() async {
        let store = TestStore(initialState: Parent.State(child: Counter.State()), reducer: Parent())
        await store.send(.key(.character("n")))
        await store.receive(.delegate(.sendNow))
        await store.send(.key(.character("t"))) { $0.child?.typing = true }
        // Typed into the child: nothing for the outbox.
        await store.send(.key(.character("n")))
        await store.finish()
    }
}
