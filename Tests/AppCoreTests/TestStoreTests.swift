import AppCore
import Locking
import Testing
import TestSupport

/// The test store itself fails when a test leaves something unasserted.
@MainActor
@Suite struct TestStoreTests {
    struct Feature: Reducer {
        struct State: Equatable, Sendable {
            var count = 0
            var note = ""
        }
        enum Action: Equatable, Sendable {
            case bump
            case bumpTwice
            case bumped
            case sleep
            case bumpThenLinger
        }
        let clock: ClockClient
        /// Whether `bumpThenLinger`'s effect came to its end (not cancelled before it).
        var lingerEnded = Locked(false)

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .bump:
                state.count += 1
                state.note = "bumped"
                return .none
            case .bumpTwice:
                return .run { send in
                    send(.bumped)
                    send(.bumped)
                }
            case .bumped:
                state.count += 1
                return .none
            case .bumpThenLinger:
                // The last action sent, the effect's end comes a second and a half later.
                let ended = lingerEnded
                return .run { send in
                    send(.bumped)
                    try await Task.sleep(for: .milliseconds(1500))
                    ended.withLock { $0 = true }
                }
            case .sleep:
                let clock = self.clock
                return .run { send in
                    try await clock.sleep(.seconds(10))
                    send(.bumped)
                }
            }
        }
    }

    @Test func passesWhenEveryChangeAndActionIsAsserted() async {
        let store = TestStore(initialState: Feature.State(), reducer: Feature(clock: ManualClock().client))
        await store.send(.bump) {
            $0.count = 1
            $0.note = "bumped"
        }
        await store.send(.bumpTwice)
        await store.receive(.bumped) { $0.count = 2 }
        await store.receive(.bumped) { $0.count = 3 }
        await store.finish()
    }

    @Test func failsOnAChangeNotAsserted() async {
        let store = TestStore(initialState: Feature.State(), reducer: Feature(clock: ManualClock().client))
        await withKnownIssue {
            await store.send(.bump) { $0.count = 1 }
        } matching: { issue in
            "\(issue)".contains("note") && "\(issue)".contains("bumped")
        }
        await store.finish()
    }

    @Test func failsOnAnActionNotReceived() async {
        let store = TestStore(initialState: Feature.State(), reducer: Feature(clock: ManualClock().client))
        await store.send(.bumpTwice)
        await store.receive(.bumped) { $0.count = 1 }
        await withKnownIssue {
            await store.finish()
        }
    }

    @Test func failsOnSendingBeforeReceiving() async {
        let store = TestStore(initialState: Feature.State(), reducer: Feature(clock: ManualClock().client))
        await store.send(.bumpTwice)
        await store.receive(.bumped) { $0.count = 1 }
        await withKnownIssue {
            await store.send(.bump) {
                $0.count = 2
                $0.note = "bumped"
            }
        }
        await store.finish()
    }

    @Test func failsOnAWrongActionReceived() async {
        let store = TestStore(initialState: Feature.State(), reducer: Feature(clock: ManualClock().client))
        await store.send(.bumpTwice)
        await withKnownIssue {
            await store.receive(.bump) { $0.count = 1 }
        }
        await store.receive(.bumped) { $0.count = 2 }
        await store.finish()
    }

    @Test func failsWhenAnEffectIsStillRunning() async {
        let clock = ManualClock()
        let store = TestStore(initialState: Feature.State(), reducer: Feature(clock: clock.client),
                              timeout: .milliseconds(50))
        await store.send(.sleep)
        await withKnownIssue {
            await store.finish()
        }
        await clock.advance(by: .seconds(10))
        await store.receive(.bumped) { $0.count = 1 }
        await store.finish()
    }

    /// A store freed while an effect that sent its last action has not yet returned waits for
    /// that end, however late it comes (#33: a second, which a loaded run's effect outlasted, and
    /// then "effects still running" failed a test that did nothing wrong).
    @Test func aStoreFreedWaitsForAnEffectThatEndsLate() async {
        let feature = Feature(clock: ManualClock().client)
        do {
            let store = TestStore(initialState: Feature.State(), reducer: feature)
            await store.send(.bumpThenLinger)
            await store.receive(.bumped) { $0.count = 1 }
        }
        #expect(feature.lingerEnded.withLock { $0 }, "the store waited for the effect's end, not cancelled it")
    }
}
