import AppCore
import Foundation
import Locking
import GuestCraftAPI
import Testing

/// The Housekeeping and My tasks features in the app's slots: what the app's events do to them.
@MainActor
@Suite struct HousekeepingTabTests {
    let world = HousekeepingWorld()
    let tasksWorld = TasksWorld()

    var context: WorkContext {
        AppState.working(activeTab: .housekeeping).current!.context!
    }

    func makeStore(_ state: HousekeepingTab.State = HousekeepingTab.State())
        -> TestStore<HousekeepingTab.State, HousekeepingTab.Action> {
        TestStore(initialState: state, reducer: HousekeepingTab(clients: HousekeepingTab.Clients(
            environment: { _ in self.world.environment })))
    }

    @Test func startedKeepsTheContextOpeningReadsAndTheAppsCountsReachTheBadge() async {
        let store = makeStore()
        await store.send(.app(.started(context))) { $0.context = self.context }
        #expect(world.readCount.withLock { $0 } == 0, "nothing is read before the tab opens")
        await store.send(.app(.opened(.housekeeping))) {
            $0.feature.hasLoaded = true
        }
        var pending: Set<String> = ["saved", "read", "offline"]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .feature(.unitsRead(.offline, _)) = action { state.feature.freshness = .offline(lastUpdated: nil) }
                if case .feature(.savedLoaded) = action { state.feature.savedAnswered = true }
            }
            switch action {
            case .feature(.savedLoaded)?: pending.remove("saved")
            case .feature(.unitsRead)?: pending.remove("read")
            case .delegate(.connection(.offline))?: pending.remove("offline")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        // The tab never counts the outbox itself: the app's count after a round reaches it.
        await store.send(.app(.outboxCounted(OutboxBadge(toSend: 2)))) { $0.feature.badge = OutboxBadge(toSend: 2) }
        await store.finish()
    }

    @Test func keysPastesAndClicksReachTheFeatureAndItsRequestsReachTheApp() async {
        var state = HousekeepingTab.State(context: context)
        state.feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), focus: "unt_h101",
                                                  freshness: .current, badge: OutboxBadge(toSend: 1, toReview: 1),
                                                  hasLoaded: true)
        let store = makeStore(state)
        await store.send(.app(.keyPressed(.housekeeping, .down))) { $0.feature.focus = "unt_h102" }
        // A scanned tag opens that room's detail.
        await store.send(.app(.pasted(.housekeeping, "room/203\n"))) {
            $0.feature.focus = "unt_h203"
            $0.feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h203")
        }
        await store.receive(.feature(.detailSavedLoaded("unt_h203", nil)))
        await store.receive(.feature(.detailRead("unt_h203", .offline))) {
            $0.feature.detail?.freshness = .offline(lastUpdated: nil)
        }
        await store.receive(.delegate(.connection(.offline)))
        await store.send(.app(.keyPressed(.housekeeping, .escape))) { $0.feature.detail = nil }
        await store.send(.app(.rowClicked(.housekeeping, RoomList.rowID("unt_h104")))) { $0.feature.focus = "unt_h104" }
        await store.send(.app(.keyPressed(.housekeeping, .character("n"))))
        await store.receive(.delegate(.sendNow))
        await store.send(.app(.keyPressed(.housekeeping, .character("v"))))
        await store.receive(.delegate(.openReview))
        #expect(HousekeepingTab.takesDigits(store.state))
        #expect(!HousekeepingTab.isEditingText(store.state))
        await store.send(.app(.keyPressed(.housekeeping, .character("/")))) {
            $0.feature.jump = ""
            $0.feature.jumpFrom = "unt_h104"
        }
        #expect(HousekeepingTab.isEditingText(store.state), "q and ? go to the typed tag")
        await store.send(.app(.stopped)) { $0 = HousekeepingTab.State() }
        await store.send(.app(.keyPressed(.housekeeping, .down)))
        await store.finish()
    }

    @Test func aRoundThatSentTheTabsOwnChangeReadsOnlyTheMarksAndOneThatSentNothingDoesNothing() async {
        var state = HousekeepingTab.State(context: context)
        state.feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), focus: "unt_h101",
                                                  freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        let store = makeStore(state)
        await store.send(.app(.outboxRoundFinished(sent: [], held: [])))
        // The room's change was the tab's own and already shows the answer (no queued mark): the
        // round reads the outbox's marks, never the room list again.
        await store.send(.app(.outboxRoundFinished(sent: [4], held: [])))
        await store.receive(.feature(.roundMarksLoaded(.none)))
        await store.finish()
        #expect(world.readCount.withLock { $0 } == 0, "no units.list after the tab's own sent change")
    }

    @Test func aRoundThatSentARoomShownAsWaitingReadsTheListAgain() async {
        var state = HousekeepingTab.State(context: context)
        var list = RoomList(units: HotelFixture.units)
        list.update("unt_h101") {
            $0.shown = .clean
            $0.mark = .queued
        }
        state.feature = HousekeepingFeature.State(list: list, focus: "unt_h101", freshness: .current, lastUpdated: "09:21",
                                                  badge: OutboxBadge(toSend: 2), hasLoaded: true,
                                                  pending: PendingRooms(queued: ["unt_h101": .clean]))
        let store = makeStore(state)
        // Sent in the background: the outbox no longer holds it.
        await store.send(.app(.outboxRoundFinished(sent: [4], held: [])))
        var pending: Set<String> = ["marks", "read", "offline"]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                switch action {
                case .feature(.roundMarksLoaded):
                    state.feature.pending = .none
                    state.feature.list.update("unt_h101") {
                        $0.shown = $0.unit.housekeepingStatus
                        $0.mark = .none
                    }
                    state.feature.freshness = .updating(lastUpdated: "09:21")
                case .feature(.unitsRead): state.feature.freshness = .offline(lastUpdated: "09:21")
                default: break
                }
            }
            switch action {
            case .feature(.roundMarksLoaded)?: pending.remove("marks")
            case .feature(.unitsRead)?: pending.remove("read")
            case .delegate(.connection(.offline))?: pending.remove("offline")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        await store.finish()
    }

    @Test func theTasksTabTakesTextWhileAReasonOrANoteIsTyped() {
        var state = TasksTab.State(context: context)
        #expect(!TasksTab.isEditingText(state))
        state.feature.skip = TasksFeature.SkipPrompt(task: "tsk_0005")
        #expect(TasksTab.isEditingText(state))
        state.feature.skip = nil
        state.feature.detail = TasksFeature.Detail(taskID: "tsk_0005", draft: "")
        #expect(TasksTab.isEditingText(state))
        let body = TasksTab.content(state)
        #expect(body.helpKeys.contains { $0.key == "u" })
    }
}

/// The feature's environment is built for its context once, not on every action (#32).
@MainActor
@Suite struct WorkFeatureTabEnvironmentTests {
    let world = HousekeepingWorld()

    @Test func theEnvironmentIsBuiltOncePerContextAndAgainForAnother() async {
        let builds = Locked<[String]>([])
        let environment = world.environment
        let tab = HousekeepingTab(clients: HousekeepingTab.Clients(environment: { context in
            builds.withLock { $0.append(context.property.id.rawValue) }
            return environment
        }))
        var first = AppState.working(activeTab: .housekeeping).current!.context!
        var state = HousekeepingTab.State(context: first)
        state.feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), focus: "unt_h101",
                                                  freshness: .current, hasLoaded: true)
        for key in [Key.down, .down, .up, .end, .home] {
            _ = tab.reduce(into: &state, action: .app(.keyPressed(.housekeeping, key)))
        }
        #expect(state.feature.focus == "unt_h101", "the keys reached the feature")
        #expect(builds.withLock { $0 } == [first.property.id.rawValue], "five keys, one environment")

        // Another context (another property): its own environment, once.
        first.property.id = PropertyID("prp_other")
        _ = tab.reduce(into: &state, action: .app(.started(first)))
        state.feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), focus: "unt_h101",
                                                  freshness: .current, hasLoaded: true)
        for _ in 0..<3 { _ = tab.reduce(into: &state, action: .app(.keyPressed(.housekeeping, .down))) }
        #expect(builds.withLock { $0 }.count == 2)
        #expect(builds.withLock { $0 }.last == "prp_other")
    }
}
