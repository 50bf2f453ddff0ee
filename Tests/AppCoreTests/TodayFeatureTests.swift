import AppCore
import Foundation
import GuestCraftAPI
import Testing

@MainActor
@Suite struct TodayFeatureTests {
    typealias Feature = TodayFeature
    let world = TodayWorld()

    func makeStore(_ state: Feature.State = Feature.State()) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    func loaded(focus: RowID? = "today.arrivals.sty_1001") -> Feature.State {
        Feature.State(overview: TodayFixture.overview, freshness: .current, lastUpdated: "09:21", hasLoaded: true,
                      focus: focus, propertyDate: TodayFixture.date)
    }

    // MARK: Reads

    @Test func theSavedCopyShowsAtOnceWhileTheFreshReadRuns() async {
        world.saved.withLock { $0 = SavedCopy(value: TodayFixture.overview, savedAt: HotelFixture.savedAt) }
        var fresh = TodayFixture.overview
        fresh.arrivals[1].unitStatus = .clean
        world.answerReads(.fresh(fresh, at: HotelFixture.freshAt))
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        await store.receive(.savedLoaded(SavedCopy(value: TodayFixture.overview, savedAt: HotelFixture.savedAt), NoMarks())) {
            $0.savedAnswered = true
            $0.overview = TodayFixture.overview
            $0.propertyDate = TodayFixture.date
            $0.focus = "today.arrivals.sty_1001"
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        await store.receive(.todayRead(.fresh(fresh, at: HotelFixture.freshAt), NoMarks())) {
            $0.overview = fresh
            $0.lastUpdated = "09:21"
            $0.freshness = .current
        }
        await store.finish()
        #expect(world.calls.all == ["saved", "fetch"])
    }

    @Test func withoutAnAnswerTheSavedCopyStaysMarkedOffline() async {
        world.saved.withLock { $0 = SavedCopy(value: TodayFixture.overview, savedAt: HotelFixture.savedAt) }
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        await store.receive(.savedLoaded(SavedCopy(value: TodayFixture.overview, savedAt: HotelFixture.savedAt), NoMarks())) {
            $0.savedAnswered = true
            $0.overview = TodayFixture.overview
            $0.propertyDate = TodayFixture.date
            $0.focus = "today.arrivals.sty_1001"
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        await store.receive(.todayRead(.offline, NoMarks())) { $0.freshness = .offline(lastUpdated: "07:40") }
        await store.finish()
        let notices = TodayView.view(store.state).notices.map(\.text)
        #expect(notices == ["Offline · last updated 07:40"])
    }

    @Test func aRoleThatCannotReadTodaySeesWhyAndTheCopyGoes() async {
        world.answerReads(.forbidden)
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("r"))) { $0.freshness = .updating(lastUpdated: "09:21") }
        await store.receive(.todayRead(.forbidden, NoMarks())) {
            $0.freshness = .current
            $0.overview = nil
            $0.focus = nil
            $0.notice = Notice(.warning, "Your role cannot see today's arrivals and departures.")
        }
        await store.finish()
    }

    @Test func a401EndsTheSession() async {
        world.answerReads(.sessionEnded)
        let store = makeStore(loaded())
        await store.send(.refresh) { $0.freshness = .updating(lastUpdated: "09:21") }
        await store.receive(.todayRead(.sessionEnded, NoMarks()))
        await store.receive(.delegate(.sessionEnded))
        await store.finish()
    }

    // MARK: The night audit

    @Test func afterMidnightAtThePropertyTheNoticeSaysTheAuditHasNotClosedTheDate() async {
        // The next day at the property already (its zone, whatever the terminal's).
        world.propertyDate.withLock { $0 = TodayFixture.date.adding(days: 1) }
        world.answerReads(.fresh(TodayFixture.overview, at: HotelFixture.freshAt))
        let store = makeStore(Feature.State(hasLoaded: true))
        await store.send(.refresh)
        await store.receive(.todayRead(.fresh(TodayFixture.overview, at: HotelFixture.freshAt), NoMarks())) {
            $0.overview = TodayFixture.overview
            $0.propertyDate = TodayFixture.date.adding(days: 1)
            $0.focus = "today.arrivals.sty_1001"
            $0.lastUpdated = "09:21"
            $0.freshness = .current
        }
        #expect(store.state.auditPending)
        #expect(world.zonesAsked.all == ["Europe/Berlin"], "the date is asked in the answer's time zone")
        #expect(TodayView.view(store.state).notices.map(\.text)
                == ["The night audit has not closed 2026-11-02 yet: these are still that day's lists."])
        await store.finish()
    }

    // MARK: Filter and moves

    @Test func theFilterNarrowsByNameCodeOrRoomAsTypedAndKeepsTheFocusOnAShownStay() async {
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("/"))) { $0.isFiltering = true }
        await store.send(.keyPressed(.character("2"))) {
            $0.filter.insert("2")
            // Amelia Hart (room 101, HV-1001) is not shown; the first shown stay takes the focus.
            $0.focus = "today.arrivals.sty_1002"
        }
        // HV-1002 by its code, rooms 203, 201 and 202 by their numbers (301 does not start with 2).
        #expect(store.state.rowIDs == ["today.arrivals.sty_1002", "today.arrivals.sty_1005", "today.departures.sty_0990",
                                       "today.departures.sty_0991"])
        await store.send(.keyPressed(.backspace)) { $0.filter = TextInput(limit: 80) }
        for character in "hv-1002" {
            await store.send(.keyPressed(.character(character))) { $0.filter.insert(String(character)) }
        }
        #expect(store.state.focus == "today.arrivals.sty_1002")
        #expect(store.state.rowIDs == ["today.arrivals.sty_1002"])
        // Enter ends the typing and keeps the filter; Esc then clears it.
        await store.send(.keyPressed(.enter)) { $0.isFiltering = false }
        await store.send(.keyPressed(.escape)) { $0.filter = TextInput(limit: 80) }
        #expect(store.state.rowIDs.count == 7)
    }

    @Test func aNameFilterIgnoresCaseAndAccentsAndTakesCJK() {
        var state = loaded()
        state.filter.insert("李")
        #expect(state.rowIDs == ["today.arrivals.sty_1004"])
        state.filter = TextInput(limit: 80)
        state.filter.insert("ROSSI")
        #expect(state.rowIDs == ["today.in_house.sty_0985"])
    }

    /// #30: the filter folds as the instance's search does (`SearchFolding`): "muller" and
    /// "mueller" find Müller, "zoe" finds Zoë, "weiss" finds Weiß.
    @Test func theFilterFoldsAccentsAndTheGermanTransliterationsAsSearchDoes() {
        var state = loaded()
        state.overview?.inHouse += [
            TodayFixture.stay("0986", "Lena Müller", room: "302", from: TodayFixture.date.adding(days: -1), nights: 3,
                              status: .checkedIn),
            TodayFixture.stay("0987", "Zoë Weiß", room: "303", from: TodayFixture.date.adding(days: -1), nights: 3,
                              status: .checkedIn),
        ]
        func shown(_ typed: String) -> [RowID] {
            state.filter = TextInput(limit: 80)
            state.filter.insert(typed)
            return state.rowIDs
        }
        for typed in ["muller", "mueller", "MÜLLER", "Müller"] {
            #expect(shown(typed) == ["today.in_house.sty_0986"], "\(typed)")
        }
        for typed in ["zoe", "Zoë", "weiss", "zoe weiß"] {
            #expect(shown(typed) == ["today.in_house.sty_0987"], "\(typed)")
        }
        #expect(shown("miller").isEmpty)
    }

    @Test func printableKeysGoToTheFilterNeverToCommands() async {
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("/"))) { $0.isFiltering = true }
        // `r` and `p` are letters of a name here, not refresh and the report.
        await store.send(.keyPressed(.character("r"))) {
            $0.filter.insert("r")
            $0.focus = "today.arrivals.sty_1001"
        }
        await store.send(.keyPressed(.character("p"))) {
            $0.filter.insert("p")
            $0.focus = nil
        }
        await store.finish()
        #expect(world.calls.all.isEmpty)
    }

    @Test func movesGoThroughTheThreeListsInOrder() async {
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("j"))) { $0.focus = "today.arrivals.sty_1002" }
        await store.send(.keyPressed(.end)) { $0.focus = "today.in_house.sty_0985" }
        await store.send(.keyPressed(.down))
        await store.send(.keyPressed(.pageUp)) { $0.focus = "today.arrivals.sty_1001" }
        await store.send(.keyPressed(.character("k")))
        await store.send(.rowClicked("today.departures.sty_0991")) { $0.focus = "today.departures.sty_0991" }
        await store.send(.rowClicked("today.title"))
    }

    // MARK: The downtime report

    @Test func pWritesTheReportAndWhereLpExistsPAgainPrintsIt() async {
        world.report.withLock { $0 = .written(path: "/state/reports/today-2026-11-02.txt", canPrint: true) }
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("p")))
        await store.receive(.reportWritten(.written(path: "/state/reports/today-2026-11-02.txt", canPrint: true))) {
            $0.printable = "/state/reports/today-2026-11-02.txt"
            $0.notice = Notice(.info, "The report is in /state/reports/today-2026-11-02.txt. Press p to print it.")
        }
        await store.send(.keyPressed(.character("p"))) {
            $0.printable = nil
            $0.notice = nil
        }
        await store.receive(.reportPrinted(true)) { $0.notice = Notice(.info, "The report was sent to the printer.") }
        await store.finish()
        #expect(world.calls.all == ["report", "print /state/reports/today-2026-11-02.txt"])
    }

    @Test func anotherKeyBetweenWritingAndPrintingWritesAgainWithoutPrinting() async {
        world.report.withLock { $0 = .written(path: "/r.txt", canPrint: false) }
        var state = loaded()
        state.printable = "/r.txt"
        let store = makeStore(state)
        await store.send(.keyPressed(.character("j"))) {
            $0.printable = nil
            $0.focus = "today.arrivals.sty_1002"
        }
        await store.send(.keyPressed(.character("p")))
        await store.receive(.reportWritten(.written(path: "/r.txt", canPrint: false))) {
            $0.notice = Notice(.info, "The report is in /r.txt.")
        }
        await store.finish()
        #expect(world.calls.all == ["report"])
    }

    @Test func nothingSavedOrAFullDiskIsSaidAndNothingIsLost() async {
        world.report.withLock { $0 = .nothingSaved }
        let store = makeStore(loaded())
        await store.send(.keyPressed(.character("p")))
        await store.receive(.reportWritten(.nothingSaved)) {
            $0.notice = Notice(.warning, "Nothing is saved for a report yet: Today must be read once while online.")
        }
        world.report.withLock { $0 = .failed }
        await store.send(.keyPressed(.character("p")))
        await store.receive(.reportWritten(.failed)) {
            $0.notice = Notice(.error, "The report could not be written (see the log).")
        }
        await store.finish()
        #expect(store.state.overview == TodayFixture.overview)
    }

    // MARK: Outbox keys

    @Test func sendNowAndReviewAreTheSameKeysAsEverywhere() async {
        var state = loaded()
        state.badge = OutboxBadge(toSend: 2, toReview: 1)
        let store = makeStore(state)
        await store.send(.keyPressed(.character("n")))
        await store.receive(.delegate(.sendNow))
        await store.send(.keyPressed(.character("v")))
        await store.receive(.delegate(.openReview))
        await store.finish()
    }
}

/// Today opens a stay's reservation (DeskDetail) and comes back to its lists.
@MainActor
@Suite struct TodayReservationTests {
    @Test func enterOpensTheFocusedStaysReservationAndEscComesBackToTheLists() async {
        let world = TodayWorld()
        let reservation = DeskFixture.mendes()
        world.desk.answerReservation(.fresh(reservation, at: DeskFixture.freshAt))
        world.desk.answerBalance(.fresh(DeskFixture.balanced, at: DeskFixture.freshAt))
        let state = TodayFeature.State(overview: TodayFixture.overview, freshness: .current, lastUpdated: "09:21",
                                       hasLoaded: true, focus: "today.arrivals.sty_1005", propertyDate: TodayFixture.date)
        let store = TestStore(initialState: state, reducer: TodayFeature(environment: world.environment))
        await store.send(.keyPressed(.enter)) {
            $0.detail = DeskDetail.reservation("rsv_1005", code: "HV-1005")
            $0.detail?.grants = world.desk.environment.grants
        }
        await store.receive(.detail(.reservationSavedLoaded("rsv_1005", nil)))
        await store.receive(.detail(.businessDateLoaded(DeskFixture.date))) { $0.detail?.businessDate = DeskFixture.date }
        await store.receive(.detail(.reservationRead("rsv_1005", .fresh(reservation, at: DeskFixture.freshAt)))) {
            $0.detail?.reservationPage?.reservation = reservation
            $0.detail?.reservationPage?.lastUpdated = "09:21"
            $0.detail?.reservationPage?.freshness = .current
        }
        // The balance's read races the app being told the instance answered.
        var pending: Set<String> = ["balance", "online"]
        while !pending.isEmpty {
            let action = await store.receiveAny { action, state in
                if case .detail(.balanceRead) = action {
                    state.detail?.reservationPage?.balance = DeskFixture.balanced
                    state.detail?.reservationPage?.balanceUpdated = "09:21"
                    state.detail?.reservationPage?.balanceFreshness = .current
                }
            }
            switch action {
            case .detail(.balanceRead("rsv_1005", .fresh(DeskFixture.balanced, at: DeskFixture.freshAt)))?:
                pending.remove("balance")
            case .delegate(.connection(.online))?: pending.remove("online")
            default: Issue.record("unexpected \(String(describing: action))"); pending.removeAll()
            }
        }
        #expect(TodayTab.content(TodayTab.State(feature: store.state)).rows.contains {
            $0.spans.map(\.text).joined().contains("Carlos Mendes")
        })
        // Back on the lists, they are read again: the check-in made there shows.
        var checkedIn = TodayFixture.overview
        checkedIn.arrivals[1].status = .checkedIn
        world.answerReads(.fresh(checkedIn, at: DeskFixture.freshAt))
        await store.send(.keyPressed(.escape))
        await store.receive(.detail(.delegate(.closed))) {
            $0.detail = nil
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        await store.receive(.todayRead(.fresh(checkedIn, at: DeskFixture.freshAt), NoMarks())) {
            $0.overview = checkedIn
            $0.freshness = .current
        }
        #expect(store.state.focus == "today.arrivals.sty_1005", "back on the stay it came from")
        await store.finish()
    }

    @Test func openReservationByCodeLooksItUp() async {
        let world = TodayWorld()
        world.desk.finds.withLock { $0 = [.fresh(nil, at: DeskFixture.freshAt)] }
        let store = TestStore(initialState: TodayFeature.State(hasLoaded: true),
                              reducer: TodayFeature(environment: world.environment))
        await store.send(.openReservationCode("HV-9999")) {
            $0.detail = DeskDetail.reservationCode("HV-9999")
            $0.detail?.grants = world.desk.environment.grants
        }
        await store.receive(.detail(.found("HV-9999", .fresh(nil, at: DeskFixture.freshAt)))) {
            $0.detail?.notice = Notice(.warning, "There is no reservation HV-9999 at this property.")
        }
        await store.receive(.delegate(.connection(.online)))
        await store.finish()
    }
}
