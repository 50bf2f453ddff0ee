import AppCore
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
        }
        let clock: ClockClient

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
}
