@testable import AppCore
import Foundation
import Locking
import Testing

/// The store runs reducers on its thread, effects as tasks, and hands their actions back through
/// the queue and the wake-up callback.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct StoreTests {
    struct State: Equatable {
        var log: [String] = []
    }

    enum Action: Equatable, Sendable {
        case start(String)
        case startCancellable(String, cancelInFlight: Bool)
        case cancel
        case finished(String)
        case immediate(String)
        case fail
    }

    struct Boom: Error, Equatable {}

    /// Effects wait on this gate so a test decides when they finish.
    final class Gate: Sendable {
        private let open = Locked(false)
        func release() { open.withLock { $0 = true } }
        func wait() async throws {
            while !open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        }
    }

    static func reducer(gate: Gate) -> Reduce<State, Action> {
        Reduce { state, action in
            switch action {
            case .start(let name):
                state.log.append("start \(name)")
                return .run { send in
                    try await gate.wait()
                    send(.finished(name))
                }
            case .startCancellable(let name, let cancelInFlight):
                state.log.append("start \(name)")
                return .run(id: "job", cancelInFlight: cancelInFlight) { send in
                    try? await gate.wait()
                    send(.finished(name))
                }
            case .cancel:
                return .cancel(id: "job")
            case .finished(let name):
                state.log.append("finished \(name)")
                return .none
            case .immediate(let name):
                state.log.append("immediate \(name)")
                return name == "first" ? .merge(.send(.immediate("second")), .send(.immediate("third"))) : .none
            case .fail:
                return .run { _ in throw Boom() }
            }
        }
    }

    /// Polls `condition` until it holds (the store's effects announce nothing), with no bound of
    /// its own (#33: 10 s of wall time was one): the suite's time limit cancels a wait that never
    /// ends, and the answer is then false.
    func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
        while !condition(), !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
        return condition()
    }

    @Test func sendRunsTheReducerAndItsImmediateActionsInOrder() {
        let store = Store(initialState: State(), reducer: Self.reducer(gate: Gate()))
        store.send(.immediate("first"))
        #expect(store.state.log == ["immediate first", "immediate second", "immediate third"])
        #expect(store.isIdle)
    }

    @Test func effectActionsWaitForDrainAndWakeTheLoop() async {
        let gate = Gate()
        let wakes = Recorder<Int>()
        let store = Store(initialState: State(), reducer: Self.reducer(gate: gate))
        store.effects.setWake { wakes.append(1) }
        store.send(.start("a"))
        #expect(store.runningEffects == 1)
        #expect(!store.isIdle)
        gate.release()
        #expect(await eventually { store.effects.queuedCount == 1 })
        #expect(store.state.log == ["start a"], "an effect's action waits for the UI thread")
        #expect(wakes.all.count >= 1)
        #expect(store.drain() == 1)
        #expect(store.state.log == ["start a", "finished a"])
        #expect(await eventually { store.isIdle })
    }

    @Test func cancellingDropsWhatTheEffectSendsAfterwards() async {
        let gate = Gate()
        let store = Store(initialState: State(), reducer: Self.reducer(gate: gate))
        store.send(.startCancellable("a", cancelInFlight: false))
        store.send(.cancel)
        gate.release()
        #expect(await eventually { store.runningEffects == 0 })
        #expect(store.drain() == 0)
        #expect(store.state.log == ["start a"])
    }

    @Test func cancelInFlightKeepsOnlyTheNewestRun() async {
        let gate = Gate()
        let store = Store(initialState: State(), reducer: Self.reducer(gate: gate))
        store.send(.startCancellable("a", cancelInFlight: true))
        store.send(.startCancellable("b", cancelInFlight: true))
        gate.release()
        #expect(await eventually { store.isIdle || store.effects.queuedCount > 0 })
        #expect(await eventually { store.runningEffects == 0 })
        store.drain()
        #expect(store.state.log == ["start a", "start b", "finished b"])
    }

    @Test func withoutCancelInFlightBothRunsFinish() async {
        let gate = Gate()
        let store = Store(initialState: State(), reducer: Self.reducer(gate: gate))
        store.send(.startCancellable("a", cancelInFlight: false))
        store.send(.startCancellable("b", cancelInFlight: false))
        gate.release()
        #expect(await eventually { store.runningEffects == 0 })
        store.drain()
        #expect(Set(store.state.log.suffix(2)) == ["finished a", "finished b"])
    }

    @Test func errorsThrownByEffectsReachTheHandler() async {
        let errors = Recorder<String>()
        let store = Store(initialState: State(), reducer: Self.reducer(gate: Gate()),
                          onEffectError: { error in errors.append("\(error)") })
        store.send(.fail)
        #expect(await eventually { store.isIdle })
        #expect(errors.all == ["Boom()"])
    }

    @Test func cancelAllStopsEveryEffect() async {
        let store = Store(initialState: State(), reducer: Self.reducer(gate: Gate()))
        store.send(.startCancellable("a", cancelInFlight: false))
        store.send(.start("b"))
        store.effects.cancelAll()
        #expect(await eventually { store.runningEffects == 0 })
        #expect(store.drain() == 0)
    }
}
