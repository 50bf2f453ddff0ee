import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

@MainActor
@Suite struct AppStartTests {
    /// An answer of the instance, as the app takes it: Online, and Today reads again when it (or
    /// the header) said Offline (#30); true when it reads again.
    /// Steps still to come, each as many times as it is due.
    struct StepCounts {
        var counts: [String: Int] = [:]
        init(_ steps: Set<String>) { for step in steps { counts[step] = 1 } }
        var isEmpty: Bool { counts.values.allSatisfy { $0 <= 0 } }
        mutating func remove(_ step: String) { counts[step, default: 0] -= 1 }
        mutating func formUnion(_ steps: Set<String>) { for step in steps { counts[step, default: 0] += 1 } }
        mutating func removeAll() { counts = [:] }
    }

    static func answered(_ state: inout AppState) -> Bool {
        let wasOffline = state.current?.connection == .offline
        state.current?.connection = .online
        guard let today = state.current?.tabs.today.feature, today.hasLoaded,
              wasOffline || today.freshness.isOffline else { return false }
        if today.freshness != .loading {
            state.current?.tabs.today.feature.freshness = .updating(lastUpdated: today.lastUpdated)
        }
        return true
    }

    @Test func withoutSavedInstancesTheAppStartsOnConnect() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.preferences.load = { AppPreferences() }
        env.instances.list = { .success([]) }
        env.offline.retainAccounts = { world.calls.append("retain \($0.count)") }
        let store = TestStore(initialState: AppState(), reducer: AppReducer(environment: env))
        await store.send(.started)
        await store.receive(.startLoaded(.success([]), AppPreferences())) {
            $0.route = .connect(ConnectFeature.State(isLoading: false, focus: .address))
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.calls.all == ["retain 0"])
    }

    /// Only accounts with a session keep a PIN in the start's state, and the start-up clean-up
    /// (which deletes the others') runs after the start's answer, not before it (#18).
    @Test func theCleanUpComesAfterTheStartsAnswerAndOnlySessionsKeepAPIN() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.preferences.load = { AppPreferences() }
        env.instances.list = {
            world.calls.append("instances.list")
            return .success([])
        }
        let withSession = Account(instanceKey: "ins_1", personID: "usr_a")
        env.lock.accountsWithPIN = {
            world.calls.append("pins")
            return [withSession, Account(instanceKey: "ins_1", personID: "usr_gone")]
        }
        env.offline.retainAccounts = { world.calls.append("retain \($0.count)") }
        let store = TestStore(initialState: AppState(), reducer: AppReducer(environment: env))
        await store.send(.started)
        await store.receive(.startLoaded(.success([]), AppPreferences(), pins: [])) {
            $0.route = .connect(ConnectFeature.State(isLoading: false, focus: .address))
        }
        await store.finish()
        #expect(world.calls.all == ["instances.list", "pins", "retain 0"])
    }

    @Test func aDamagedOfflineFileMovedAsideAtStartIsSaidOnTheFirstScreen() async {
        let moved = "/home/desk/.local/state/guestcraft/guestcraft.db.damaged-20261130T060000Z"
        let sentence = "The offline data on this device was damaged and could not be read. It was moved to \(moved) and a new file was started; changes that were waiting to be sent may need to be made again."
        // On Connect (nothing saved), over the demo's own sentence.
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.preferences.load = { AppPreferences() }
        env.instances.list = { .success([]) }
        env.offline.retainAccounts = { world.calls.append("retain \($0.count)") }
        let options = AppOptions(startNotice: "The demo hotel is ready.", damagedOfflineFile: moved)
        let store = TestStore(initialState: AppState(options: options), reducer: AppReducer(environment: env))
        await store.send(.started)
        await store.receive(.startLoaded(.success([]), AppPreferences())) {
            $0.route = .connect(ConnectFeature.State(isLoading: false, focus: .address, notice: Notice(.warning, sentence)))
        }
        await store.finish()
        let text = AppView.view(store.state).notices.map(\.text)
        #expect(text.contains(sentence), "\(text)")
        #expect(world.calls.all == ["retain 0"])

        // Over an instance that opens at once: among its notices.
        let instance = Fixtures.instance(capabilities: Fixtures.frontDeskOnly)
        let summary = InstanceSummary(instance: instance, session: Fixtures.session(), unsent: 0)
        var opened = AppState(options: AppOptions(damagedOfflineFile: moved))
        env.instances.list = { .success([summary]) }
        env.instances.check = { _ in .failure(.unreachable(.couldNotConnect)) }
        env.api.workspaces = { _ in .failure(.noAnswer(.couldNotConnect)) }
        let reducer = AppReducer(environment: env)
        _ = reducer.reduce(into: &opened, action: .startLoaded(.success([summary]), AppPreferences()))
        #expect(opened.current?.notices == [Notice(.warning, sentence)])
    }

    /// The preferences are written when the start changes them (the person opened last), never
    /// as they were: a write and a disk sync before the first frame on every start (#18).
    @Test(arguments: [nil, "usr_supervisor"])
    func theSavedInstanceOpensOnItsSavedPropertyAtOnceAndIsCheckedAgain(lastPersonID: String?) async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let instance = Fixtures.instance(capabilities: Fixtures.frontDeskOnly)
        let session = Fixtures.session()
        let workspace = Fixtures.workspace()
        let preferences = AppPreferences(lastInstanceKey: instance.key, lastPersonID: lastPersonID, choices: [
            WorkChoice(instanceKey: instance.key, personID: "usr_supervisor", workspace: workspace,
                       property: Fixtures.garden)])
        let summary = InstanceSummary(instance: instance, session: session, unsent: 2)
        env.preferences.load = { preferences }
        env.instances.list = { .success([summary]) }
        env.offline.retainAccounts = { world.calls.append("retain \($0.map(\.personID))") }
        let renamed = Fixtures.instance(name: "Harbour Hotels & Spa", capabilities: Fixtures.frontDeskOnly)
        env.instances.check = { _ in .success(Fixtures.connected(name: "Harbour Hotels & Spa", capabilities: Fixtures.frontDeskOnly)) }
        env.instances.save = { _ in .success(renamed) }
        env.api.workspaces = { _ in .success(WorkspaceList(user: Fixtures.user, workspaces: [workspace])) }
        let partition = Fixtures.partition()
        env.offline.beginGeneration = { _, id in .success(id) }
        env.offline.counts = { _ in OutboxCounts(toSend: 2, toReview: 0, outcomeUnknown: 0) }
        env.tabs.today = .offline(world)

        let store = TestStore(initialState: AppState(), reducer: AppReducer(environment: env))
        await store.send(.started)
        await store.receive(.startLoaded(.success([summary]), preferences)) {
            $0.preferences = preferences
            $0.preferences.lastPersonID = "usr_supervisor"
            $0.accounts = [SignedIn(instance: instance, session: session)]
            $0.route = .work
            $0.current = CurrentInstance(instance: instance, session: session,
                                         workspace: WorkChoice(instanceKey: instance.key, personID: "usr_supervisor",
                                                               workspace: workspace, property: Fixtures.garden).workspace,
                                         property: Fixtures.garden, generation: Fixtures.generation, activeTab: .today)
            // The tabs start with the new generation at once (their saved copies are read beside
            // the generation's row being written); the outbox waits for the row.
            $0.current?.generationBegun = false
            let context = $0.current?.context
            $0.current?.tabs.started(context)
            $0.current?.tabs.today.feature.hasLoaded = true
        }
        // The answers race: the generation (then the counts), discovery, the workspaces and
        // Today's read (no answer here).
        var pending = StepCounts(Set(["generation", "count", "check", "verify"]).union(TodayOpenedOffline.steps))
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .outboxCounted(_, let counts) = action { state.current?.outbox = counts }
                switch action {
                case .generationBegan(partition, .success(Fixtures.generation)):
                    state.current?.generationBegun = true
                case .instanceChecked(session.sessionID, .success(renamed)):
                    state.current?.instance = renamed
                    state.accounts = [SignedIn(instance: renamed, session: session)]
                    if Self.answered(&state) { pending.formUnion(TodayOpenedOffline.readAgain) }
                case .choiceVerified(session.sessionID, .success):
                    if Self.answered(&state) { pending.formUnion(TodayOpenedOffline.readAgain) }
                case .outboxCounted(partition, let counts):
                    state.current?.outbox = counts
                    // The app's count reaches every started tab's badge (the tabs never count).
                    state.current?.tabs.counted(counts)
                default:
                    TodayOpenedOffline.apply(action, &state)
                }
            }
            switch action {
            case .generationBegan?: pending.remove("generation")
            case .outboxCounted?: pending.remove("count")
            case .instanceChecked?: pending.remove("check")
            case .choiceVerified?: pending.remove("verify")
            default:
                guard let step = TodayOpenedOffline.step(of: action) else {
                    Issue.record("unexpected \(String(describing: action))"); pending.removeAll(); break
                }
                pending.remove(step)
            }
        }
        #expect(store.state.current?.outbox == OutboxCounts(toSend: 2, toReview: 0, outcomeUnknown: 0))
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.calls.all.contains("outbox.activate wsp_demo gen-1"))
        let saves = world.calls.all.filter { $0.hasPrefix("preferences.save") }
        #expect(saves.count == (lastPersonID == nil ? 1 : 0), "\(saves)")
    }

    @Test func anInstanceOpensOnTheFirstTabThatHasAScreenAndThatTheRoleCanRead() {
        #expect(WorkTab.opening(among: WorkTab.allCases) == .today)
        #expect(WorkTab.opening(among: WorkTab.allCases, permissions: Role.frontDesk.demoPermissions) == .today)
        #expect(WorkTab.opening(among: WorkTab.allCases, permissions: Role.housekeeper.demoPermissions) == .housekeeping)
        #expect(WorkTab.opening(among: [.search, .tasks, .account]) == .search)
        #expect(WorkTab.opening(among: [.search, .tasks, .account], permissions: Role.housekeeper.demoPermissions) == .tasks)
        #expect(WorkTab.opening(among: [.today, .account], permissions: []) == .today, "nothing readable: the first work tab")
        #expect(WorkTab.opening(among: [.account]) == .account)
        #expect(WorkTab.opening(among: [.account]) == .account)
        #expect(WorkTab.opening(among: []) == .account)
    }

    @Test func beforeTheRoleIsKnownTheInstanceOpensOnItsFirstTab() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let instance = Fixtures.instance()
        let session = Fixtures.session()
        let summary = InstanceSummary(instance: instance, session: session, unsent: 0)
        env.preferences.load = { AppPreferences() }
        env.instances.list = { .success([summary]) }
        env.offline.retainAccounts = { world.calls.append("retain \($0.map(\.personID))") }
        env.instances.check = { _ in .failure(.unreachable(.couldNotConnect)) }
        env.api.workspaces = { _ in .failure(.noAnswer(.couldNotConnect)) }
        let store = TestStore(initialState: AppState(), reducer: AppReducer(environment: env))
        await store.send(.started)
        await store.receive(.startLoaded(.success([summary]), AppPreferences())) {
            $0.preferences.lastInstanceKey = instance.key
            $0.preferences.lastPersonID = session.user.id.rawValue
            $0.accounts = [SignedIn(instance: instance, session: session)]
            $0.current = CurrentInstance(instance: instance, session: session, activeTab: .today)
            $0.route = .workspace(WorkspaceFeature.State(session: session))
        }
        await store.receiveUnreachableCheckAndWorkspaces()
        await store.finish()
        #expect(store.state.current?.activeTab == .today)
        #expect(world.calls.all.contains("retain [\"usr_supervisor\"]"), "\(world.calls.all)")
    }
}
