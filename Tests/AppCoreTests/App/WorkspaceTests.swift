import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

@MainActor
@Suite struct WorkspaceTests {
    func page(_ range: ClosedRange<Int>) -> [Property] {
        range.map { n in
            Property(id: PropertyID("prp_\(n)"), name: "Hotel \(n)", timeZone: "UTC",
                     businessDate: BusinessDate(year: 2026, month: 11, day: 2)!, currency: "EUR")
        }
    }

    func loading(_ session: StoredSession = Fixtures.session()) -> AppState {
        AppState(route: .workspace(WorkspaceFeature.State(session: session)),
                 current: CurrentInstance(instance: Fixtures.instance(), session: session, activeTab: .today))
    }

    @Test func severalWorkspacesAreChosenFromThenPropertiesAHundredAPage() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let big = Fixtures.workspace(id: "wsp_big", name: "Big Group", properties: page(1...100), next: "c2")
        let small = Fixtures.workspace(id: "wsp_small", name: "Small", properties: [Fixtures.harbour])
        env.api.properties = { _, workspace, cursor in
            world.calls.append("properties \(workspace) \(cursor ?? "-")")
            return .success(PropertyPage(properties: (101...120).map { n in
                Property(id: PropertyID("prp_\(n)"), name: "Hotel \(n)", timeZone: "UTC",
                         businessDate: BusinessDate(year: 2026, month: 11, day: 2)!, currency: "EUR")
            }, nextCursor: nil))
        }
        env.offline.beginGeneration = { _, id in .success(id) }
        env.offline.counts = { _ in .zero }
        env.tabs.today = .offline(world)
        let store = TestStore(initialState: loading(), reducer: AppReducer(environment: env))
        let list = WorkspaceList(user: Fixtures.user, workspaces: [big, small])
        await store.send(.workspace(.workspacesLoaded(.success(list)))) {
            $0.workspace?.workspaces = [big, small]
            $0.workspace?.phase = .workspaces
        }
        await store.send(.keyPressed(.enter)) { $0.workspace?.phase = .properties(big) }
        let view = AppView.view(store.state)
        #expect(view.rows.contains { $0.spans.map(\.text).joined() == "Show more properties" })
        await store.send(.keyPressed(.end)) { $0.workspace?.focus = 100 }
        await store.send(.keyPressed(.enter)) { $0.workspace?.isLoadingMore = true }
        var grown = big
        grown.properties = page(1...120)
        grown.nextPropertiesCursor = nil
        await store.receive(.workspace(.morePropertiesLoaded(big.id, .success(PropertyPage(
            properties: page(101...120), nextCursor: nil))))) {
            $0.workspace?.isLoadingMore = false
            $0.workspace?.phase = .properties(grown)
            $0.workspace?.workspaces = [grown, small]
        }
        #expect(world.calls.all == ["properties wsp_big c2"])
        let chosen = page(101...101)[0]
        await store.send(.keyPressed(.enter))
        await store.receive(.workspace(.delegate(.chosen(grown, chosen, automatically: false)))) {
            $0.current?.workspace = grown
            $0.current?.property = chosen
            $0.preferences.remember(WorkChoice(instanceKey: "ins_0000000000000001", personID: "usr_supervisor",
                                               workspace: grown, property: chosen))
            $0.route = .work
            // The tabs start with the new generation at once; the outbox waits for its row.
            $0.current?.generation = Fixtures.generation
            $0.current?.generationBegun = false
            let context = $0.current?.context
            $0.current?.tabs.started(context)
            $0.current?.tabs.today.feature.hasLoaded = true
        }
        let partition = Fixtures.partition(workspace: "wsp_big")
        // The generation's row and counts race Today's read (no answer here).
        var pending: Set<String> = Set(["generation", "count"]).union(TodayOpenedOffline.steps)
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .outboxCounted(_, let counts) = action { state.current?.outbox = counts }
                if case .generationBegan(partition, .success(Fixtures.generation)) = action { state.current?.generationBegun = true }
                TodayOpenedOffline.apply(action, &state)
            }
            switch action {
            case .generationBegan?: pending.remove("generation")
            case .outboxCounted(partition, .zero)?: pending.remove("count")
            default:
                guard let step = TodayOpenedOffline.step(of: action) else {
                    Issue.record("unexpected \(String(describing: action))"); pending.removeAll(); break
                }
                pending.remove(step)
            }
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func escapeFromThePropertiesGoesBackToTheWorkspaces() async {
        let world = FakeWorld()
        let a = Fixtures.workspace(id: "wsp_a", name: "A")
        let b = Fixtures.workspace(id: "wsp_b", name: "B")
        var state = loading()
        state.workspace?.workspaces = [a, b]
        state.workspace?.phase = .properties(b)
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.escape)) { $0.workspace?.phase = .workspaces }
        await store.finish()
    }

    @Test func aFourHundredOneEndsTheSessionForgetsItsTokenKeepsItsChangesAndAsksToSignInAgain() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.api.forgetToken = { world.calls.append("forget \($0.sessionID)") }
        env.api.refusedRightAfterSuccess = { _ in false }
        env.offline.sealAccount = { account in
            world.calls.append("sealAccount \(account.instanceKey) \(account.personID)")
            return .success(0)
        }
        env.instances.check = { _ in .success(Fixtures.connected()) }
        let store = TestStore(initialState: loading(), reducer: AppReducer(environment: env))
        await store.send(.workspace(.workspacesLoaded(.failure(.unauthorized))))
        await store.receive(.workspace(.delegate(.sessionEnded))) {
            $0.current = nil
            $0.route = .signIn(SignInFeature.State(
                instance: Fixtures.instance(), deviceName: "desk-01 terminal",
                notice: Notice(.error, "Your session on Harbour Hotels has ended. Sign in again.")))
        }
        await store.receive(.sessionSealed(instanceKey: Fixtures.instance().key, kept: .success(0), proxyHint: false)) {
            $0.signIn?.notice = Notice(.error, "Signed out by the instance. Sign in again.")
        }
        await store.receive(.signIn(.checked(.success(Fixtures.connected())))) {
            $0.signIn?.phase = .choosing(Fixtures.connected())
        }
        await store.finish()
        let calls = world.calls.all
        #expect(calls.contains("forget dvs_0001"))
        #expect(calls.contains("sealAccount ins_0000000000000001 usr_supervisor"))
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func aWorkspaceListThatFailsCanBeReadAgain() async {
        let world = FakeWorld()
        var env = world.environment
        let workspace = Fixtures.workspace()
        env.api.workspaces = { _ in .success(WorkspaceList(user: Fixtures.user, workspaces: [workspace])) }
        let store = TestStore(initialState: loading(), reducer: AppReducer(environment: env))
        await store.send(.workspace(.workspacesLoaded(.failure(.problem(ProblemAnswer(
            status: 500, document: ProblemDocument(code: .internalError, detail: "boom"))))))) {
            $0.workspace?.phase = .failed
            $0.workspace?.notice = Notice(.error, ErrorText.problem(.internalError)!)
        }
        await store.send(.keyPressed(.character("r"))) {
            $0.workspace?.phase = .loading
            $0.workspace?.notice = nil
        }
        await store.receive(.workspace(.workspacesLoaded(.success(WorkspaceList(user: Fixtures.user,
                                                                                 workspaces: [workspace]))))) {
            $0.workspace?.workspaces = [workspace]
            $0.workspace?.phase = .properties(workspace)
        }
        await store.finish()
        #expect(world.logged.all.count == 1)
    }
}
