import AppCore
import Testing
import TestSupport

/// Effects are values: mapping and naming them keeps their work and routes their actions.
@MainActor
@Suite struct EffectTests {
    enum Child: Equatable, Sendable { case done(Int) }
    enum Parent: Equatable, Sendable { case child(Child) }

    @Test func mapWrapsTheActionsOfEveryPart() async {
        let effect: Effect<Child> = .merge(.send(.done(1)), .run { send in send(.done(2)) })
        let runner = EffectRunner<Parent>()
        #expect(runner.start(effect.map(Parent.child)) == [.child(.done(1))])
        while runner.runningCount > 0 { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(runner.takeQueued() == [.child(.done(2))])
    }

    @Test func cancellableNamesEveryRunInside() async {
        let clock = ManualClock()
        let sleep = clock.client.sleep
        let effect: Effect<Child> = .merge(
            .run { send in try await sleep(.seconds(1)); send(.done(1)) },
            .run { send in try await sleep(.seconds(1)); send(.done(2)) }
        ).cancellable(id: "both")
        let runner = EffectRunner<Child>()
        _ = runner.start(effect)
        #expect(runner.activeCount == 2)
        _ = runner.start(.cancel(id: "both"))
        #expect(runner.activeCount == 0)
        while runner.runningCount > 0 { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(runner.takeQueued().isEmpty)
    }

    @Test func mergingNothingIsNone() {
        let runner = EffectRunner<Child>()
        #expect(runner.start(.merge(.none, .none)) == [])
        #expect(runner.isIdle)
    }
}
