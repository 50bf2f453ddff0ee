import AppCore
import Glibc
import Foundation
import Locking
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

    /// A run that starts here (#18) answers from its first step before `start` returns, on the
    /// starting thread (a thread of its own, as the UI thread is), and goes on another thread
    /// after its first suspension.
    @Test func aRunStartingHereAnswersAtOnceThenGoesOnElsewhere() async {
        let clock = ManualClock()
        let sleep = clock.client.sleep
        let onStarter = Locked<[Bool]>([])
        let starter = Locked<pthread_t?>(nil)
        let effect: Effect<Child> = .runStartingHere { send in
            onStarter.withLock { $0.append(starter.withLock { $0 }.map { pthread_equal($0, pthread_self()) != 0 } ?? false) }
            send(.done(1))
            try await sleep(.seconds(1))
            onStarter.withLock { $0.append(starter.withLock { $0 }.map { pthread_equal($0, pthread_self()) != 0 } ?? false) }
            send(.done(2))
        }
        let runner = EffectRunner<Parent>()
        let answeredAtOnce = Locked<[Parent]?>(nil)
        Thread.detachNewThread {
            starter.withLock { $0 = pthread_self() }
            _ = runner.start(effect.map(Parent.child))
            answeredAtOnce.withLock { $0 = runner.takeQueued() }
        }
        while answeredAtOnce.withLock({ $0 }) == nil { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(answeredAtOnce.withLock { $0 } == [.child(.done(1))], "answered before start returned")
        await clock.advance(by: .seconds(1))
        while runner.runningCount > 0 { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(runner.takeQueued() == [.child(.done(2))])
        #expect(onStarter.withLock { $0 } == [true, false], "begun on the starting thread, gone on off it")
    }

    /// Named, a run that starts here keeps starting here; cancelled while it waits, its later
    /// actions are dropped.
    @Test(.timeLimit(.minutes(1)))
    func aRunStartingHereIsNamedAndCancelledLikeAnyRun() async {
        let clock = ManualClock()
        let sleep = clock.client.sleep
        let effect: Effect<Child> = .runStartingHere { send in
            send(.done(1))
            try await sleep(.seconds(1))
            send(.done(2))
        }.cancellable(id: "here")
        let runner = EffectRunner<Child>()
        _ = runner.start(effect)
        #expect(runner.takeQueued() == [.done(1)])
        #expect(runner.activeCount == 1)
        _ = runner.start(.cancel(id: "here"))
        // The cancellation ends the run (a run that slept on would hold the test to its limit);
        // then its time comes, and it sends nothing.
        while runner.runningCount > 0, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(runner.runningCount == 0)
        clock.advance(1)
        #expect(runner.takeQueued().isEmpty)
    }

    @Test func mergingNothingIsNone() {
        let runner = EffectRunner<Child>()
        #expect(runner.start(.merge(.none, .none)) == [])
        #expect(runner.isIdle)
    }
}
