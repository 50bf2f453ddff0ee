import Foundation
import GuestCraftAPI
import ClientModel
import Testing
import TestSupport
@testable import AppCore

/// Several accounts on one device (#15): Account lists them with their counts and lock, `a` or
/// Enter switches, nothing of the account left shows under the other's name, a late answer for
/// the account left changes nothing on screen, and every change names whose it is.
@MainActor
@Suite struct AccountsTests {
    /// Without the work tabs (Account only), so a switch reads no list.
    nonisolated static let instance = Fixtures.instance(capabilities: [.mobileSessions, .mobilePairing])
    nonisolated static let fatima = Fixtures.session(id: "dvs_fatima", token: "gcd_test_token_f",
                                                     user: User(id: "usr_frontdesk", name: "Fatima Okafor", email: "f@demo"))
    nonisolated static let hana = Fixtures.session(id: "dvs_hana", token: "gcd_test_token_h",
                                                   user: User(id: "usr_housekeeper", name: "Hana Kowalski", email: "h@demo"))
    nonisolated static func account(_ session: StoredSession) -> Account {
        Account(instanceKey: instance.key, personID: session.user.id.rawValue)
    }
    nonisolated static func partition(_ session: StoredSession) -> Partition {
        Fixtures.partition(instance, session: session)
    }
    nonisolated static let counts: [String: OutboxCounts] = [
        "usr_frontdesk": OutboxCounts(toSend: 2, toReview: 0, outcomeUnknown: 0),
        "usr_housekeeper": OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0),
    ]
    nonisolated static let fatimasChange = PendingChange(id: 21, summary: "Room 104: clean", createdAt: Date(timeIntervalSince1970: 0),
                                                         hold: PendingChange.Hold(reason: .conflict, code: nil, detail: nil),
                                                         outcomeUnknown: false)

    nonisolated static let fatimaRow = AccountFeature.AccountRow(id: "dvs_fatima", instance: "Harbour Hotels", person: "Fatima Okafor",
                                                                 counts: nil, hasPIN: false, isOnScreen: true)
    nonisolated static let hanaRow = AccountFeature.AccountRow(id: "dvs_hana", instance: "Harbour Hotels", person: "Hana Kowalski",
                                                               counts: nil, hasPIN: true, isOnScreen: false)

    /// The rows with the counts of both accounts.
    static func counted(_ rows: [AccountFeature.AccountRow]) -> [AccountFeature.AccountRow] {
        rows.map { row in
            var row = row
            row.counts = counts[row.person == "Fatima Okafor" ? "usr_frontdesk" : "usr_housekeeper"]
            return row
        }
    }

    static var countsByID: [DeviceSessionID: OutboxCounts] {
        ["dvs_fatima": counts["usr_frontdesk"]!, "dvs_hana": counts["usr_housekeeper"]!]
    }

    /// Fatima on screen (Account), Hana signed in too, each with changes waiting; Hana has a PIN.
    func twoAccounts() -> AppState {
        var state = AppState.working(instance: Self.instance, session: Self.fatima, activeTab: .account,
                                     outbox: Self.counts["usr_frontdesk"]!)
        state.accounts = [SignedIn(instance: Self.instance, session: Self.fatima),
                          SignedIn(instance: Self.instance, session: Self.hana)]
        state.current?.owner = "Fatima Okafor"
        state.current?.account.accounts = [Self.fatimaRow, Self.hanaRow]
        state.pins = [Self.account(Self.hana)]
        state.preferences.remember(WorkChoice(instanceKey: Self.instance.key, personID: "usr_housekeeper",
                                              workspace: Fixtures.workspace(role: .housekeeper), property: Fixtures.harbour))
        return state
    }

    func environment(_ world: FakeWorld, clock: ManualClock) -> AppEnvironment {
        var env = world.recordingEnvironment
        env.clock = clock.client
        env.offline.accountCounts = { Self.counts[$0.personID] ?? .zero }
        env.outbox.changes = { .success([Self.fatimasChange]) }
        env.instances.check = { _ in .failure(.unreachable(.couldNotConnect)) }
        env.api.workspaces = { _ in .failure(.noAnswer(.couldNotConnect)) }
        env.offline.beginGeneration = { _, id in .success(id) }
        env.offline.counts = { Self.counts[$0.personID] ?? .zero }
        env.lock = LockClient(accountsWithPIN: { [] }, setPIN: { _, _ in .success(()) }, removePIN: { _ in .success(()) },
                              verify: { _, pin in pin.digits == "1357" })
        return env
    }

    func rows(_ state: AppState) -> [String] {
        AppView.view(state).rows.map { ($0.spans + $0.trailing).map(\.text).joined() }
    }

    @Test func accountListsEveryAccountWithItsCountsAndLockAndNamesWhoseChangesTheseAre() async {
        let world = FakeWorld()
        let clock = ManualClock()
        var state = twoAccounts()
        state.current?.activeTab = .today
        state.current?.account.accounts = []
        let store = TestStore(initialState: state, reducer: AppReducer(environment: environment(world, clock: clock)))
        await store.send(.keyPressed(.character("5"))) {
            $0.current?.activeTab = .account
            $0.current?.account.isLoading = true
            $0.current?.account.accounts = [Self.fatimaRow, Self.hanaRow]
        }
        var pending: Set<String> = ["changes", "counts"]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                switch action {
                case .account(.changesLoaded(.success(let changes))):
                    state.current?.account.isLoading = false
                    state.current?.account.changes = changes
                case .accountsCounted(_, let counts):
                    state.current?.account.accountCounts = counts
                    state.current?.account.accounts = Self.counted([Self.fatimaRow, Self.hanaRow])
                default: break
                }
            }
            switch action {
            case .account(.changesLoaded)?: pending.remove("changes")
            case .accountsCounted(Self.fatima.sessionID, Self.countsByID)?: pending.remove("counts")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        await store.finish()
        let shown = store.state
        let text = rows(shown)
        #expect(text.contains("Accounts on this device (2)"))
        #expect(text.contains("Fatima Okafor · Harbour Hotels2 to send · 0 to review · on screen"), "\(text)")
        #expect(text.contains("Hana Kowalski · Harbour Hotels1 to send · 1 to review · locked"), "\(text)")
        #expect(text.contains("Room 104: clean · Fatima Okaforchanged meanwhile"), "the held change names whose it is: \(text)")
        #expect(AccountFeature.helpKeys(shown.current!.account).contains(KeyHint(key: "a", label: "Switch account")))
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func aHeldChangeOnAWorkScreenNamesWhoseItWasWithSeveralAccounts() {
        #expect(HeldSentences.sentence(.room, number: "104", reason: .conflict, code: nil, owner: "Fatima Okafor")
                .hasSuffix("(a change of Fatima Okafor)"))
        #expect(!HeldSentences.sentence(.task, number: "104", reason: .refused, code: nil).contains("a change of"))
        // With one account nobody is named; with two, the person; on two instances, the person and where.
        let reducer = AppReducer(environment: FakeWorld().environment)
        var state = twoAccounts()
        #expect(reducer.owner(of: Self.fatima, at: Self.instance, state) == "Fatima Okafor")
        state.accounts.append(SignedIn(instance: Fixtures.instance(key: "ins_2", origin: Fixtures.otherOrigin, name: "Seaside Inn"),
                                       session: Fixtures.session(origin: Fixtures.otherOrigin)))
        #expect(reducer.owner(of: Self.fatima, at: Self.instance, state) == "Fatima Okafor at Harbour Hotels")
        state.accounts = [SignedIn(instance: Self.instance, session: Self.fatima)]
        #expect(reducer.owner(of: Self.fatima, at: Self.instance, state) == nil)
        #expect(state.current?.context?.owner == "Fatima Okafor", "the tabs' context carries it")
    }

    @Test func switchingAccountsWithChangesInBothShowsNothingOfTheOneLeftAndALateAnswerForItChangesNothing() async {
        let world = FakeWorld()
        let clock = ManualClock()
        var state = twoAccounts()
        state.current?.account.changes = [Self.fatimasChange]
        state.current?.notices = [Notice(.warning, "Room 104: someone changed it meanwhile.")]
        let store = TestStore(initialState: state, reducer: AppReducer(environment: environment(world, clock: clock)))
        let hanaWorkspace = Fixtures.workspace(role: .housekeeper)
        var hanaChoice = WorkChoice(instanceKey: Self.instance.key, personID: "usr_housekeeper", workspace: hanaWorkspace,
                                    property: Fixtures.harbour).workspace
        hanaChoice.properties = []
        await store.send(.keyPressed(.character("a")))
        await store.receive(.account(.delegate(.run(.switchAccount)))) {
            // In the same step Fatima's account leaves whole and Hana's opens, locked (she has a PIN).
            var hana = CurrentInstance(instance: Self.instance, session: Self.hana, workspace: hanaChoice,
                                       property: Fixtures.harbour, generation: Fixtures.generation, activeTab: .account)
            hana.generationBegun = false
            hana.owner = "Hana Kowalski"
            hana.lock = LockFeature.State(account: Self.account(Self.hana), now: clock.now)
            // What of Fatima's keeps being sent is said to whoever unlocks next (#31).
            hana.notices = [Notice(.info, "Fatima Okafor has 2 changes waiting; they keep being sent in the background.")]
            let context = hana.context
            hana.tabs.started(context)
            $0.current = hana
            $0.preferences.lastPersonID = "usr_housekeeper"
        }
        let screen = AppView.view(store.state)
        let drawn = TextGrid.snapshot(ScreenLayout.layout(screen, width: 80, height: 24).grid)
        #expect(screen.isLocked && drawn.contains("Hana Kowalski"))
        for word in ["Fatima", "Room 104", "2 to send"] { #expect(!drawn.contains(word), "\(word) on Hana's screen") }
        // Her answers arrive; those of Fatima's account that come late change nothing on screen.
        let hanaPartition = Self.partition(Self.hana)
        var pending: Set<String> = ["check", "verify", "generation", "count", "changes", "accounts"]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                switch action {
                case .instanceChecked, .choiceVerified: state.current?.connection = .offline
                case .generationBegan:
                    state.current?.generationBegun = true
                    state.current?.account.lock = LockSummary(hasPIN: true)
                    state.current?.account.accounts = [Self.fatimaRow, Self.hanaRow].map { row in
                        var row = row
                        row.isOnScreen = row.id == "dvs_hana"
                        return row
                    }
                    state.current?.account.isLoading = true
                case .outboxCounted(_, let counts):
                    state.current?.outbox = counts
                    state.current?.tabs.counted(counts)
                case .account(.changesLoaded(.success(let changes))):
                    state.current?.account.isLoading = false
                    state.current?.account.changes = changes
                case .accountsCounted(_, let counts):
                    state.current?.account.accountCounts = counts
                    state.current?.account.accounts = Self.counted([Self.fatimaRow, Self.hanaRow]).map { row in
                        var row = row
                        row.isOnScreen = row.id == "dvs_hana"
                        return row
                    }
                default: break
                }
            }
            switch action {
            case .instanceChecked(Self.hana.sessionID, _)?: pending.remove("check")
            case .choiceVerified(Self.hana.sessionID, _)?: pending.remove("verify")
            case .generationBegan(hanaPartition, _)?: pending.remove("generation")
            case .outboxCounted(hanaPartition, _)?: pending.remove("count")
            case .account(.changesLoaded)?: pending.remove("changes")
            case .accountsCounted?: pending.remove("accounts")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        #expect(store.state.current?.outbox == Self.counts["usr_housekeeper"])
        let fatimaPartition = Self.partition(Self.fatima)
        await store.send(.outboxCounted(fatimaPartition, OutboxCounts(toSend: 9, toReview: 9, outcomeUnknown: 0)))
        await store.send(.instanceChecked(Self.fatima.sessionID, .success(Self.instance)))
        await store.send(.choiceVerified(Self.fatima.sessionID, .failure(.unauthorized)))
        await store.send(.outboxNews(.roundFinished(partition: fatimaPartition, sent: [1], held: [], reachedInstance: true)))
        await store.send(.outboxNews(.sessionEnded(fatimaPartition)))
        await store.send(.signOutCounted(Self.fatima.sessionID, .zero))
        await store.send(.accountsCounted(Self.fatima.sessionID, [:]))
        await store.send(.generationBegan(fatimaPartition, .success(Fixtures.generation2)))
        await clock.advance(by: .seconds(AppReducer.passingNoticeSeconds))
        await store.receive(.passingNoticesExpired) { $0.current?.notices = [] }
        await store.finish()
        let calls = world.calls.all
        #expect(calls.contains("outbox.deactivate") && calls.contains("offline.endGeneration gen-1"),
                "Fatima's outbox let go and her generation ended: \(calls)")
        #expect(calls.contains("offline.endGeneration gen-2"), "a late generation of hers is ended at once")
        #expect(calls.contains("outbox.activate wsp_demo gen-1"))
        #expect(store.state.accounts.count == 2, "a late 401 for the account left does not sign anyone out")
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func atADeskLeftLockedAnotherPersonGoesToTheirOwnAccountLockedToo() {
        let clock = ManualClock()
        var state = twoAccounts()
        state.pins = [Self.account(Self.fatima), Self.account(Self.hana)]
        state.current?.lock = LockFeature.State(account: Self.account(Self.fatima), now: clock.now)
        #expect(AppView.view(state).hints.contains(KeyHint(key: "a", label: "Switch account")))
        let store = Store(initialState: state, reducer: AppReducer(environment: environment(FakeWorld(), clock: clock)))
        defer { store.effects.cancelAll() }
        store.send(.keyPressed(.character("a")))
        #expect(store.state.current?.session == Self.hana)
        #expect(store.state.current?.lock == LockFeature.State(account: Self.account(Self.hana), now: clock.now),
                "switching to an account with a PIN asks for it")
        let drawn = TextGrid.snapshot(ScreenLayout.layout(AppView.view(store.state), width: 40, height: 12).grid)
        #expect(drawn.contains("Hana Kowalski") && !drawn.contains("Fatima"))
        // Back to Fatima: locked again.
        store.send(.keyPressed(.character("a")))
        #expect(store.state.current?.session == Self.fatima && store.state.isLocked)
    }

    @Test func theSamePersonOpensAgainOnTheAccountLastUsedThere() {
        let reducer = AppReducer(environment: FakeWorld().recordingEnvironment)
        var state = AppState(preferences: AppPreferences(lastInstanceKey: Self.instance.key, lastPersonID: "usr_housekeeper"))
        let summary = InstanceSummary(instance: Self.instance, sessions: [Self.fatima, Self.hana], unsent: 3)
        _ = reducer.reduce(into: &state, action: .startLoaded(.success([summary]), state.preferences))
        #expect(state.current?.session == Self.hana)
        #expect(state.accounts == summary.accounts)
        #expect(state.current?.owner == "Hana Kowalski")
    }
}
