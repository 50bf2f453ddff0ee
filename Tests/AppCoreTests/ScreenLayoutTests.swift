import AppCore
import Catalog
import Testing

@Suite struct ScreenLayoutTests {
    func text(_ screen: Screen, _ width: Int = 40, _ height: Int = 12, viewport: Viewport = Viewport()) -> [String] {
        TextGrid.lines(ScreenLayout.layout(screen, width: width, height: height, viewport: viewport).grid)
    }

    static func list(_ count: Int, focus: Int?) -> Screen {
        Screen(id: "list",
               rows: (0..<count).map { .line(Span(inert: "Room \($0)"), id: RowID("r\($0)")) },
               focus: focus.map { RowID("r\($0)") })
    }

    /// The work tabs over a title, a paragraph, a blank line and a list of rooms with details.
    static func tabbed() -> Screen {
        Screen(id: "tabbed",
               tabs: WorkTab.allCases.map { $0.tab(active: .today) },
               rows: [.title("Today"), .paragraph(Span("Rooms of the day.")), .blank]
                   + (0..<20).map { .line(Span(inert: "Room \($0)"), id: RowID("r\($0)"),
                                          trailing: [Span("detail", style: .muted)]) },
               focus: RowID("r0"))
    }

    /// The same rows, the first `eager` of them given as rows and the rest made lazily.
    static func split(_ screen: Screen, eager: Int, made: Recorder<Int>? = nil) -> Screen {
        var split = screen
        let rest = Array(screen.rows.dropFirst(eager))
        split.rows = Array(screen.rows.prefix(eager))
        split.lazyRows = LazyRows(count: rest.count, row: { position in
            made?.append(position)
            return rest[position]
        }, position: { id in rest.firstIndex { $0.id == id } })
        return split
    }

    @Test func lazyRowsLayOutExactlyAsTheSameRowsGivenAtOnce() {
        // A wrapping paragraph before the list, so eager rows take more than a line each.
        var screen = Self.tabbed()
        screen.rows.insert(.paragraph(Span("A sentence long enough to wrap onto a second line at forty columns.")), at: 1)
        for (width, height) in [(40, 12), (80, 24)] {
            for focus in [nil, "r0", "r7", "r19"] as [RowID?] {
                // Lazy rows never wrap: the title, the paragraphs and the blank line stay eager.
                for eager in [4, 5, 12, screen.rows.count] {
                    var eagerScreen = screen
                    eagerScreen.focus = focus
                    var viewport = Viewport()
                    var lazyViewport = Viewport()
                    // Scroll from the top to the focus and back, as a person would.
                    for step in [focus, "r0", focus] as [RowID?] {
                        eagerScreen.focus = step
                        let lazyScreen = Self.split(eagerScreen, eager: eager)
                        let a = ScreenLayout.layout(eagerScreen, width: width, height: height, viewport: viewport)
                        let b = ScreenLayout.layout(lazyScreen, width: width, height: height, viewport: lazyViewport)
                        #expect(TextGrid.lines(a.grid) == TextGrid.lines(b.grid),
                                "\(width)x\(height) focus \(String(describing: step)) eager \(eager)")
                        #expect(a.grid == b.grid, "styles, cursor and click regions too")
                        #expect(a.viewport == b.viewport)
                        viewport = a.viewport
                        lazyViewport = b.viewport
                    }
                }
            }
        }
    }

    @Test func aFrameMakesOnlyTheLazyRowsInView() {
        let made = Recorder<Int>()
        let screen = Self.split(Self.list(2000, focus: 1500), eager: 0, made: made)
        let lines = text(screen, 40, 12)
        #expect(lines.contains("Room 1500"))
        #expect(made.all.count <= 12, "made \(made.all.count) rows for a 12-line screen")
        #expect(made.all.allSatisfy { (1480...1510).contains($0) }, "\(made.all)")
    }

    @Test func belowFortyByTwelveAsksForALargerWindow() {
        for (width, height) in [(39, 12), (40, 11), (20, 5)] {
            let grid = ScreenLayout.layout(Self.list(3, focus: 0), width: width, height: height).grid
            let joined = TextGrid.lines(grid).joined(separator: " ")
            #expect(joined.contains("larger"), "\(width)x\(height): \(joined)")
            #expect(joined.contains("\(width) × \(height)"))
            #expect(grid.cursor == Position(x: 0, y: 0))
            #expect(grid.hitRegions.isEmpty)
        }
        #expect(!text(Self.list(3, focus: 0), 40, 12).joined().contains("larger"))
    }

    @Test func aZeroSizedTerminalLaysOutNothing() {
        let grid = ScreenLayout.layout(Self.list(3, focus: 0), width: 0, height: 0).grid
        #expect(grid.cells.isEmpty)
    }

    @Test func theCursorSitsOnTheFocusedRow() {
        let grid = ScreenLayout.layout(Self.list(5, focus: 3), width: 40, height: 12).grid
        #expect(grid.cursor == Position(x: 0, y: 3))
        #expect(grid[x: 0, y: 3].style == .focus)
        #expect(grid[x: 39, y: 3].style == .focus, "focus highlights the whole line")
        #expect(grid[x: 0, y: 2].style == .normal)
    }

    @Test func scrollingKeepsTheFocusInViewAndMovesNoMoreThanNeeded() {
        let down = ScreenLayout.layout(Self.list(30, focus: 20), width: 40, height: 12)
        #expect(TextGrid.lines(down.grid).first == "Room 9")
        #expect(TextGrid.lines(down.grid).last == "Room 20")
        #expect(down.grid.cursor == Position(x: 0, y: 11))

        // Moving up one keeps the same lines on screen: the cursor moves, not the list.
        let up = ScreenLayout.layout(Self.list(30, focus: 19), width: 40, height: 12, viewport: down.viewport)
        #expect(TextGrid.lines(up.grid).first == "Room 9")
        #expect(up.grid.cursor == Position(x: 0, y: 10))

        // Going above the top scrolls just enough.
        let top = ScreenLayout.layout(Self.list(30, focus: 5), width: 40, height: 12, viewport: down.viewport)
        #expect(TextGrid.lines(top.grid).first == "Room 5")
        #expect(top.grid.cursor == Position(x: 0, y: 0))

        // Another screen does not inherit the offset.
        var other = Self.list(30, focus: 0)
        other.id = "other"
        #expect(TextGrid.lines(ScreenLayout.layout(other, width: 40, height: 12, viewport: down.viewport).grid)
            .first == "Room 0")
    }

    @Test func aShorterListNeverLeavesTheScreenHalfEmpty() {
        let long = ScreenLayout.layout(Self.list(30, focus: 29), width: 40, height: 12)
        let short = ScreenLayout.layout(Self.list(15, focus: 14), width: 40, height: 12, viewport: long.viewport)
        #expect(TextGrid.lines(short.grid).first == "Room 3")
        #expect(TextGrid.lines(short.grid).last == "Room 14")
    }

    @Test func clicksFindTabsAndRows() {
        let grid = ScreenLayout.layout(Self.tabbed(), width: 80, height: 24).grid
        let tabLine = TextGrid.lines(grid)[0]
        let housekeeping = tabLine.distance(from: tabLine.startIndex, to: tabLine.range(of: "Housekeeping")!.lowerBound)
        #expect(grid.target(atX: housekeeping, y: 0) == .tab("housekeeping"))
        #expect(grid.target(atX: 1, y: 0) == .tab("today"))
        let firstRowY = TextGrid.lines(grid).firstIndex { $0.hasPrefix("Room 0 ") }!
        #expect(grid.target(atX: 50, y: firstRowY) == .row(RowID("r0")))
        #expect(grid.target(atX: 0, y: firstRowY - 1) == nil, "a blank line is not clickable")
    }

    @Test func anOverlayTakesTheClicksAndTheCursor() {
        var screen = Self.tabbed()
        screen.overlay = HelpFeature.overlay(HelpFeature.State(screenKeys: []))
        let grid = ScreenLayout.layout(screen, width: 80, height: 24).grid
        #expect(!grid.hitRegions.contains { if case .tab = $0.target { true } else { false } })
        #expect(grid.hitRegions.allSatisfy { HelpFeature.index(of: rowID($0.target)) != nil })
        #expect(grid.target(atX: grid.cursor.x, y: grid.cursor.y) == .row(HelpFeature.rowID(0)))
    }

    func rowID(_ target: HitTarget) -> RowID {
        if case .row(let id) = target { return id }
        return RowID("")
    }

    @Test func wideCharactersKeepColumnsAligned() {
        let screen = Screen(id: "names", rows: [
            .line(Span(inert: "山田太郎"), id: "a", trailing: [Span("in house")]),
            .line(Span(inert: "Jose\u{301} Ñu"), id: "b", trailing: [Span("in house")]),
            .line(Span(inert: "한국어 이름이 아주 길어서 잘립니다 정말로 아주 길어요"), id: "c", trailing: [Span("in house")]),
        ])
        let lines = text(screen)
        #expect(lines[0] == "山田太郎" + String(repeating: " ", count: 24) + "in house")
        #expect(lines[1] == "José Ñu" + String(repeating: " ", count: 25) + "in house")
        #expect(DisplayWidth.of(lines[2]) == 40)
        #expect(lines[2].hasSuffix("… in house") || lines[2].hasSuffix("…  in house"))
    }

    @Test func aWideCharacterCutByTheEdgeIsLeftOut() {
        var grid = CellGrid(width: 5, height: 1)
        #expect(grid.write("ab山田", x: 0, y: 0, style: .normal) == 4)
        #expect(TextGrid.lines(grid) == ["ab山"])
        grid.write("x", x: 3, y: 0, style: .normal)
        #expect(TextGrid.lines(grid) == ["ab x"], "overwriting half a wide glyph blanks the other half")
    }

    /// #18: printable ASCII is written a cell a byte; it stops at the edge and at `maxWidth`, and
    /// writing over half of a wide glyph blanks the other half, as text of glyphs does.
    @Test func plainASCIIIsWrittenAsGlyphsAre() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("山田", x: 0, y: 0, style: .normal)
        #expect(grid.write("abcdefgh", x: 1, y: 0, maxWidth: 3, style: .muted) == 3)
        #expect(TextGrid.lines(grid) == [" abc"])
        #expect(grid[x: 0, y: 0] == Cell.blank(.normal), "the wide glyph's left half is blanked")
        #expect(grid[x: 1, y: 0].text == "a" && grid[x: 1, y: 0].width == 1 && grid[x: 1, y: 0].style == .muted)
        #expect(grid.write("xyz", x: 4, y: 0, style: .normal) == 2)
        #expect(TextGrid.lines(grid) == [" abcxy"])
        // The same cells as the glyph path makes for the same text with a non-ASCII character after it.
        var glyphs = CellGrid(width: 6, height: 1)
        glyphs.write("ab·", x: 0, y: 0, style: .normal)
        var plain = CellGrid(width: 6, height: 1)
        plain.write("ab", x: 0, y: 0, style: .normal)
        #expect(Array(glyphs.cells[0..<2]) == Array(plain.cells[0..<2]))
    }

    @Test func fieldsPutTheCursorInTheTextAndScrollSideways() {
        let short = Field(label: Span("Address"), value: "hotel.example.com", cursor: 5)
        let long = Field(label: Span("Address"), value: InertString(String(repeating: "abcdefghij", count: 6)))
        let empty = Field(label: Span("Search"), value: .empty, placeholder: Span("room or name"))
        let secret = Field(label: Span("PIN"), value: "1234", isSecret: true)
        let screen = Screen(id: "form", rows: [
            .field(id: "short", short), .field(id: "long", long), .field(id: "empty", empty),
            .field(id: "secret", secret),
        ], focus: "short")
        var grid = ScreenLayout.layout(screen, width: 40, height: 12).grid
        #expect(TextGrid.lines(grid)[0] == "Address hotel.example.com")
        #expect(grid.cursor == Position(x: 13, y: 0))
        #expect(grid[x: 20, y: 0].style == .field)
        #expect(TextGrid.lines(grid)[2] == "Search room or name")
        #expect(TextGrid.lines(grid)[3] == "PIN ••••")

        var focused = screen
        focused.focus = "long"
        grid = ScreenLayout.layout(focused, width: 40, height: 12).grid
        #expect(grid.cursor == Position(x: 39, y: 1), "the cursor stays inside the line")
        #expect(TextGrid.lines(grid)[1].hasSuffix("abcdefghij"))

        focused.focus = "empty"
        #expect(ScreenLayout.layout(focused, width: 40, height: 12).grid.cursor == Position(x: 7, y: 2))
    }

    @Test func longNoticesWrapAndAreCutAfterThreeLines() {
        let sentence = "The instance may have applied this change: check the room before trying again."
        let screen = Screen(id: "n", rows: [.line(Span("content"))],
                            notices: [Notice(.warning, sentence), Notice(.error, sentence + " " + sentence)],
                            hints: [GlobalKeys.help])
        let lines = text(screen)
        #expect(lines[11] == "? Help")
        let notices = Array(lines[5...10])
        #expect(notices[0].hasPrefix("⚠ The instance may have"))
        #expect(notices[2] == "again.")
        #expect(notices[3].hasPrefix("✗ The instance"))
        #expect(notices[5].hasSuffix("…"))
        #expect(lines[0] == "content")
    }

    @Test func theHeaderFitsOnOneLineWhenItCan() {
        let header = Header(instance: "Demo", connection: .online)
        let lines = text(Screen(id: "h", header: header))
        #expect(lines[0] == "Demo" + String(repeating: " ", count: 19) + "Online · All sent")
        let busy = Header(instance: "Demo", businessDate: "Tue 12 Mar", connection: .updating, toSend: 3)
        #expect(text(Screen(id: "h", header: busy), 80, 24)[0].hasSuffix("Tue 12 Mar · Updating · 3 to send"))
    }

    @Test func howFreshTheListIsIsSaidLongShortOrNotSoThePlacesNameStaysWhole() {
        func header(_ property: String) -> Header {
            Header(instance: "Harbour View Demo", property: InertString(property), businessDate: "2026-12-02",
                   connection: .online, updatedAgo: "updated 10 s ago", updatedAgoShort: "10 s ago")
        }
        let short = text(Screen(id: "h", header: header("Harbour")), 80, 24)[0]
        #expect(short.hasPrefix("Harbour View Demo · Harbour "))
        #expect(short.hasSuffix("2026-12-02 · Online · updated 10 s ago · All sent"))
        let long = text(Screen(id: "h", header: header("Garden Court Hotel")), 80, 24)[0]
        #expect(long.hasPrefix("Harbour View Demo · Garden Court Hotel "), "the name is not cut for the freshness")
        #expect(long.hasSuffix("2026-12-02 · Online · 10 s ago · All sent"))
        // A name too long whatever is left out is cut, with the short form.
        let longer = text(Screen(id: "h", header: header("Garden Court Hotel & Conference Centre")), 80, 24)[0]
        #expect(longer.hasSuffix("… 2026-12-02 · Online · 10 s ago · All sent"))
        // 40 columns: two lines, the status on its own line in the long form.
        let narrow = text(Screen(id: "h", header: header("Garden Court Hotel")), 40, 12)
        #expect(narrow[1].hasPrefix("Online · updated 10 s ago · All sent"))
    }

    @Test func hintsThatDoNotFitAreLeftOutAndTheLineEndsWithMore() {
        let hints = [GlobalKeys.help] + (1...10).map { KeyHint(key: "\($0)", label: "Action") }
        let line = text(Screen(id: "k", hints: hints)).last!
        #expect(line == "1 Action  2 Action  3 Action  ? More", "? More says the rest is under ? (Help is not repeated)")
        let few = (1...2).map { KeyHint(key: "\($0)", label: "Action") }
        #expect(text(Screen(id: "k", hints: few)).last! == "1 Action  2 Action", "all fit: no ? More")
    }

    @Test func overlaySnapshotWithWrappedText() {
        let overlay = Overlay(title: Span("Check in"), rows: [
            .paragraph(Span("Room 101 is dirty. Checking in needs the override and a reason.")),
            .blank,
            .line(Span("Check in anyway"), id: "yes"),
            .line(Span("Cancel"), id: "no"),
        ], focus: "no")
        let screen = Screen(id: "o", rows: (1...30).map { .line(Span("row \($0)")) }, overlay: overlay)
        assertSnapshot(of: screen, named: "overlay-wrapped")
    }
}
