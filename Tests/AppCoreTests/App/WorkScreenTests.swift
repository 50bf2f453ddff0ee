import Catalog
import Foundation
import GuestCraftAPI
import ClientModel
import Testing
import TestSupport
@testable import AppCore

@MainActor
@Suite struct WorkScreenTests {
    @Test func tabsFollowTheCapabilitiesAndAccountIsAlwaysThere() {
        let frontDeskOnly = Fixtures.instance(capabilities: [.mobileSessions, .mobilePairing, .frontDesk, .reservations])
        let current = CurrentInstance(instance: frontDeskOnly, session: Fixtures.session())
        #expect(current.visibleTabs == [.today, .search, .account])
        let housekeepingOnly = Fixtures.instance(capabilities: [.mobileSessions, .housekeeping])
        #expect(CurrentInstance(instance: housekeepingOnly, session: Fixtures.session()).visibleTabs == [.housekeeping, .account])
        let screen = AppView.view(AppState.working(instance: frontDeskOnly))
        #expect(screen.tabs.map(\.id) == ["today", "search", "account"])
    }

    @Test func aTabTheInstanceDoesNotOfferCannotBeOpened() async {
        let world = FakeWorld()
        let instance = Fixtures.instance(capabilities: [.mobileSessions, .frontDesk])
        let store = TestStore(initialState: AppState.working(instance: instance), reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("3")))
        await store.send(.keyPressed(.function(4)))
        await store.send(.clicked(.tab("housekeeping")))
        await store.send(.keyPressed(.character("2")))
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func numberKeysFunctionKeysAndClicksSwitchTabs() async {
        let world = FakeWorld()
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("3"))) { $0.current?.activeTab = .housekeeping }
        await store.send(.keyPressed(.function(4))) { $0.current?.activeTab = .tasks }
        await store.send(.clicked(.tab("search"))) { $0.current?.activeTab = .search }
        await store.finish()
    }

    @Test func aCapabilityThatDisappearsTakesItsTabAndItsOpenScreensAwayWithASentence() async {
        let world = FakeWorld()
        var env = world.environment
        let clock = ManualClock()
        env.clock = clock.client
        env.tabs.today = .offline(world)
        let session = Fixtures.session()
        var state = AppState.working(activeTab: .housekeeping)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current, hasLoaded: true)
        state.current?.tabs.housekeeping.feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h101")
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        let reduced = Fixtures.instance(capabilities: [.mobileSessions, .mobilePairing, .frontDesk])
        await store.send(.instanceChecked(session.sessionID, .success(reduced))) {
            $0.current?.instance = reduced
            $0.current?.capabilities = reduced.capabilities
            $0.current?.activeTab = .today
            $0.current?.notices = [Notice(.info, "This instance no longer offers Housekeeping, so it was closed.")]
            // Its room detail closes and its rooms go: nothing of it stays to be drawn or read.
            $0.current?.tabs.housekeeping.feature = .initial
            // Today takes its place and reads (nothing saved, no answer here).
            $0.current?.tabs.today.feature.hasLoaded = true
        }
        #expect(AppView.view(store.state).tabs.map(\.id) == ["today", "account"])
        var pending = TodayOpenedOffline.steps
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in TodayOpenedOffline.apply(action, &state) }
            guard let step = TodayOpenedOffline.step(of: action) else {
                Issue.record("unexpected \(String(describing: action))"); break
            }
            pending.remove(step)
        }
        // The sentence goes by itself after a few seconds.
        await clock.advance(by: .seconds(8))
        await store.receive(.passingNoticesExpired) { $0.current?.notices = [] }
        await store.finish()
    }

    @Test func aLateAnswerForAnotherSessionChangesNothingOnScreen() async {
        let world = FakeWorld()
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: world.environment))
        let old = DeviceSessionID("dvs_old")
        await store.send(.instanceChecked(old, .success(Fixtures.instance(name: "Old", capabilities: []))))
        await store.send(.choiceVerified(old, .failure(.unauthorized)))
        await store.send(.signOutCounted(old, OutboxCounts(toSend: 9, toReview: 0, outcomeUnknown: 0)))
        let otherPartition = Partition(instanceKey: "ins_other", personID: "usr_x", workspaceID: "wsp_x")
        await store.send(.outboxCounted(otherPartition, OutboxCounts(toSend: 5, toReview: 0, outcomeUnknown: 0)))
        await store.send(.outboxNews(.sessionEnded(otherPartition)))
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func aLateGenerationForAContextNoLongerOnScreenIsEnded() async {
        let world = FakeWorld()
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: world.recordingEnvironment))
        await store.send(.generationBegan(Fixtures.partition(workspace: "wsp_old"), .success(Fixtures.generation2)))
        await store.finish()
        #expect(world.calls.all == ["offline.endGeneration gen-2"])
    }

    @Test func quittingWithNothingUnsentQuitsAtOnce() async {
        let world = FakeWorld()
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("q"))) { $0.quitRequested = true }
        #expect(AppView.shouldQuit(store.state))
    }

    @Test func quittingWithUnsentChangesSaysHowManyFirst() async {
        let world = FakeWorld()
        let counts = OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0)
        let store = TestStore(initialState: AppState.working(outbox: counts), reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("q"))) {
            $0.confirmation = Confirmation(
                purpose: .quit,
                question: "3 changes are not sent yet. They stay on this device and are sent when you open the app again (or with guestcraft send). Quit now?",
                confirmLabel: "Quit")
        }
        await store.send(.keyPressed(.escape)) { $0.confirmation = nil }
        await store.send(.keyPressed(.function(10))) {
            $0.confirmation = Confirmation(purpose: .quit, question: L_quit(3), confirmLabel: "Quit")
        }
        await store.send(.clicked(.row(AppView.confirmYesRow))) {
            $0.confirmation = nil
            $0.quitRequested = true
        }
    }

    @Test func quittingWithAFaultReportBeingWrittenAsksFirst() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .housekeeping)
        var form = FaultForm.room(UnitRef(id: "unt_h203", number: "203"), businessDate: HotelFixture.date)
        form.description.insert("Water drips")
        state.current?.tabs.housekeeping.feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h203")
        state.current?.tabs.housekeeping.feature.detail?.fault = form
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.function(10))) {
            $0.confirmation = Confirmation(
                purpose: .quit,
                question: "The fault report you are writing is not saved yet: quitting now loses it. Quit now?",
                confirmLabel: "Quit")
        }
        await store.send(.keyPressed(.escape)) { $0.confirmation = nil }
        #expect(store.state.current?.tabs.housekeeping.feature.detail?.fault?.description.text == "Water drips")
    }

    @Test func questionMarkShowsTheKeysOfTheScreenAndEscapeClosesThem() async {
        let world = FakeWorld()
        let store = TestStore(initialState: AppState.working(activeTab: .account), reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("?"))) {
            $0.help = HelpFeature.State(keys: AppView.helpKeys($0))
        }
        let keys = store.state.help?.keys.map(\.key) ?? []
        #expect(keys.contains("o") && keys.contains(GlobalKeys.tabNumbers) && keys.contains("q"))
        await store.send(.keyPressed(.down)) { $0.help?.focus = 1 }
        await store.send(.keyPressed(.escape))
        await store.receive(.help(.delegate(.close))) { $0.help = nil }
        await store.finish()
    }

    /// #30: on Search's results `q` is the "q" of "Jacques", never quit; `r`, `/` and the
    /// digits are text too; `?` is the help, which says so; F10 quits.
    @Test func onSearchEveryPrintableKeyIsTheQueryAndQuestionMarkIsTheHelp() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .search)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.search.feature = SearchFeature.State(
            isEditing: false, searched: "hart", results: SearchFixture.both, focus: "search.reservation.rsv_0001",
            hasLoaded: true)
        state.current?.tabs.search.feature.query.insert("hart")
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        for character in " Jacques r/1" {
            await store.send(.keyPressed(.character(character))) {
                $0.current?.tabs.search.feature.query.insert(String(character))
                $0.current?.tabs.search.feature.isEditing = true
            }
        }
        #expect(store.state.current?.activeTab == .search && !store.state.quitRequested)
        #expect(store.state.current?.tabs.search.feature.query.text == "hart Jacques r/1")
        await store.send(.keyPressed(.character("?"))) { $0.help = HelpFeature.State(keys: AppView.helpKeys($0)) }
        let help = store.state.help?.keys ?? []
        #expect(help.contains(KeyHint(key: L("search.help.type_keys"), label: L("search.help.type"))))
        #expect(help.contains { $0.key == "F10" })
        for printable in ["q", "r", "/", "1–5", L("keys.arrows")] {
            #expect(!help.contains { $0.key == printable }, "\(printable) is search text here, not a command")
        }
        await store.send(.keyPressed(.escape))
        await store.receive(.help(.delegate(.close))) { $0.help = nil }
        await store.send(.keyPressed(.function(10))) { $0.quitRequested = true }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func theOutboxNoAnswerMarksOfflineAndItsReturnMarksOnlineAndSends() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.offline.counts = { _ in OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 1) }
        let partition = Fixtures.partition()
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: env))
        await store.send(.outboxNews(.roundFinished(partition: partition, sent: [], held: [], reachedInstance: false))) {
            $0.current?.connection = .offline
        }
        await store.receive(.outboxCounted(partition, OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 1))) {
            $0.current?.outbox = OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 1)
        }
        await store.send(.tabs(.delegate(.connection(.online)))) { $0.current?.connection = .online }
        await store.finish()
        #expect(world.calls.all == ["outbox.sendNow"])
        let header = AppView.view(store.state).header
        #expect(header?.toSend == 1)
    }

    @Test func aFourHundredOneFromTheOutboxEndsTheSessionOnScreen() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.api.forgetToken = { world.calls.append("forget \($0.sessionID)") }
        env.api.refusedRightAfterSuccess = { _ in false }
        env.offline.sealAccount = { world.calls.append("sealAccount \($0.personID)"); return .success(1) }
        env.instances.check = { _ in .failure(.unreachable(.couldNotConnect)) }
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: env))
        await store.send(.outboxNews(.sessionEnded(Fixtures.partition()))) {
            $0.current = nil
            $0.preferences.choices = []
            $0.route = .signIn(SignInFeature.State(
                instance: Fixtures.instance(), deviceName: "desk-01 terminal",
                notice: Notice(.error, "Your session on Harbour Hotels has ended. Sign in again.")))
        }
        await store.receive(.sessionSealed(instanceKey: Fixtures.instance().key, kept: .success(1), proxyHint: false)) {
            $0.signIn?.notice = Notice(.error, "Signed out by the instance: 1 change is kept for you. Sign in again to send it.")
        }
        await store.receive(.signIn(.checked(.failure(.unreachable(.couldNotConnect))))) {
            $0.signIn?.phase = .unavailable
            $0.signIn?.notice = Notice(.error, ErrorText.connect(.unreachable(.couldNotConnect)))
        }
        await store.finish()
        let calls = world.calls.all
        #expect(calls.contains("forget dvs_0001"))
        #expect(calls.contains("sealAccount usr_supervisor"), "#35: the changes are kept, not deleted")
        #expect(calls.contains("offline.endGeneration gen-1"))
        #expect(calls.contains("outbox.deactivate"))
        #expect(world.unexpected.all.isEmpty, "nothing deletes the account's changes")
    }

    @Test func aWorkTabAskingToSendIsHeardAndARoundsCountsReachEveryTabOnce() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.offline.counts = { _ in OutboxCounts(toSend: 4, toReview: 0, outcomeUnknown: 0) }
        var state = AppState.working(activeTab: .housekeeping)
        let context = state.current?.context
        state.current?.tabs.housekeeping.context = context
        state.current?.tabs.tasks.context = context
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        // A change the tab handed to the outbox: the round it ran is what counts it.
        await store.send(.tabs(.delegate(.outboxChanged)))
        await store.send(.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [], held: [], reachedInstance: nil)))
        await store.receive(.outboxCounted(Fixtures.partition(), OutboxCounts(toSend: 4, toReview: 0, outcomeUnknown: 0))) {
            $0.current?.outbox = OutboxCounts(toSend: 4, toReview: 0, outcomeUnknown: 0)
            $0.current?.tabs.housekeeping.feature.badge = OutboxBadge(toSend: 4)
            $0.current?.tabs.tasks.feature.badge = OutboxBadge(toSend: 4)
        }
        await store.send(.tabs(.delegate(.sendNow)))
        await store.finish()
        #expect(world.calls.all == ["outbox.sendNow"])
    }

    @Test func openingARoomLinkOpensTheRoomsDetailAsIfItsTagWereScanned() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.offline.counts = { _ in .zero }
        let rooms = HousekeepingWorld()
        rooms.saved.withLock { $0 = SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt) }
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in rooms.environment })
        var state = AppState.working()
        // The context began: the tabs started with its generation, whose row is being written.
        state.current?.generationBegun = false
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.options.link = .room("101")
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.generationBegan(Fixtures.partition(), .success(Fixtures.generation))) {
            $0.current?.generationBegun = true
            $0.options.link = nil
            $0.current?.activeTab = .housekeeping
            $0.current?.tabs.housekeeping.feature.hasLoaded = true
            // The rooms are not read yet: the tag waits for them.
            $0.current?.tabs.housekeeping.feature.pendingJump = "101"
        }
        // The list's read and the detail's each say offline to the app (in one step).
        var pending: [String: Int] = ["count": 1, "saved": 1, "read": 1, "tabs.connection": 2,
                                      "detail saved": 1, "detail read": 1]
        func remove(_ name: String) {
            pending[name, default: 0] -= 1
            if pending[name] == 0 { pending[name] = nil }
        }
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .outboxCounted(_, let counts) = action { state.current?.outbox = counts }
                switch action {
                case .tabs(.housekeeping(.feature(.savedLoaded))):
                    state.current?.tabs.housekeeping.feature.savedAnswered = true
                    state.current?.tabs.housekeeping.feature.list = RoomList(units: HotelFixture.units)
                    state.current?.tabs.housekeeping.feature.businessDate = HotelFixture.date
                    state.current?.tabs.housekeeping.feature.lastUpdated = "07:40"
                    state.current?.tabs.housekeeping.feature.freshness = .updating(lastUpdated: "07:40")
                    state.current?.tabs.housekeeping.feature.pendingJump = nil
                    state.current?.tabs.housekeeping.feature.focus = "unt_h101"
                    // The room's detail opens, as a scanned tag opens it.
                    state.current?.tabs.housekeeping.feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h101")
                case .tabs(.housekeeping(.feature(.detailRead))):
                    state.current?.tabs.housekeeping.feature.detail?.freshness = .offline(lastUpdated: nil)
                case .tabs(.housekeeping(.feature(.unitsRead))):
                    state.current?.tabs.housekeeping.feature.freshness = .offline(lastUpdated: "07:40")
                case .tabs(.delegate(.connection(.offline))):
                    state.current?.connection = .offline
                default:
                    break
                }
            }
            switch action {
            case .outboxCounted?: remove("count")
            case .tabs(.housekeeping(.feature(.savedLoaded)))?: remove("saved")
            case .tabs(.housekeeping(.feature(.unitsRead)))?: remove("read")
            case .tabs(.housekeeping(.feature(.detailSavedLoaded)))?: remove("detail saved")
            case .tabs(.housekeeping(.feature(.detailRead)))?: remove("detail read")
            case .tabs(.delegate(.connection(.offline)))?: remove("tabs.connection")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        #expect(store.state.current?.tabs.housekeeping.feature.focus == "unt_h101", "the room of the link is focused")
        #expect(store.state.current?.tabs.housekeeping.feature.detail?.unitID == "unt_h101", "and its detail is open")
        await store.finish()
    }
}

/// The quit question for `count` unsent changes.
func L_quit(_ count: Int) -> String {
    "\(count) changes are not sent yet. They stay on this device and are sent when you open the app again (or with guestcraft send). Quit now?"
}

/// Start-up: the tab on screen shows its saved copy beside the generation's row being written,
/// not after it (the row's write and disk sync are not on the way to the first frame).
@MainActor
@Suite struct SavedReadBesideTheGenerationTests {
    @Test func theSavedRoomsShowWhileTheGenerationsRowIsStillBeingWritten() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let rowWritten = AsyncStream<Void>.makeStream()
        // The row's write does not finish until the test lets it.
        env.offline.beginGeneration = { _, id in
            for await _ in rowWritten.stream { break }
            return .success(id)
        }
        env.offline.counts = { _ in .zero }
        let rooms = HousekeepingWorld()
        rooms.saved.withLock { $0 = SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt) }
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in rooms.environment })
        var state = AppState.working(activeTab: .housekeeping)
        state.current?.generation = nil
        state.current?.generationBegun = false
        state.route = .workspace(WorkspaceFeature.State(session: Fixtures.session()))
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.workspace(.delegate(.chosen(Fixtures.workspace(), Fixtures.harbour, automatically: false)))) {
            $0.route = .work
            $0.current?.outbox = nil
            $0.current?.generation = Fixtures.generation
            let context = $0.current?.context
            $0.current?.tabs.started(context)
            $0.current?.tabs.housekeeping.feature.hasLoaded = true
        }
        await store.receive(.tabs(.housekeeping(.feature(.savedLoaded(
            SavedCopy(value: HotelFixture.unitList, savedAt: HotelFixture.savedAt), .none))))) {
            $0.current?.tabs.housekeeping.feature.savedAnswered = true
            $0.current?.tabs.housekeeping.feature.list = RoomList(units: HotelFixture.units)
            $0.current?.tabs.housekeeping.feature.businessDate = HotelFixture.date
            $0.current?.tabs.housekeeping.feature.lastUpdated = "07:40"
            $0.current?.tabs.housekeeping.feature.freshness = .updating(lastUpdated: "07:40")
            $0.current?.tabs.housekeeping.feature.focus = "unt_h101"
        }
        #expect(store.state.current?.generationBegun == false, "the rooms are on screen before the row is written")
        #expect(!world.calls.all.contains { $0.hasPrefix("outbox.activate") }, "the outbox waits for the row")
        rowWritten.continuation.yield()
        var pending: Set<String> = ["generation", "count", "read", "tabs.connection"]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .outboxCounted(_, let counts) = action { state.current?.outbox = counts }
                switch action {
                case .generationBegan: state.current?.generationBegun = true
                case .tabs(.housekeeping(.feature(.unitsRead))):
                    state.current?.tabs.housekeeping.feature.freshness = .offline(lastUpdated: "07:40")
                case .tabs(.delegate(.connection(.offline))): state.current?.connection = .offline
                default: break
                }
            }
            switch action {
            case .generationBegan?: pending.remove("generation")
            case .outboxCounted?: pending.remove("count")
            case .tabs(.housekeeping(.feature(.unitsRead)))?: pending.remove("read")
            case .tabs(.delegate(.connection(.offline)))?: pending.remove("tabs.connection")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        await store.finish()
        #expect(world.calls.all.contains("outbox.activate wsp_demo gen-1"))
    }
}

/// 40×12 keeps what matters (#13): the instance's sentences take one line each and the passing
/// ones go with the first key.
// (A warning keeps its lines: offline_damaged.sh reads the path it names.)
@MainActor
@Suite struct PassingNoticesTests {
    @Test func theFirstKeyTakesThePassingSentencesAwayAndKeepsWarnings() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .today)
        state.current?.tabs.today.feature.freshness = .current
        let warning = Notice(.warning, "The offline data file was damaged and moved aside.")
        state.current?.notices = [Notice(.info, "Demo hotel running in this app."), warning]
        #expect(AppView.view(state).notices.map(\.isBrief) == [true, false],
                "a passing sentence takes one line; a warning (where a damaged file went) is read in full")
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.character("j"))) { $0.current?.notices = [warning] }
        await store.finish()
    }
}

/// Room detail is a hub (#13): a task chosen there opens on My tasks.
@MainActor
@Suite struct RoomDetailHubTests {
    @Test func theTasksTabOpensTheDetailOfATaskChosenElsewhere() async {
        let tasks = TasksWorld()
        var state = TasksTab.State(context: AppState.working().current?.context)
        state.feature = TasksFeature.State(entries: TaskFixture.entries(), focus: RowID("task.tsk_0001"), freshness: .current,
                                           lastUpdated: "09:21", hasLoaded: true)
        let store = TestStore(initialState: state, reducer: TasksTab(clients: TasksTab.Clients(environment: { _ in tasks.environment })))
        await store.send(.app(.openTask("tsk_0005"))) {
            $0.feature.detail = TasksFeature.Detail(taskID: "tsk_0005", freshness: .updating(lastUpdated: "09:21"))
        }
        await store.receive(.feature(.detailRead("tsk_0005", .offline))) {
            $0.feature.detail?.freshness = .offline(lastUpdated: "09:21")
        }
        await store.receive(.delegate(.connection(.offline)))
        await store.finish()
    }

    @Test func withoutMyTasksATaskChosenOnARoomOpensNothing() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .housekeeping)
        state.current?.capabilities = [.mobileSessions, .housekeeping]
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.tabs(.delegate(.openTask("tsk_0005"))))
        await store.finish()
    }
}

/// Changes reach the instance when it comes back (#13): offline with changes waiting, the
/// person's first key since the last outbox round tries again at once; further keys do not.
@MainActor
@Suite struct TryAgainOnKeyTests {
    @Test func theFirstKeySinceARoundTriesAgainOnceAndTheNextRoundAllowsAnother() async {
        let world = FakeWorld()
        let env = world.recordingEnvironment
        let state = AppState.working(activeTab: .today, connection: .offline,
                                     outbox: OutboxCounts(toSend: 3, toReview: 0, outcomeUnknown: 0))
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("j"))) { $0.current?.triedOnKey = true }
        await store.send(.keyPressed(.character("j")))
        await store.finish()
        #expect(world.calls.all == ["outbox.sendNow"], "one try, not one per key")
    }

    @Test func onlineOrWithNothingWaitingAKeyTriesNothing() async {
        let world = FakeWorld()
        let store = TestStore(initialState: AppState.working(activeTab: .today, connection: .online,
                                                             outbox: OutboxCounts(toSend: 3, toReview: 0, outcomeUnknown: 0)),
                              reducer: AppReducer(environment: world.recordingEnvironment))
        await store.send(.keyPressed(.character("j")))
        await store.finish()
        #expect(world.calls.all.isEmpty)
    }
}

/// The header says "All sent" only once the outbox is counted: a saved copy can show a room's
/// waiting change (↑) before the count answers, and the header must not deny it (a CI run saw it).
@MainActor
@Suite struct OutboxNotYetCountedTests {
    @Test func beforeTheOutboxIsCountedTheHeaderSaysNothingOfIt() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let waiting = OutboxCounts(toSend: 5, toReview: 0, outcomeUnknown: 0)
        env.offline.counts = { _ in waiting }
        var state = AppState.working(activeTab: .housekeeping)
        state.current?.outbox = nil
        func top(_ state: AppState) -> String {
            let grid = ScreenLayout.layout(AppView.view(state), width: 80, height: 24, viewport: Viewport()).grid
            return (0..<80).map { grid[x: $0, y: 0].text }.joined()
        }
        #expect(!top(state).contains("All sent"), "\(top(state))")
        #expect(top(state).contains("Online"))
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.outboxCounted(Fixtures.partition(), waiting)) {
            $0.current?.outbox = waiting
        }
        await store.finish()
        #expect(top(store.state).contains("Online · 5 to send"), "\(top(store.state))")
        var sent = store.state
        sent.current?.outbox = .zero
        #expect(top(sent).contains("Online · All sent"))
    }
}

/// The header says when the next try is (#13): "Offline · 3 to send · trying again at 09:41".
@MainActor
@Suite struct NextTryInTheHeaderTests {
    @Test func anOfflineRoundWithChangesWaitingPutsTheNextTryInTheHeader() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let waiting = OutboxCounts(toSend: 3, toReview: 0, outcomeUnknown: 0)
        env.offline.counts = { _ in waiting }
        let store = TestStore(initialState: AppState.working(activeTab: .today, outbox: waiting),
                              reducer: AppReducer(environment: env))
        await store.send(.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [], held: [],
                                                    reachedInstance: false,
                                                    retryAt: Date(timeIntervalSince1970: 9 * 3600 + 41 * 60 + 30)))) {
            $0.current?.connection = .offline
            $0.current?.retryAt = "09:41"
        }
        await store.receive(.outboxCounted(Fixtures.partition(), waiting))
        await store.finish()
        let top = ScreenLayout.layout(AppView.view(store.state), width: 80, height: 24, viewport: Viewport()).grid
        let text = (0..<2).map { y in (0..<80).map { top[x: $0, y: y].text }.joined() }.joined()
        #expect(text.contains("Offline · 3 to send · trying again at 09:41"), "\(text)")
        // Online again: the header no longer says it.
        var online = store.state
        online.current?.connection = .online
        #expect(AppView.view(online).header?.retryAt == nil)
    }
}

/// #18: the app holds the network until the start's first frame is on screen: past "Opening…",
/// and on a live tab after its saved read answered.
@MainActor
@Suite struct StartedScreenTests {
    @Test func theStartIsOverOnceTheLiveTabsSavedReadAnsweredOrOnAnyOtherScreen() {
        #expect(!AppView.isStartedScreen(AppState()), "Opening… is not the first frame")
        var rooms = AppState.working(activeTab: .housekeeping)
        #expect(!AppView.isStartedScreen(rooms), "the saved rooms are not in the state yet")
        rooms.current?.tabs.tasks.feature.savedAnswered = true
        #expect(!AppView.isStartedScreen(rooms), "another tab's saved read is not the one on screen")
        rooms.current?.tabs.housekeeping.feature.savedAnswered = true
        #expect(AppView.isStartedScreen(rooms))
        #expect(!AppView.isStartedScreen(AppState.working(activeTab: .today)))
        // Search and Account read nothing saved; Connect waits for the person.
        #expect(AppView.isStartedScreen(AppState.working(activeTab: .search)))
        #expect(AppView.isStartedScreen(AppState.working(activeTab: .account)))
        #expect(AppView.isStartedScreen(AppState(route: .connect(ConnectFeature.State()))))
    }
}

/// #30: `q` asks first while a desk action is on its way or its outcome is not known.
@MainActor
@Suite struct QuitWithADeskActionTests {
    @Test func quittingWhileACheckInIsOnItsWayAsksFirst() async {
        let world = FakeWorld()
        var state = AppState.working(activeTab: .today)
        var detail = DeskDetail.reservation("rsv_0005", code: "HV-1005")
        detail.reservationPage?.sending = DeskDetail.DeskAttempt(stay: "sty_0005", number: "103",
                                                                  request: .checkIn(overrideReason: nil))
        state.current?.tabs.today.feature.detail = detail
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await store.send(.keyPressed(.function(10))) {
            $0.confirmation = Confirmation(
                purpose: .quit,
                question: "A desk action has no answer yet: quitting now leaves you not knowing whether it was done. Quit now?",
                confirmLabel: "Quit")
        }
        await store.send(.keyPressed(.escape)) { $0.confirmation = nil }
        #expect(!store.state.quitRequested)
    }

    @Test func quittingWhileALostAnswerIsNotKnownYetAsksFirst() {
        var tabs = AppState.working(activeTab: .search).current!.tabs
        #expect(!WorkTabs.hasDeskActionInFlight(tabs))
        var detail = DeskDetail.reservation("rsv_0002", code: "HV-1002")
        detail.reservationPage?.retry = DeskDetail.DeskAttempt(stay: "sty_0002", number: "102",
                                                                request: .checkOut(approvalReason: nil), idempotencyKey: "k")
        tabs.search.feature.detail = detail
        #expect(WorkTabs.hasDeskActionInFlight(tabs))
    }
}

/// #31: a change on its way is never "All sent", and `q` asks while it is.
@MainActor
@Suite struct SendingInTheHeaderTests {
    /// The screen's first two lines at 80 × 24 (the header).
    func headerText(_ state: AppState) -> String {
        let grid = ScreenLayout.layout(AppView.view(state), width: 80, height: 24).grid
        return TextGrid.snapshot(grid).split(separator: "\n").prefix(2).joined(separator: "\n")
    }

    @Test func aRoundSendingAChangeCountsItAsSendingAndQuitAsks() async {
        let world = FakeWorld()
        var env = world.environment
        env.offline.counts = { _ in OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0) }
        var state = AppState.working(activeTab: .housekeeping)
        state.current?.outbox = .zero
        #expect(headerText(state).contains("All sent"))
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        let partition = Fixtures.partition()
        await store.send(.outboxNews(.sending(partition))) { $0.current?.sending = true }
        await store.receive(.outboxCounted(partition, OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0))) {
            $0.current?.outbox = OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0)
        }
        let line = headerText(store.state)
        #expect(line.contains("1 sending"))
        #expect(!line.contains("All sent"))
        await store.send(.keyPressed(.function(10))) {
            $0.confirmation = Confirmation(
                purpose: .quit,
                question: "1 change is not sent yet. It stays on this device and is sent when you open the app again (or with guestcraft send). Quit now?",
                confirmLabel: "Quit")
        }
        await store.send(.keyPressed(.escape)) { $0.confirmation = nil }
        #expect(!store.state.quitRequested)
    }
}
