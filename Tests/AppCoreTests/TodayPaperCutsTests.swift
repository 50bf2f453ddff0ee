import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// Today's paper cuts of #30: Home shows the lists from their top (the "Arrivals" heading too);
/// `?` lists PgUp/PgDn/Home/End and `[`/`]`, which jump between Arrivals, Departures and In
/// house; a passing sentence goes with the next key.
@MainActor
@Suite struct TodayPaperCutsTests {
    let world = TodayWorld()

    func makeStore(_ state: TodayFeature.State) -> TestStore<TodayFeature.State, TodayFeature.Action> {
        TestStore(initialState: state, reducer: TodayFeature(environment: world.environment))
    }

    @Test func homeAfterEndShowsTheListsFromTheirTopWithTheArrivalsHeading() {
        var end = TodaySnapshotTests.loaded(focus: "today.in_house.sty_0985")
        end.focus = "today.in_house.sty_0985"
        let home = TodaySnapshotTests.loaded(focus: "today.arrivals.sty_1001")
        let scrolled = TodayFrames.lines(TodayFrames.frame(end, after: []))
        #expect(!scrolled.contains { $0.hasPrefix("Arrivals") }, "End scrolls the heading away: \(scrolled)")
        let back = TodayFrames.lines(TodayFrames.frame(home, after: [end]))
        #expect(back.contains { $0.hasPrefix("Today · 2026-11-02") }, "\(back)")
        #expect(back.contains { $0.hasPrefix("Arrivals") }, "\(back)")
        #expect(back.contains { $0.hasPrefix("101  Amelia Hart") })
    }

    /// Moving up onto a list's first stay brings its heading along: with a long In house, PgUp
    /// from its last stay to its first shows "In house" above it.
    @Test func movingUpOntoAListsFirstStayShowsItsHeading() {
        var end = TodaySnapshotTests.loaded()
        let long = (0..<12).map { n in
            TodayFixture.stay("09\(50 + n)", "Guest \(n)", room: "\(400 + n)", from: TodayFixture.date.adding(days: -1),
                              nights: 3, status: .checkedIn)
        }
        end.overview?.inHouse = long
        end.focus = "today.in_house.sty_0961"
        var first = end
        first.focus = "today.in_house.sty_0950"
        let lines = TodayFrames.lines(TodayFrames.frame(first, after: [end]))
        let heading = lines.firstIndex { $0.hasPrefix("In house") }
        let stay = lines.firstIndex { $0.hasPrefix("400  Guest 0") }
        #expect(heading != nil && stay != nil && heading! < stay!, "\(lines)")
    }

    @Test func bracketsJumpBetweenTheListsSkippingAnEmptyOne() async {
        let store = makeStore(TodaySnapshotTests.loaded(focus: "today.arrivals.sty_1002"))
        await store.send(.keyPressed(.character("]"))) { $0.focus = "today.departures.sty_0990" }
        await store.send(.keyPressed(.character("]"))) { $0.focus = "today.in_house.sty_0985" }
        await store.send(.keyPressed(.character("]")))
        await store.send(.keyPressed(.character("["))) { $0.focus = "today.departures.sty_0990" }
        await store.send(.keyPressed(.character("["))) { $0.focus = "today.arrivals.sty_1001" }
        await store.send(.keyPressed(.character("[")))
        await store.finish()

        var state = TodaySnapshotTests.loaded()
        state.overview?.departures = []
        let skipping = makeStore(state)
        await skipping.send(.keyPressed(.character("]"))) { $0.focus = "today.in_house.sty_0985" }
        await skipping.send(.keyPressed(.character("["))) { $0.focus = "today.arrivals.sty_1001" }
        await skipping.finish()
    }

    @Test func bracketsAreLettersOfTheFilterWhileItIsTyped() async {
        var state = TodaySnapshotTests.loaded()
        state.isFiltering = true
        let store = makeStore(state)
        await store.send(.keyPressed(.character("]"))) {
            $0.filter.insert("]")
            $0.focus = nil
        }
        await store.finish()
    }

    @Test func helpListsThePageKeysAndTheListJumps() {
        let keys = TodayView.helpKeys(TodaySnapshotTests.loaded())
        #expect(keys.contains(KeyHint(key: "PgUp PgDn", label: "Ten stays up or down")))
        #expect(keys.contains(KeyHint(key: "Home End", label: "First or last stay")))
        #expect(keys.contains(KeyHint(key: "[ ]", label: "Previous or next list (Arrivals, Departures, In house)")))
    }

    @Test func aPassingSentenceGoesWithTheNextKeyAndAWarningStays() async {
        var state = TodaySnapshotTests.loaded()
        state.notice = Notice(.info, "The report is in /r.txt.")
        let store = makeStore(state)
        await store.send(.keyPressed(.character("j"))) {
            $0.notice = nil
            $0.focus = "today.arrivals.sty_1002"
        }
        await store.finish()

        var warned = TodaySnapshotTests.loaded()
        warned.notice = Notice(.warning, "Nothing is saved for a report yet: Today must be read once while online.")
        let kept = makeStore(warned)
        await kept.send(.keyPressed(.character("j"))) { $0.focus = "today.arrivals.sty_1002" }
        await kept.finish()
    }

    @Test func aPassingSentenceGoesWithAKeyTypedIntoTheFilterToo() async {
        var state = TodaySnapshotTests.loaded()
        state.notice = Notice(.info, "The report was sent to the printer.")
        state.isFiltering = true
        let store = makeStore(state)
        await store.send(.keyPressed(.character("a"))) {
            $0.notice = nil
            $0.filter.insert("a")
            $0.focus = "today.arrivals.sty_1001"
        }
        await store.finish()
    }
}

/// Today laid out frame after frame, as the runner keeps the scroll position.
enum TodayFrames {
    /// Lays `state` out at 40 × 12 after `earlier` was laid out (the scroll position it left).
    static func frame(_ state: TodayFeature.State, after earlier: [TodayFeature.State], width: Int = 40,
                      height: Int = 12) -> Frame {
        var viewport = Viewport()
        for step in earlier {
            viewport = ScreenLayout.layout(TodayView.view(step).framed(.today), width: width, height: height,
                                           viewport: viewport).viewport
        }
        return ScreenLayout.layout(TodayView.view(state).framed(.today), width: width, height: height, viewport: viewport)
    }

    static func lines(_ frame: Frame) -> [String] {
        (0..<frame.grid.height).map { y in (0..<frame.grid.width).map { frame.grid[x: $0, y: y].text }.joined() }
    }
}

/// The paper cuts' goldens (#30) at 40 × 12 and 80 × 24.
@Suite struct TodayAuditSnapshotTests {
    @Test func homeAfterEnd() {
        let end = TodaySnapshotTests.loaded(focus: "today.in_house.sty_0985")
        let home = TodaySnapshotTests.loaded(focus: "today.arrivals.sty_1001")
        for (width, height) in [(40, 12), (80, 24)] {
            let frame = TodayFrames.frame(home, after: [end], width: width, height: height)
            assertSnapshot(TextGrid.snapshot(frame.grid), file: "today-home-after-end.\(width)x\(height).txt")
        }
    }

    @Test func helpWithThePageKeysAndTheListJumps() {
        let state = TodaySnapshotTests.loaded()
        var screen = TodayView.view(state).framed(.today)
        screen.overlay = HelpFeature.overlay(HelpFeature.State(screenKeys: TodayView.helpKeys(state)))
        assertSnapshot(of: screen, named: "today-help")
    }
}
