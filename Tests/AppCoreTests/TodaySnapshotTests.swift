import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// The Today tab at 40 × 12 and 80 × 24, in the app's frame.
@Suite struct TodaySnapshotTests {
    static func loaded(focus: RowID = "today.arrivals.sty_1001") -> TodayFeature.State {
        TodayFeature.State(overview: TodayFixture.overview, freshness: .current, lastUpdated: "09:21", hasLoaded: true,
                           focus: focus, propertyDate: TodayFixture.date)
    }

    @Test func online() {
        assertSnapshot(of: TodayView.view(Self.loaded()).framed(.today), named: "today-online")
    }

    @Test func updatingFromTheSavedCopy() {
        var state = Self.loaded()
        state.freshness = .updating(lastUpdated: "07:40")
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-updating")
    }

    @Test func offlineWithTheSavedCopy() {
        var state = Self.loaded(focus: "today.departures.sty_0990")
        state.freshness = .offline(lastUpdated: "07:40")
        assertSnapshot(of: TodayView.view(state).framed(.today, header: .harbour(.offline)), named: "today-offline")
    }

    @Test func theNightAuditHasNotClosedTheDate() {
        var state = Self.loaded()
        state.propertyDate = TodayFixture.date.adding(days: 1)
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-night-audit")
    }

    @Test func emptyLists() {
        var state = Self.loaded()
        state.overview = TodayOverview(businessDate: TodayFixture.date, timeZone: "Europe/Berlin", arrivals: [],
                                       departures: [], inHouse: [])
        state.focus = nil
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-empty")
    }

    @Test func filtering() {
        var state = Self.loaded(focus: "today.arrivals.sty_1005")
        state.isFiltering = true
        state.filter.insert("2")
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-filter")
    }

    /// #30: "mueller" typed finds Lena Müller (the filter folds as search does), focused after Enter.
    @Test func filteringFoldsTheGermanTransliterations() {
        var state = Self.loaded(focus: "today.in_house.sty_0986")
        state.overview?.inHouse.append(TodayFixture.stay("0986", "Lena Müller", room: "302",
                                                         from: TodayFixture.date.adding(days: -1), nights: 3,
                                                         status: .checkedIn))
        state.filter.insert("mueller")
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-filter-folded")
    }

    @Test func firstOpeningWithNothingSaved() {
        let state = TodayFeature.State(hasLoaded: true)
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-loading")
    }

    /// A housekeeper's Today: why, and nothing else.
    @Test func aRoleThatCannotReadToday() {
        let state = TodayFeature.State(freshness: .current, notice: Notice(.warning, "Your role cannot see today's arrivals and departures."),
                                       hasLoaded: true)
        assertSnapshot(of: TodayView.view(state).framed(.today), named: "today-forbidden")
    }
}
