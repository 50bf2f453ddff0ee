import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

@MainActor
@Suite struct AccountTests {
    nonisolated static let waiting = PendingChange(id: 11, summary: "Room 101: clean", createdAt: Date(timeIntervalSince1970: 0),
                                       hold: nil, outcomeUnknown: false)
    nonisolated static let refused = PendingChange(
        id: 12, summary: "Room 102: inspected", createdAt: Date(timeIntervalSince1970: 0),
        hold: PendingChange.Hold(reason: .refused, code: "unit.status_invalid",
                                 detail: "Rooms out of order cannot be inspected."),
        outcomeUnknown: false)

    func onAccount(changes: [PendingChange] = [], outbox: OutboxCounts = .zero) -> AppState {
        var state = AppState.working(activeTab: .account, outbox: outbox)
        state.current?.account = AccountFeature.State(changes: changes)
        return state
    }

    /// `x` on the refused change: the question, before any answer.
    func askToDiscardTheRefusedChange(_ store: TestStore<AppState, AppAction>) async {
        await store.send(.keyPressed(.character("x")))
        await store.receive(.account(.delegate(.discard(Self.refused)))) {
            $0.confirmation = Confirmation(
                purpose: .discard(12),
                question: "Discard “Room 102: inspected”? It is deleted from this device and never sent.",
                confirmLabel: "Discard")
        }
    }

    @Test func openingAccountReadsTheChangesWaitingAndThoseNeedingADecision() async {
        let world = FakeWorld()
        var env = world.environment
        env.outbox.changes = { .success([Self.waiting, Self.refused]) }
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("5"))) {
            $0.current?.activeTab = .account
            $0.current?.account.isLoading = true
        }
        await store.receive(.account(.changesLoaded(.success([Self.waiting, Self.refused])))) {
            $0.current?.account.isLoading = false
            $0.current?.account.changes = [Self.waiting, Self.refused]
        }
        await store.finish()
        let text = AppView.view(store.state).rows.map { $0.spans.map(\.text).joined() }
        #expect(text.contains("Room 101: clean"))
        #expect(text.contains("  The instance says: Rooms out of order cannot be inspected."))
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func signingOutFirstSaysHowManyUnsentChangesItDeletes() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.offline.accountCounts = { _ in OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0) }
        env.api.signOut = { session in
            world.calls.append("signOut \(session.sessionID)")
            return .success(.revoked)
        }
        env.offline.forgetAccount = { account in
            world.calls.append("forgetAccount \(account.personID)")
            return .success(3)
        }
        env.instances.list = { .success([]) }
        let store = TestStore(initialState: onAccount(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("o")))
        await store.receive(.account(.delegate(.run(.signOut))))
        let id = Fixtures.session().sessionID
        await store.receive(.signOutCounted(id, OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0))) {
            $0.confirmation = Confirmation(
                purpose: .signOut(id),
                question: "Sign out of Harbour Hotels? 3 changes on this device are not sent yet.",
                confirmLabel: "Sign out and delete 3 changes",
                alternativeLabel: "Sign out and keep them for me")
        }
        await store.send(.keyPressed(.down)) { $0.confirmation?.focusOnConfirm = true }
        await store.send(.keyPressed(.enter)) {
            $0.confirmation = nil
            $0.current = nil
            $0.preferences.choices = []
            $0.route = .connect(ConnectFeature.State(notice: Notice(.info, "Signing out…")))
        }
        await store.receiveSignedOutOnConnect()
        await store.finish()
        let calls = world.calls.all
        #expect(calls.contains("signOut dvs_0001"))
        #expect(calls.contains("forgetAccount usr_supervisor"))
        #expect(calls.contains("offline.endGeneration gen-1"))
        #expect(calls.firstIndex(of: "signOut dvs_0001")! < calls.firstIndex(of: "forgetAccount usr_supervisor")!)
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func discardingAChangeAsksThenDiscardsAndCountsAgain() async {
        let world = FakeWorld()
        var env = world.environment
        env.outbox.discard = { id in
            world.calls.append("discard \(id)")
            return .success(true)
        }
        env.outbox.changes = { .success([Self.waiting]) }
        env.offline.counts = { _ in OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0) }
        var state = onAccount(changes: [Self.waiting, Self.refused],
                              outbox: OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
        state.current?.account.focus = .change(12)
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await askToDiscardTheRefusedChange(store)
        await store.send(.keyPressed(.character("y"))) {
            $0.confirmation = nil
        }
        await store.receive(.discarded(.success(true))) {
            $0.current?.account.isLoading = true
        }
        await store.receive(.account(.changesLoaded(.success([Self.waiting])))) {
            $0.current?.account.isLoading = false
            $0.current?.account.changes = [Self.waiting]
            $0.current?.account.focus = .command(.switchProperty)
        }
        // The discard ran an outbox round: its news counts the outbox again (once).
        await store.send(.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [], held: [], reachedInstance: nil)))
        await store.receive(.outboxCounted(Fixtures.partition(), OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0))) {
            $0.current?.outbox = OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0)
        }
        await store.finish()
        #expect(world.calls.all == ["discard 12"])
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func aChangeDiscardedInReviewLeavesTheRoomsOfTheHousekeepingTabAtOnce() async {
        let world = FakeWorld()
        var env = world.environment
        env.outbox.discard = { _ in .success(true) }
        env.outbox.changes = { .success([]) }
        env.offline.counts = { _ in .zero }
        let rooms = HousekeepingWorld()
        rooms.pending.withLock { $0 = PendingRooms() }
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in rooms.environment })
        var state = onAccount(changes: [Self.refused], outbox: OutboxCounts(toSend: 0, toReview: 1, outcomeUnknown: 0))
        state.current?.account.focus = .change(12)
        let heldSentence = Notice(.warning, "Room 102 was changed by someone else first.")
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units) { $0.id == "unt_h102" ? (nil, .held) : (nil, .none) },
            businessDate: HotelFixture.date, focus: "unt_h102", freshness: .current, notice: heldSentence,
            hasLoaded: true, pending: PendingRooms(held: ["unt_h102"]),
            heldNotice: HeldNotice(subject: "unt_h102", notice: heldSentence))
        let context = state.current?.context
        state.current?.tabs.housekeeping.context = context
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await askToDiscardTheRefusedChange(store)
        await store.send(.keyPressed(.character("y"))) { $0.confirmation = nil }
        await store.receive(.discarded(.success(true))) { $0.current?.account.isLoading = true }
        var waiting: Set<String> = ["changes", "pending"]
        while !waiting.isEmpty {
            let action = await store.receiveAny { action, state in
                switch action {
                case .account(.changesLoaded):
                    state.current?.account.isLoading = false
                    state.current?.account.changes = []
                    state.current?.account.focus = .command(.switchProperty)
                case .tabs(.housekeeping(.feature(.pendingLoaded))):
                    state.current?.tabs.housekeeping.feature.pending = PendingRooms()
                    state.current?.tabs.housekeeping.feature.list.update("unt_h102") { $0.mark = .none }
                    state.current?.tabs.housekeeping.feature.notice = nil
                    state.current?.tabs.housekeeping.feature.heldNotice = nil
                default: break
                }
            }
            switch action {
            case .account(.changesLoaded)?: waiting.remove("changes")
            case .tabs(.housekeeping(.feature(.pendingLoaded)))?: waiting.remove("pending")
            default: Issue.record("unexpected \(String(describing: action))"); waiting.removeAll()
            }
        }
        await store.finish()
        #expect(rooms.readCount.withLock { $0 } == 0, "the marks come from the outbox; nothing is read again")
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func sendNowAsksTheOutboxToSend() async {
        let world = FakeWorld()
        let store = TestStore(initialState: onAccount(), reducer: AppReducer(environment: world.recordingEnvironment))
        await store.send(.keyPressed(.character("n")))
        await store.receive(.account(.delegate(.run(.sendNow))))
        await store.finish()
        #expect(world.calls.all == ["outbox.sendNow"])
    }

    @Test func switchingPropertyShowsTheListWithTheOneInUseAndEscapeGoesBack() async {
        let world = FakeWorld()
        var env = world.environment
        env.api.workspaces = { _ in .failure(.noAnswer(.couldNotConnect)) }
        let store = TestStore(initialState: onAccount(), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("w")))
        await store.receive(.account(.delegate(.run(.switchProperty)))) {
            $0.route = .workspace(WorkspaceFeature.State(session: Fixtures.session(), current: "prp_harbour",
                                                         canCancel: true))
        }
        await store.receive(.workspace(.workspacesLoaded(.failure(.noAnswer(.couldNotConnect))))) {
            $0.workspace?.phase = .failed
            $0.workspace?.notice = Notice(.error, ErrorText.request(.noAnswer(.couldNotConnect)))
        }
        await store.send(.keyPressed(.escape))
        await store.receive(.workspace(.delegate(.cancelled))) { $0.route = .work }
        await store.finish()
    }

    @Test func reviewFromAWorkTabOpensAccountOnTheFirstHeldChange() async {
        let world = FakeWorld()
        var env = world.environment
        env.outbox.changes = { .success([Self.waiting, Self.refused]) }
        var state = AppState.working(activeTab: .housekeeping)
        state.current?.account = AccountFeature.State(changes: [Self.waiting, Self.refused])
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.tabs(.delegate(.openReview))) {
            $0.current?.activeTab = .account
            $0.current?.account.isLoading = true
            $0.current?.account.focus = .change(12)
        }
        await store.receive(.account(.changesLoaded(.success([Self.waiting, Self.refused])))) {
            $0.current?.account.isLoading = false
        }
        await store.finish()
    }
}
