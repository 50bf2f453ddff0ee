import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// The desk's first frame from the head of the saved Today (#34): the first stays of each list
/// and each list's count, shown until the whole copy is decoded after the first frame — and the
/// screen once the whole copy is in the state is the one the head showed (focus, counts, the
/// overdue lines), at every size a frame of the head's lines covers.
@MainActor
@Suite struct TodayPreviewTests {
    typealias Feature = TodayFeature
    let world = TodayWorld()

    func makeStore() -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: Feature.State(), reducer: Feature(environment: world.environment))
    }

    /// A property's Today with `arrivals`, `overdue` (due out on one of three earlier dates, given
    /// out of date order as an instance may), `departures` and `inHouse` stays.
    static func overview(arrivals: Int, overdue: Int, departures: Int, inHouse: Int) -> TodayOverview {
        let date = TodayFixture.date
        func stays(_ prefix: String, _ count: Int, _ make: (String, Int) -> StaySummary) -> [StaySummary] {
            (0..<count).map { make(prefix + String(format: "%04d", $0), $0) }
        }
        return TodayOverview(
            businessDate: date, timeZone: "Europe/Berlin",
            arrivals: stays("1", arrivals) { code, i in
                TodayFixture.stay(code, "Arrival \(i)", room: i % 7 == 3 ? nil : String(100 + i), ready: i % 2 == 0 ? .clean : .dirty)
            },
            departures: stays("2", departures) { code, i in
                TodayFixture.stay(code, "Departure \(i)", room: String(500 + i), from: date.adding(days: -2), nights: 2,
                                  status: .checkedIn, owes: i % 3 == 0 ? 0 : 1_000 * i)
            },
            inHouse: stays("3", inHouse) { code, i in
                TodayFixture.stay(code, "Guest \(i)", room: String(900 + i), from: date.adding(days: -1), nights: 4,
                                  status: .checkedIn)
            },
            overdue: stays("4", overdue) { code, i in
                TodayFixture.stay(code, "Overdue \(i)", room: String(700 + i), from: date.adding(days: -6),
                                  nights: 5 - (i * 7) % 3, status: .checkedIn, owes: 4_200)
            })
    }

    static func frame(_ state: Feature.State, width: Int, height: Int) -> CellGrid {
        ScreenLayout.layout(TodayView.view(state).framed(.today), width: width, height: height, viewport: Viewport()).grid
    }

    static let sizes = [(80, 24), (40, 12), (120, 60), (200, 100)]

    /// Shows `whole` from its head, then whole, and compares what each frame shows.
    func headThenWhole(_ whole: TodayOverview) async throws {
        let head = Feature.head(of: whole, lines: 100)
        let preview = TodayPreview(first: SavedCopy(value: head, savedAt: HotelFixture.savedAt), counts: TodayCounts(whole))
        world.preview.withLock { $0 = preview }
        world.saved.withLock { $0 = SavedCopy(value: whole, savedAt: HotelFixture.savedAt) }
        world.propertyDate.withLock { $0 = TodayFixture.date.adding(days: 1) }   // the audit not closed yet: its notice
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        await store.receive(.savedPreviewLoaded(preview)) {
            $0.overview = head
            $0.previewCounts = TodayCounts(whole)
            $0.propertyDate = TodayFixture.date.adding(days: 1)
            $0.focus = $0.rowIDs.first
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        #expect(!store.state.savedAnswered, "the start is not over on the head: the network waits")
        let fromHead = store.state
        await store.receive(.savedLoaded(SavedCopy(value: whole, savedAt: HotelFixture.savedAt), NoMarks())) {
            $0.savedAnswered = true
            $0.previewCounts = nil
            $0.overview = whole
        }
        await store.receive(.todayRead(.offline, NoMarks())) { $0.freshness = .offline(lastUpdated: "07:40") }
        await store.finish()

        var fromWhole = store.state
        fromWhole.freshness = fromHead.freshness
        #expect(fromWhole.focus == fromHead.focus, "the focus stays on the first stay")
        #expect(fromWhole.sections.map(\.total) == fromHead.sections.map(\.total), "each list's count is the whole's")
        for (width, height) in Self.sizes {
            let shown = TextGridLines.of(Self.frame(fromHead, width: width, height: height))
            let after = TextGridLines.of(Self.frame(fromWhole, width: width, height: height))
            #expect(shown == after, "\(width)×\(height)")
            #expect(Self.frame(fromHead, width: width, height: height) == Self.frame(fromWhole, width: width, height: height),
                    "the same cells and styles at \(width)×\(height)")
        }
    }

    @Test func longListsShowTheirHeadAsTheWholeCopyShowsThem() async throws {
        try await headThenWhole(Self.overview(arrivals: 180, overdue: 5, departures: 150, inHouse: 400))
    }

    /// Few arrivals: the frame goes on into Departures, its overdue stays under their dates'
    /// lines, and In house, whose counts come from the head.
    @Test func shortListsShowTheListsBelowAndTheOverdueLinesAsTheWholeDoes() async throws {
        try await headThenWhole(Self.overview(arrivals: 3, overdue: 7, departures: 40, inHouse: 300))
        try await headThenWhole(Self.overview(arrivals: 0, overdue: 0, departures: 2, inHouse: 120))
        try await headThenWhole(Self.overview(arrivals: 2, overdue: 1, departures: 0, inHouse: 0))
    }

    /// The head keeps the first stays a frame of `lines` stay lines shows, list after list, the
    /// overdue in the order Departures shows them (by the date they were due out).
    @Test func theHeadIsTheFirstStaysListAfterList() {
        let whole = Self.overview(arrivals: 4, overdue: 6, departures: 10, inHouse: 10)
        let head = Feature.head(of: whole, lines: 13)
        #expect(head.arrivals == whole.arrivals)
        #expect(head.overdue.count == 6 && head.departures == Array(whole.departures.prefix(3)) && head.inHouse.isEmpty)
        #expect(head.overdue.map(\.checkOutDate) == head.overdue.map(\.checkOutDate).sorted(), "oldest due first")
        #expect(Set(head.overdue.map(\.stayID)) == Set(whole.overdue.map(\.stayID)))
        #expect(Feature.head(of: whole, lines: 0).arrivals.isEmpty)
        #expect(Feature.head(of: whole, lines: 1_000) == TodayOverview(
            businessDate: whole.businessDate, timeZone: whole.timeZone, arrivals: whole.arrivals,
            departures: whole.departures, inHouse: whole.inHouse,
            overdue: head.overdue), "a short Today is its own head (the overdue in shown order)")
    }

    /// A head that comes after the whole copy (or over a filter) is not shown; one whose whole
    /// copy then cannot be read goes, rather than stand for the lists.
    @Test func aLateHeadIsNotShownAndAHeadWithoutItsCopyGoes() async throws {
        let whole = Self.overview(arrivals: 120, overdue: 0, departures: 3, inHouse: 5)
        let preview = TodayPreview(first: SavedCopy(value: Feature.head(of: whole, lines: 100), savedAt: HotelFixture.savedAt),
                                   counts: TodayCounts(whole))
        let late = TestStore(initialState: Feature.State(overview: whole, freshness: .current, hasLoaded: true),
                             reducer: Feature(environment: world.environment))
        await late.send(.savedPreviewLoaded(preview))
        var filtered = Feature.State()
        filtered.filter.insert("x")
        let typed = TestStore(initialState: filtered, reducer: Feature(environment: world.environment))
        await typed.send(.savedPreviewLoaded(preview))

        world.preview.withLock { $0 = preview }
        let store = makeStore()
        await store.send(.appeared) { $0.hasLoaded = true }
        await store.receive(.savedPreviewLoaded(preview)) {
            $0.overview = preview.first.value
            $0.previewCounts = TodayCounts(whole)
            $0.propertyDate = TodayFixture.date
            $0.focus = $0.rowIDs.first
            $0.lastUpdated = "07:40"
            $0.freshness = .updating(lastUpdated: "07:40")
        }
        await store.receive(.savedLoaded(nil, NoMarks())) {
            $0.savedAnswered = true
            $0.previewCounts = nil
            $0.overview = nil
            $0.focus = nil
        }
        await store.receive(.todayRead(.offline, NoMarks())) { $0.freshness = .offline(lastUpdated: "07:40") }
        await store.finish()
    }
}

/// A grid's lines as text, for messages that say where two frames differ.
enum TextGridLines {
    static func of(_ grid: CellGrid) -> [String] {
        (0..<grid.height).map { y in (0..<grid.width).map { grid[x: $0, y: y].text }.joined() }
    }
}
