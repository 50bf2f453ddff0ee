import Foundation
import GuestCraftAPI
import Testing
@testable import AppCore

/// The fault form over the room detail (Housekeeping) and the task detail (My tasks): opening it,
/// the keys reaching it, leaving it, and what the host does when it closes.
@MainActor
@Suite struct FaultFormHostTests {
    static let savedSentence = "Saved; the report on room 203 will be sent when the instance can be reached."

    // MARK: The room detail

    func roomStore(_ fault: FaultWorld, reportBlocked: String? = nil)
        -> TestStore<HousekeepingFeature.State, HousekeepingFeature.Action> {
        var environment = HousekeepingWorld().environment
        environment.faultForm = fault.environment
        var state = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date,
                                              focus: "unt_h203", freshness: .current, lastUpdated: "09:21",
                                              badge: OutboxBadge(toSend: 1), hasLoaded: true)
        // The three statuses, then "Report a fault" (the room has no task today).
        state.detail = HousekeepingFeature.RoomDetail(
            unitID: "unt_h203", detail: UnitDetail(businessDate: HotelFixture.date, unit: HotelFixture.units[6], tasks: []),
            freshness: .current, lastUpdated: "09:21", focus: 3)
        state.reportBlocked = reportBlocked
        return TestStore(initialState: state, reducer: HousekeepingFeature(environment: environment))
    }

    /// The form as Enter on "Report a fault" opens it on room 203.
    static func opened(_ fault: FaultWorld) -> FaultForm.State {
        FaultForm.State(unit: FaultFixture.room203, businessDate: HotelFixture.date, from: "2026-11-02", to: "2026-11-03",
                        grants: fault.environment.grants)
    }

    @Test func theRoomDetailOpensTheFormAndAReportSavedShowsItsSentenceAndReadsTheRoomAgain() async {
        let fault = FaultWorld()
        let store = roomStore(fault)
        await store.send(.keyPressed(.enter)) { $0.detail?.fault = Self.opened(fault) }
        #expect(HousekeepingView.view(store.state).id == "fault.form.unt_h203")
        // On a choice line `n` is Send now; on a text line it is a letter of the description.
        await store.send(.keyPressed(.character("n")))
        await store.receive(.delegate(.sendNow))
        await store.send(.keyPressed(.enter)) { $0.detail?.fault?.mode = .choosing(FaultForm.ChoiceList(choice: .category)) }
        await store.send(.keyPressed(.enter)) {
            $0.detail?.fault?.mode = nil
            $0.detail?.fault?.category = .plumbing
        }
        await store.send(.keyPressed(.tab)) { $0.detail?.fault?.focus = .priority }
        await store.send(.keyPressed(.tab)) { $0.detail?.fault?.focus = .description }
        #expect(HousekeepingTab.isEditingText(HousekeepingTab.State(feature: store.state)))
        await store.send(.keyPressed(.character("n"))) { $0.detail?.fault?.description.insert("n") }
        await store.send(.pasted("o hot water")) { $0.detail?.fault?.description.insert("o hot water") }
        await store.send(.keyPressed(.control("d"))) { $0.detail?.fault?.sending = true }
        await store.receive(.fault(.submitted(.saved))) { $0.detail?.fault?.sending = false }
        await store.receive(.delegate(.outboxChanged))
        await store.receive(.fault(.delegate(.reported(Notice(.info, Self.savedSentence))))) {
            $0.detail?.fault = nil
            $0.notice = Notice(.info, Self.savedSentence)
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        await Self.receiveOfflineReads(store)
        #expect(fault.drafts.map(\.ticket) == [MaintenanceTicketRequest(unitID: "unt_h203", taskID: nil, category: .plumbing,
                                                                       description: "no hot water", priority: .normal,
                                                                       block: nil)])
        await store.finish()
    }

    /// The list's and the room's reads, run side by side (their answers come in either order).
    static func receiveOfflineReads(_ store: TestStore<HousekeepingFeature.State, HousekeepingFeature.Action>) async {
        for _ in 0..<2 {
            _ = await store.receiveAny { action, state in
                switch action {
                case .unitsRead(.offline, _): state.freshness = .offline(lastUpdated: "09:21")
                case .detailRead(_, .offline): state.detail?.freshness = .offline(lastUpdated: "09:21")
                default: Issue.record("unexpected \(action)")
                }
            }
        }
    }

    @Test func leftUnsentTheRoomDetailIsAsItWas() async {
        let fault = FaultWorld()
        let store = roomStore(fault)
        await store.send(.keyPressed(.enter)) { $0.detail?.fault = Self.opened(fault) }
        await store.send(.keyPressed(.escape))
        await store.receive(.fault(.delegate(.closed))) { $0.detail?.fault = nil }
        // A photo's answer after the form closed: its bytes may go.
        await store.send(.fault(.photoEncoded(1, .success(FaultFixture.info("/mnt/usb/sink.jpg")))))
        await store.finish()
        #expect(fault.calls == [.release(["tok:sink.jpg"])])
    }

    @Test func aRoleThatCannotReportIsToldWhyAndTheLineSaysIt() async {
        let fault = FaultWorld(permissions: [.inventoryRead])
        let store = roomStore(fault)
        await store.send(.appeared) {
            $0.reportBlocked = "not your role"
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        await Self.receiveOfflineReads(store)
        await store.send(.keyPressed(.enter)) { $0.notice = Notice(.info, "Report a fault — not your role.") }
        let line = HousekeepingView.view(store.state).rows.first { $0.id == "room.action.report_fault" }
        #expect(line?.trailing.map(\.text) == ["not your role"] && line?.style == .disabled)
        #expect(FaultGrants(permissions: [.tasksWork], capabilities: [.housekeeping]).reportBlocked
                == "not offered by this instance")
        await store.finish()
    }

    // MARK: Leaving

    @Test func escLeavesAtOnceWhenNothingWasEntered() async {
        let world = FaultWorld()
        let store = TestStore(initialState: FaultFixture.opened(world), reducer: FaultForm(environment: world.environment))
        await store.send(.keyPressed(.escape))
        await store.receive(.delegate(.closed))
        await store.finish()
    }

    @Test func escAsksFirstWhenSomethingWasEnteredAndLeavingLetsThePhotosGo() async {
        let world = FaultWorld()
        let store = TestStore(initialState: FaultFixture.filled(world, focus: .description), reducer: FaultForm(environment: world.environment))
        await store.send(.keyPressed(.escape)) { $0.mode = .leaving }
        #expect(FaultForm.content(store.state, badge: OutboxBadge()).overlay?.title.text == "Leave this report?")
        await store.send(.keyPressed(.escape)) { $0.mode = nil }
        await store.send(.keyPressed(.escape)) { $0.mode = .leaving }
        await store.send(.keyPressed(.enter))
        await store.receive(.delegate(.closed))
        await store.finish()
        #expect(world.calls == [.release(["tok:leak-under-sink.jpg", "tok:sink.jpg"])])
    }

    // MARK: The task detail

    @Test func aReportBeingWrittenIsNotReplacedByAnotherTaskOpenedFromARoom() async {
        let fault = FaultWorld(permissions: FaultWorld.housekeeper)
        var environment = TasksWorld().environment
        environment.faultForm = fault.environment
        let task = TaskFixture.tasks[1]
        var state = TasksFeature.State(entries: TaskFixture.entries(), businessDate: HotelFixture.date,
                                       focus: "task.tsk_0005", freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        state.detail = TasksFeature.Detail(taskID: "tsk_0005", freshness: .current, focus: 4)
        var form = FaultForm.State(unit: task.unit, taskID: "tsk_0005", taskKind: .cleanDeparture,
                                   businessDate: HotelFixture.date, from: "2026-11-02", to: "2026-11-03",
                                   grants: fault.environment.grants)
        form.description.insert("Shower drains slowly")
        state.detail?.fault = form
        let store = TestStore(initialState: state, reducer: TasksFeature(environment: environment))
        await store.send(.openTaskDetail("tsk_0001")) {
            $0.notice = Notice(.info, "A fault report is being written here: send it or leave it (Esc) before opening another task.")
        }
        #expect(store.state.detail?.fault?.description.text == "Shower drains slowly")
        await store.finish()
    }

    @Test func theTaskDetailOpensTheFormAndTheReportIsLinkedToTheTask() async {
        let fault = FaultWorld(permissions: FaultWorld.housekeeper)
        fault.answerSubmits(.sent(FaultFixture.ticket(task: "tsk_0005"), refusedPhotos: []))
        var environment = TasksWorld().environment
        environment.faultForm = fault.environment
        let task = TaskFixture.tasks[1]
        var state = TasksFeature.State(entries: TaskFixture.entries(), businessDate: HotelFixture.date,
                                       focus: "task.tsk_0005", freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        // Start, finish, skip, the note, then "Report a fault".
        state.detail = TasksFeature.Detail(taskID: "tsk_0005", freshness: .current, focus: 4)
        let store = TestStore(initialState: state, reducer: TasksFeature(environment: environment))
        await store.send(.keyPressed(.enter)) {
            $0.detail?.fault = FaultForm.State(unit: task.unit, taskID: "tsk_0005", taskKind: .cleanDeparture,
                                               businessDate: HotelFixture.date, from: "2026-11-02", to: "2026-11-03",
                                               grants: fault.environment.grants)
        }
        let rows = TasksView.view(store.state).rows.map { $0.spans.map(\.text).joined() }
        #expect(rows.prefix(2) == ["Report a fault · Room 101", "From the task: Departure clean"])
        await store.send(.keyPressed(.enter)) { $0.detail?.fault?.mode = .choosing(FaultForm.ChoiceList(choice: .category)) }
        await store.send(.keyPressed(.end)) { $0.detail?.fault?.mode = .choosing(FaultForm.ChoiceList(choice: .category, focus: 6)) }
        await store.send(.keyPressed(.enter)) {
            $0.detail?.fault?.mode = nil
            $0.detail?.fault?.category = .other
        }
        await store.send(.rowClicked("fault.description")) { $0.detail?.fault?.focus = .description }
        #expect(TasksTab.isEditingText(TasksTab.State(feature: store.state)))
        await store.send(.pasted("Shower drains slowly")) { $0.detail?.fault?.description.insert("Shower drains slowly") }
        await store.send(.keyPressed(.control("d"))) { $0.detail?.fault?.sending = true }
        let notice = Notice(.info, "Report sent for room 101.")
        await store.receive(.fault(.submitted(.sent(FaultFixture.ticket(task: "tsk_0005"), refusedPhotos: [])))) {
            $0.detail?.fault?.sending = false
        }
        await store.receive(.delegate(.outboxChanged))
        await store.receive(.fault(.delegate(.reported(notice)))) {
            $0.detail?.fault = nil
            $0.notice = notice
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        for _ in 0..<2 {
            _ = await store.receiveAny { action, state in
                switch action {
                case .tasksRead(.offline, _): state.freshness = .offline(lastUpdated: "09:21")
                case .detailRead(_, .offline): state.detail?.freshness = .offline(lastUpdated: "09:21")
                default: Issue.record("unexpected \(action)")
                }
            }
        }
        #expect(fault.drafts.map(\.ticket) == [MaintenanceTicketRequest(unitID: task.unit.id, taskID: "tsk_0005",
                                                                       category: .other, description: "Shower drains slowly",
                                                                       priority: .normal, block: nil)])
        await store.finish()
    }

    // MARK: Keys

    /// Every letter the form's hint lines and `?` show is a shared letter or one of its tab's.
    @Test func theFormsLettersAreTheKeyMaps() {
        let world = FaultWorld()
        var states: [FaultForm.State] = [FaultFixture.opened(world), FaultFixture.filled(world, focus: .description),
                                         FaultFixture.filled(world, focus: .photo(1)), FaultFixture.filled(world)]
        var chooser = FaultFixture.opened(world, focus: .addPhoto)
        chooser.mode = .photos(FaultForm.PhotoChooser(directory: "~/Pictures",
                                                      files: [.init(file: FaultFixture.files[0], time: "08:21")], focus: 0))
        var receipt = FaultFixture.filled(world)
        receipt.receipt = FaultForm.Receipt(notice: Notice(.info, "Report sent for room 203."), refused: [
            FaultForm.RefusedPhoto(token: "tok:sink.jpg", name: "sink.jpg", problem: FaultForm.Problem("Refused."))])
        states += [chooser, receipt]
        for state in states {
            let body = FaultForm.content(state, badge: OutboxBadge(toSend: 1, toReview: 1))
            for tab in [WorkTab.housekeeping, .tasks] {
                let allowed = KeyMap.sharedLetters.union(KeyMap.actionLetters(tab))
                for hint in body.hints + body.helpKeys {
                    for letter in KeyMapTests.letters(of: hint) {
                        #expect(allowed.contains(letter), "\(hint.key) \(hint.label) on \(tab)")
                    }
                }
            }
            #expect(body.helpKeys.contains { $0.key == "n" } && body.helpKeys.contains { $0.key == "v" })
        }
    }
}
