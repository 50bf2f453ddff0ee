import Foundation
import GuestCraftAPI
import ClientModel
import Testing
import TestSupport
@testable import AppCore

@MainActor
@Suite struct PairTests {
    nonisolated static let offer = PairingOffer(ticket: 7, name: "Harbour Hotels", host: "hotel.example.com", origin: Fixtures.origin)

    func pairState(link: String = Fixtures.pairingLink, phase: PairFeature.Phase = .editing) -> AppState {
        AppState(route: .pair(PairFeature.State(link: link, deviceName: "desk-01 terminal", phase: phase)))
    }

    @Test func theInstanceIsShownBeforeTheCodeLeavesAndPairingOpensTheOnlyProperty() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let instance = Fixtures.instance(capabilities: Fixtures.frontDeskOnly)
        let session = Fixtures.session()
        let workspace = Fixtures.workspace(properties: [Fixtures.harbour])
        env.pairing.check = { _ in .success(Self.offer) }
        env.pairing.exchange = { offer, name in
            world.calls.append("exchange \(offer.ticket) \(name)")
            return .success(SignedIn(instance: instance, session: session))
        }
        env.instances.check = { _ in .success(Fixtures.connected(capabilities: Fixtures.frontDeskOnly)) }
        env.instances.save = { _ in .success(instance) }
        env.api.workspaces = { _ in .success(WorkspaceList(user: Fixtures.user, workspaces: [workspace])) }
        env.offline.beginGeneration = { _, id in .success(id) }
        env.offline.counts = { _ in .zero }
        env.tabs.today = .offline(world)
        let clock = ManualClock()
        env.clock = clock.client
        let partition = Fixtures.partition()

        let store = TestStore(initialState: pairState(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.enter)) { $0.pair?.phase = .checking }
        await store.receive(.pair(.checked(.success(Self.offer)))) { $0.pair?.phase = .confirming(Self.offer) }
        #expect(world.calls.all.isEmpty, "nothing is exchanged before the person confirms")
        await store.send(.keyPressed(.character("y"))) { $0.pair?.phase = .exchanging(Self.offer) }
        await store.receive(.pair(.exchanged(.success(SignedIn(instance: instance, session: session)))))
        await store.receive(.pair(.delegate(.paired(SignedIn(instance: instance, session: session))))) {
            $0.preferences.deviceName = "desk-01 terminal"
            $0.preferences.lastInstanceKey = instance.key
            $0.preferences.lastPersonID = session.user.id.rawValue
            $0.accounts = [SignedIn(instance: instance, session: session)]
            $0.current = CurrentInstance(instance: instance, session: session, activeTab: .today)
            $0.route = .workspace(WorkspaceFeature.State(session: session))
        }
        // Discovery read again races with the workspaces, the generation and the counts.
        // The front desk's Today opens and reads (no answer here).
        var pending: Set<String> = Set(["check", "workspaces", "chosen", "generation", "count"]).union(TodayOpenedOffline.steps)
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .outboxCounted(_, let counts) = action { state.current?.outbox = counts }
                switch action {
                case .instanceChecked:
                    state.current?.connection = .online
                case .workspace(.workspacesLoaded):
                    state.workspace?.workspaces = [workspace]
                case .workspace(.delegate(.chosen)):
                    state.current?.workspace = workspace
                    state.current?.property = Fixtures.harbour
                    state.current?.notices = [Notice(.info, "Harbour View Hotel was chosen automatically. Switch it in Account.")]
                    state.preferences.remember(WorkChoice(instanceKey: instance.key, personID: "usr_supervisor",
                                                          workspace: workspace, property: Fixtures.harbour))
                    state.route = .work
                    state.current?.generation = Fixtures.generation
                    state.current?.generationBegun = false
                    let context = state.current?.context
                    state.current?.tabs.started(context)
                    state.current?.tabs.today.feature.hasLoaded = true
                case .generationBegan(partition, .success(Fixtures.generation)):
                    state.current?.generationBegun = true
                default:
                    TodayOpenedOffline.apply(action, &state)
                }
            }
            switch action {
            case .instanceChecked?: pending.remove("check")
            case .workspace(.workspacesLoaded)?: pending.remove("workspaces")
            case .workspace(.delegate(.chosen(workspace, Fixtures.harbour, automatically: true)))?: pending.remove("chosen")
            case .generationBegan?: pending.remove("generation")
            case .outboxCounted(partition, .zero)?: pending.remove("count")
            default:
                guard let step = TodayOpenedOffline.step(of: action) else {
                    Issue.record("unexpected \(String(describing: action))"); pending.removeAll(); break
                }
                pending.remove(step)
            }
        }
        // "Chosen automatically" goes by itself after a few seconds.
        await clock.advance(by: .seconds(8))
        await store.receive(.passingNoticesExpired) { $0.current?.notices = [] }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.calls.all.contains("exchange 7 desk-01 terminal"))
        #expect(world.calls.all.contains("outbox.activate wsp_demo gen-1"))
        #expect(store.state.current?.visibleTabs == [.today, .search, .account], "the tabs follow the capabilities")
    }

    @Test func answeringNoSendsNothing() async {
        let world = FakeWorld()
        let store = TestStore(initialState: pairState(phase: .confirming(Self.offer)),
                              reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("n"))) {
            $0.pair?.phase = .editing
            $0.pair?.notice = Notice(.info, "The code was not sent.")
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test(arguments: [PairingError.alreadySignedIn(person: "Fatima Okafor"), .malformedLink, .pairingNotOffered, .connect(.notHTTPS),
                      .codeRefused])
    func aRefusedLinkIsExplained(_ error: PairingError) async {
        let world = FakeWorld()
        var env = world.environment
        env.pairing.check = { _ in .failure(error) }
        let store = TestStore(initialState: pairState(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.enter)) { $0.pair?.phase = .checking }
        await store.receive(.pair(.checked(.failure(error)))) {
            $0.pair?.phase = .editing
            $0.pair?.notice = Notice(.error, ErrorText.pairing(error))
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func theSamePersonAgainSaysToSwitchToThatAccount() {
        #expect(ErrorText.pairing(.alreadySignedIn(person: "Fatima Okafor"))
                == "This device is already signed in to this instance as Fatima Okafor — switch to that account.")
        #expect(ErrorText.signIn(.alreadySignedIn(person: "Fatima Okafor")).contains("as Fatima Okafor"))
    }

    @Test func aRefusedCodeEmptiesTheLinkAndSaysWhy() async {
        let world = FakeWorld()
        var env = world.environment
        env.pairing.exchange = { _, _ in .failure(.codeRefused) }
        let store = TestStore(initialState: pairState(phase: .confirming(Self.offer)), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.enter)) { $0.pair?.phase = .exchanging(Self.offer) }
        await store.receive(.pair(.exchanged(.failure(.codeRefused)))) {
            $0.pair?.phase = .editing
            $0.pair?.link = TextInput()
            $0.pair?.notice = Notice(.error, ErrorText.pairing(.codeRefused))
        }
        await store.finish()
    }

    @Test func anInvalidDeviceNameIsRefusedBeforeAnythingIsChecked() async {
        let world = FakeWorld()
        var state = pairState()
        state.pair?.deviceName = TextInput("   ")
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.enter)) {
            $0.pair?.notice = Notice(.error, "Give this device a name.")
            $0.pair?.focus = .deviceName
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func escapeGoesBackToConnect() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.instances.list = { .success([]) }
        let store = TestStore(initialState: pairState(link: ""), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.escape))
        await store.receive(.pair(.delegate(.back))) { $0.route = .connect(ConnectFeature.State()) }
        await store.receive(.connect(.listed(.success([])))) {
            $0.connect?.isLoading = false
            $0.connect?.focus = .address
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }
}
