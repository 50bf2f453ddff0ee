import Foundation
import GuestCraftAPI
import Testing
@testable import AppCore

/// #30's paper cut: a click on the row that has the focus opens it as Enter does, on every list;
/// a click on another row only moves the focus; a click on a text field never presses Enter.
@MainActor
@Suite struct ClickTests {
    let world = FakeWorld()

    /// The state after `action` (its effects are values: the reducer alone decides what changes).
    func reduced(_ state: AppState, _ action: AppAction) -> AppState {
        var state = state
        _ = AppReducer(environment: world.environment).reduce(into: &state, action: action)
        return state
    }

    /// The work screens with a list, each loaded and its first row focused.
    enum List: String, CaseIterable, Sendable {
        case today, search, housekeeping, tasks, freeRooms, guestStays
    }

    static func on(_ list: List) -> AppState {
        let tab: WorkTab = switch list {
        case .today, .freeRooms, .guestStays: .today
        case .search: .search
        case .housekeeping: .housekeeping
        case .tasks: .tasks
        }
        var state = AppState.working(activeTab: tab)
        let context = state.current?.context
        state.current?.tabs.started(context)
        switch list {
        case .today:
            state.current?.tabs.today.feature = TodaySnapshotTests.loaded()
        case .freeRooms:
            // The free rooms of a reservation's "a": the list a room is chosen from.
            var today = TodaySnapshotTests.loaded()
            today.detail = DeskDetailSnapshotTests.shown(
                DeskFixture.li(), mode: .assign(DeskDetail.AssignChoice(stay: "sty_0004", units: DeskFixture.freeTwins.units)))
            state.current?.tabs.today.feature = today
        case .guestStays:
            var today = TodaySnapshotTests.loaded()
            today.detail = DeskDetail.State(
                stack: [.guest(DeskDetail.GuestPage(id: "gst_0001", name: "Amelia Hart", detail: DeskFixture.amelia,
                                                     freshness: .current, lastUpdated: "09:21", focus: 1))],
                grants: DeskDetailSnapshotTests.shown(DeskFixture.li()).grants)
            state.current?.tabs.today.feature = today
        case .search:
            var search = SearchFeature.State(isEditing: false, searched: "hart", results: SearchFixture.both, hasLoaded: true)
            search.query.insert("hart")
            search.focus = search.rowIDs.first
            state.current?.tabs.search.feature = search
        case .housekeeping:
            state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
                list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current, hasLoaded: true)
        case .tasks:
            state.current?.tabs.tasks.feature = TasksFeature.State(
                entries: TaskFixture.entries(), businessDate: HotelFixture.date, focus: TasksView.taskRowID(TaskFixture.shown[0].id),
                freshness: .current, hasLoaded: true)
        }
        return state
    }

    /// The row on screen with the focus, and another focusable row of the same screen (not a field).
    static func rows(_ state: AppState) -> (focused: RowID, other: RowID)? {
        let screen = AppView.view(state)
        guard let focus = screen.focus else { return nil }
        let ids = (screen.rows.filter { $0.field == nil }.compactMap(\.id) + (0..<(screen.lazyRows?.count ?? 0)).compactMap { screen.lazyRows?.row($0).id })
            .filter { $0 != focus }
        guard let other = ids.first else { return nil }
        return (focus, other)
    }

    @Test(arguments: List.allCases)
    func aClickOnTheFocusedRowDoesWhatEnterDoes(_ list: List) throws {
        let state = Self.on(list)
        let rows = try #require(Self.rows(state), "\(list): no focused row and another")
        let clicked = reduced(state, .clicked(.row(rows.focused)))
        let entered = reduced(state, .keyPressed(.enter))
        #expect(entered != state, "\(list): Enter on the focused row does nothing to compare with")
        #expect(clicked == entered, "\(list): \(StateDiff.diff(expected: entered, actual: clicked))")
    }

    @Test(arguments: List.allCases)
    func aClickOnAnotherRowOnlyMovesTheFocus(_ list: List) throws {
        let state = Self.on(list)
        let rows = try #require(Self.rows(state))
        let clicked = reduced(state, .clicked(.row(rows.other)))
        #expect(AppView.view(clicked).focus == rows.other, "\(list)")
        // Nothing opened: the screen is the same one, only the focus moved.
        #expect(AppView.view(clicked).rows.map(\.spans) == AppView.view(state).rows.map(\.spans), "\(list)")
    }

    /// Search's field has the focus while it is typed in: a click on it keeps the cursor there and
    /// sends nothing (Enter would search).
    @Test func aClickOnTheFocusedFieldDoesNotPressEnter() throws {
        var state = AppState.working(activeTab: .search)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.search.feature.query.insert("weber")
        let focus = try #require(AppView.view(state).focus)
        #expect(AppView.view(state).rows.first { $0.id == focus }?.field != nil)
        #expect(reduced(state, .keyPressed(.enter)) != state)
        #expect(reduced(state, .clicked(.row(focus))) == state)
    }
}

/// The click that opens, through the app: a stay of Today's arrivals is clicked once (focused),
/// then again (its reservation opens, as Enter opens it).
@MainActor
@Suite struct ClickOpensTodaysStayTests {
    @Test func aSecondClickOnAStayOpensItsReservation() {
        let world = FakeWorld()
        let reducer = AppReducer(environment: world.environment)
        var state = ClickTests.on(.today)
        _ = reducer.reduce(into: &state, action: .clicked(.row("today.arrivals.sty_1005")))
        #expect(state.current?.tabs.today.feature.focus == "today.arrivals.sty_1005")
        #expect(state.current?.tabs.today.feature.detail == nil)
        _ = reducer.reduce(into: &state, action: .clicked(.row("today.arrivals.sty_1005")))
        #expect(state.current?.tabs.today.feature.detail?.reservationPage?.id == "rsv_1005")
        #expect(AppView.view(state).rows.first?.spans.first?.text == "Reservation HV-1005")
    }
}
