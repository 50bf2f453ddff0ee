import Foundation
import ClientModel
import Testing
@testable import AppCore

/// A fake's unexpected call fails the test by itself (#33): the test need not read
/// `world.unexpected`.
@MainActor
@Suite struct UnexpectedCallTests {
    @Test func anEffectsCallOfAClientNotReplacedFailsTheTest() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.preferences.load = { AppPreferences() }
        // The start lists the saved instances in an effect: `instances.list` is not replaced.
        let store = TestStore(initialState: AppState(), reducer: AppReducer(environment: env))
        await withKnownIssue {
            await store.send(.started)
            await store.receiveAny { _, state in
                state.route = .connect(ConnectFeature.State(isLoading: false, notice: Notice(.error, ErrorText.storage)))
            }
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "unexpected call: instances.list" }
        }
        #expect(world.unexpected.all == ["instances.list"])
    }

    @Test func aCallOnTheTestsOwnTaskFailsTheTestAtOnce() async {
        let world = FakeWorld()
        await withKnownIssue {
            await world.environment.outbox.sendNow()
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "unexpected call: outbox.sendNow" }
        }
    }

    @Test func anAllowedCallDoesNotFailTheTest() async {
        let world = FakeWorld()
        world.allow("outbox.sendNow")
        await world.environment.outbox.sendNow()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.unexpectedCalls.allowedNames.all == ["outbox.sendNow"])
    }
}
