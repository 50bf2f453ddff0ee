import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

@MainActor
@Suite struct SignInTests {
    static let connected = Fixtures.connected()

    func choosing(_ connected: ConnectedInstance = connected) -> AppState {
        AppState(route: .signIn(SignInFeature.State(instance: Fixtures.instance(), deviceName: "desk-01 terminal",
                                                    phase: .choosing(connected))))
    }

    @Test func theBrowserSignInShowsTheURLAndOpensTheInstanceWhenItComesBack() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let instance = Fixtures.instance()
        let session = Fixtures.session()
        let started = BrowserSignInStarted(url: "https://hotel.example.com/mobile/authorize?x=1", browserOpened: false)
        let gate = AsyncStream<Void>.makeStream()
        env.signIn.browser = { connected, name, report in
            world.calls.append("browser \(connected.origin) \(name)")
            report(started)
            for await _ in gate.stream { break }
            return .success(SignedIn(instance: instance, session: session))
        }
        env.instances.check = { _ in .failure(.unreachable(.couldNotConnect)) }
        env.api.workspaces = { _ in .failure(.noAnswer(.couldNotConnect)) }
        let store = TestStore(initialState: choosing(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.enter)) {
            $0.signIn?.phase = .waitingForBrowser(Self.connected, nil)
        }
        await store.receive(.signIn(.browserStarted(started))) {
            $0.signIn?.phase = .waitingForBrowser(Self.connected, started)
        }
        let screen = AppView.view(store.state)
        #expect(screen.rows.contains { $0.spans.map(\.text).joined() == started.url })
        gate.continuation.yield()
        await store.receive(.signIn(.finished(.success(SignedIn(instance: instance, session: session)))))
        await store.receive(.signIn(.delegate(.signedIn(SignedIn(instance: instance, session: session))))) {
            $0.preferences.deviceName = "desk-01 terminal"
            $0.preferences.lastInstanceKey = instance.key
            $0.preferences.lastPersonID = session.user.id.rawValue
            $0.accounts = [SignedIn(instance: instance, session: session)]
            // Before the workspace (and the role) is known, the first tab the instance offers.
            $0.current = CurrentInstance(instance: instance, session: session, activeTab: .today)
            $0.route = .workspace(WorkspaceFeature.State(session: session))
        }
        await store.receiveUnreachableCheckAndWorkspaces()
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.calls.all.contains("browser https://hotel.example.com desk-01 terminal"))
    }

    @Test func escapeCancelsTheWaitAndClosesTheListener() async {
        let world = FakeWorld()
        var env = world.environment
        let started = BrowserSignInStarted(url: "https://hotel.example.com/mobile/authorize", browserOpened: true)
        let cancelled = Recorder<Bool>()
        env.signIn.browser = { _, _, report in
            report(started)
            await withTaskCancellationHandler {
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            } onCancel: {
                cancelled.append(true)
            }
            return .failure(.cancelled)
        }
        let store = TestStore(initialState: choosing(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("b"))) {
            $0.signIn?.phase = .waitingForBrowser(Self.connected, nil)
        }
        await store.receive(.signIn(.browserStarted(started))) {
            $0.signIn?.phase = .waitingForBrowser(Self.connected, started)
        }
        await store.send(.keyPressed(.escape)) {
            $0.signIn?.phase = .choosing(Self.connected)
            $0.signIn?.notice = Notice(.info, "Sign-in cancelled.")
        }
        await store.finish()
        #expect(cancelled.all == [true])
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func anInstanceWithoutLoopbackRedirectsOffersPairingOnly() async {
        let world = FakeWorld()
        var env = world.environment
        let pairingOnly = Fixtures.connected(loopback: false)
        env.instances.check = { _ in .success(pairingOnly) }
        let instance = Fixtures.instance()
        let store = TestStore(
            initialState: AppState(route: .signIn(SignInFeature.State(instance: instance, deviceName: "desk-01 terminal"))),
            reducer: AppReducer(environment: env))
        await store.send(.signIn(.checked(.success(pairingOnly)))) {
            $0.signIn?.phase = .choosing(pairingOnly)
            $0.signIn?.focus = .pair
        }
        await store.send(.keyPressed(.character("b")))
        await store.send(.keyPressed(.enter))
        await store.receive(.signIn(.delegate(.pair))) {
            $0.route = .pair(PairFeature.State(deviceName: "desk-01 terminal"))
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func aDeniedSignInIsExplainedAndTheChoiceStays() async {
        let world = FakeWorld()
        var env = world.environment
        env.signIn.browser = { _, _, _ in .failure(.denied) }
        let store = TestStore(initialState: choosing(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.enter)) { $0.signIn?.phase = .waitingForBrowser(Self.connected, nil) }
        await store.receive(.signIn(.finished(.failure(.denied)))) {
            $0.signIn?.phase = .choosing(Self.connected)
            $0.signIn?.notice = Notice(.error, "The sign-in was cancelled in the browser.")
        }
        await store.finish()
        #expect(world.logged.all.count == 1)
    }
}
