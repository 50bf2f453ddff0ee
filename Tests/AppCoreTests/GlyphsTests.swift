import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

/// #31: the ASCII glyph set, for a Linux console with LANG=C or a vt220 — the app's own
/// symbols are ASCII on every main screen, and the set is chosen by a rule of the locale, the
/// terminal and `GUESTCRAFT_ASCII`.
@Suite struct GlyphsTests {
    // MARK: - The rule

    @Test(arguments: [
        // (override, codeset, TERM, terminfo U8, ASCII?)
        (nil, "UTF-8", "xterm-256color", nil, false),
        (nil, "utf8", "tmux-256color", nil, false),
        (nil, "ANSI_X3.4-1968", "xterm-256color", nil, true),   // LANG=C
        (nil, "ISO-8859-1", "xterm", nil, true),
        (nil, nil, "xterm", nil, true),
        (nil, "UTF-8", "vt220", nil, true),
        (nil, "UTF-8", "vt100", nil, true),
        (nil, "UTF-8", "VT102", nil, true),
        (nil, "UTF-8", "vt220-8bit", nil, true),
        (nil, "UTF-8", "linux", nil, true),
        (nil, "UTF-8", "linux-16color", nil, true),
        (nil, "UTF-8", "dumb", nil, true),
        (nil, "UTF-8", "", nil, true),
        (nil, "UTF-8", "linux", 1, false),                     // terminfo says it draws UTF-8
        (nil, "UTF-8", "vt220", 0, true),
        (nil, "ANSI_X3.4-1968", "xterm", 1, true),             // the locale still cannot
        (nil, "UTF-8", "vt2200", nil, false),                  // a family, not a prefix
        ("1", "UTF-8", "xterm-256color", nil, true),
        ("0", "ANSI_X3.4-1968", "vt220", nil, false),
        ("yes", "UTF-8", "vt220", nil, true),                  // not an override: the rule decides
        ("", "UTF-8", "xterm", nil, false),
    ] as [(String?, String?, String?, Int?, Bool)])
    func theRule(override: String?, codeset: String?, term: String?, u8: Int?, ascii: Bool) {
        let glyphs = GlyphChoice.decide(override: override, codeset: codeset, term: term, terminfoU8: u8)
        #expect(glyphs.isASCII == ascii)
    }

    @Test func theTableIsASCIIAndStatusesAreBracketed() {
        for (symbol, ascii) in Glyphs.table {
            #expect(symbol.value > 0x7E)
            #expect(ascii.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value <= 0x7E }, "\(symbol)")
        }
        #expect(Glyphs.ascii.labelled("✗", "Dirty") == "[x] Dirty")
        #expect(Glyphs.unicode.labelled("✗", "Dirty") == "✗ Dirty")
        #expect(Glyphs.ascii.text("Room 101 · Double…") == "Room 101 - Double...")
        #expect(Glyphs.unicode.text("Room 101 · Double…") == "Room 101 · Double…")
        Glyphs.$current.withValue(.ascii) {
            #expect(Span("↑ ⚠").text == "^ !")
            #expect(Span(inert: "Zoë · Smith").text == "Zoë · Smith", "instance text is left as it came")
            #expect(StatusLabels.label(.outOfService) == "[-] Out of service")
        }
    }

    // MARK: - Every main screen draws ASCII only

    /// Scalars of the app's own chrome above 0x7E. The fixtures' only non-ASCII instance text is
    /// a guest's name, 李娜 (Today, a reservation): left as it came, so not counted.
    static func nonASCII(_ screen: @autoclosure () -> Screen, width: Int, height: Int) -> [String] {
        Glyphs.$current.withValue(.ascii) {
            let grid = ScreenLayout.layout(screen(), width: width, height: height).grid
            let guestText = Set("李娜".unicodeScalars)
            return TextGrid.lines(grid).enumerated().flatMap { y, line in
                line.unicodeScalars.filter { $0.value > 0x7E && !guestText.contains($0) }
                    .map { "line \(y): \($0) in \(line)" }
            }
        }
    }

    static func housekeeping(_ configure: (inout HousekeepingFeature.State) -> Void = { _ in }) -> Screen {
        Glyphs.$current.withValue(.ascii) {
            var state = HousekeepingSnapshotTests.loaded(focus: "unt_h102")
            state.list = RoomList(units: HotelFixture.units) { unit in
                switch unit.id {
                case "unt_h102": (.clean, .queued)
                case "unt_h202": (nil, .held)
                default: (nil, .none)
                }
            }
            configure(&state)
            return HousekeepingView.view(state).framed(.housekeeping, header: .harbour(.offline, toSend: 1))
        }
    }

    static var screens: [(String, () -> Screen)] {
        [
            ("housekeeping list", { housekeeping() }),
            ("housekeeping detail", { housekeeping { $0.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h102",
                                                                                              freshness: .current, focus: 0) } }),
            ("my tasks", { TasksView.view(TasksSnapshotTests.loaded()).framed(.tasks) }),
            ("a task", {
                var state = TasksSnapshotTests.loaded()
                state.detail = TasksFeature.Detail(taskID: "tsk_0005", freshness: .current, focus: 0)
                return TasksView.view(state).framed(.tasks)
            }),
            ("a skipped task", {
                let skipped = TaskFixture.shown.map { $0.id == "tsk_0005" ? TaskFixture.advanced($0, .skipped, reason: "Guest asleep") : $0 }
                var state = TasksFeature.State(entries: TaskFixture.entries(skipped), businessDate: HotelFixture.date,
                                               focus: "task.tsk_0005", freshness: .current, lastUpdated: "09:21",
                                               hasLoaded: true)
                state.detail = TasksFeature.Detail(taskID: "tsk_0005", freshness: .current, focus: 0)
                return TasksView.view(state).framed(.tasks)
            }),
            ("board", { BoardSnapshotTests.screen(BoardFixture.onBoard(focus: 2)) }),
            ("today", { TodayView.view(TodaySnapshotTests.loaded()).framed(.today) }),
            ("a reservation", {
                let state = DeskDetailSnapshotTests.shown(DeskFixture.mendes(), focus: 1)
                return DeskDetail.content(state, badge: OutboxBadge()).framed(.today, header: .harbour(), editing: DeskDetail.isEditingText(state))
            }),
            ("a check-in into an occupied room", {
                let weber = UnitOccupant(reservation: ReservationRef(id: "rsv_0002", code: "HV-1002"), guestName: "Jonas Weber")
                let state = DeskDetailSnapshotTests.shown(
                    DeskFixture.mendes(), permissions: DeskFixture.manager,
                    mode: .checkIn(DeskDetail.CheckInChecks(stay: "sty_0005", unitStatus: .clean, statusRead: true,
                                                            occupant: weber)))
                return DeskDetail.content(state, badge: OutboxBadge()).framed(.today, header: .harbour(),
                                                                             editing: DeskDetail.isEditingText(state))
            }),
            ("the saved instances", {
                let connect = ConnectFeature.State(instances: AppSnapshotTests.summaries, isLoading: false,
                                                   focus: .instance("ins_2"))
                return AppView.view(AppState(route: .connect(connect)))
            }),
            ("search", {
                var state = AppState.working(activeTab: .search)
                state.current?.tabs.search.feature = SearchFeature.State(
                    isEditing: false, searched: "hart", results: SearchFixture.both,
                    focus: "search.reservation.rsv_0001", hasLoaded: true)
                return AppView.view(state)
            }),
            ("account", {
                var state = AppState.working(activeTab: .account, connection: .offline,
                                             outbox: OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
                state.current?.account = AccountFeature.State(changes: [
                    PendingChange(id: 1, summary: "Room 101: clean", createdAt: Date(timeIntervalSince1970: 0),
                                  hold: nil, outcomeUnknown: true),
                ], focus: .change(1))
                return AppView.view(state)
            }),
            ("help overlay", {
                var state = AppState.working(activeTab: .account)
                state.help = HelpFeature.State(keys: AppView.helpKeys(state))
                return AppView.view(state)
            }),
            ("the fault form", {
                let state = FaultFormSnapshotTests.tab(FaultFixture.filled(FaultFormSnapshotTests.supervisor))
                return HousekeepingTab.content(state).framed(.housekeeping, editing: HousekeepingTab.isEditingText(state))
            }),
        ]
    }

    @Test(arguments: [(40, 12), (80, 24)])
    func everyMainScreenDrawsOnlyASCII(width: Int, height: Int) {
        for (name, screen) in Self.screens {
            let found = Self.nonASCII(Glyphs.$current.withValue(.ascii) { screen() }, width: width, height: height)
            #expect(found.isEmpty, "\(name) at \(width)x\(height): \(found.prefix(5))")
        }
    }

    // MARK: - Goldens

    @Test func housekeepingInASCII() {
        Glyphs.$current.withValue(.ascii) {
            assertSnapshot(of: Self.housekeeping(), named: "ascii-housekeeping-rooms")
            assertSnapshot(of: Self.housekeeping { $0.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h102",
                                                                                            freshness: .current, focus: 0) },
                           named: "ascii-housekeeping-detail")
        }
    }

    @Test func boardInASCII() {
        Glyphs.$current.withValue(.ascii) {
            assertSnapshot(of: BoardSnapshotTests.screen(BoardFixture.onBoard(focus: 2)), named: "ascii-board-floors")
        }
    }

    @Test func aBoxInASCII() {
        Glyphs.$current.withValue(.ascii) {
            var state = AppState.working(activeTab: .account)
            state.help = HelpFeature.State(keys: AppView.helpKeys(state))
            assertSnapshot(of: AppView.view(state), named: "ascii-help-account")
        }
    }
}
