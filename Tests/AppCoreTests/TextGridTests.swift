import AppCore
import Testing

@Suite struct TextGridTests {
    @Test func linesDropTrailingSpacesAndShowWideGlyphsOnce() {
        var grid = CellGrid(width: 8, height: 2)
        grid.write("山田 a", x: 0, y: 0, style: .normal)
        #expect(TextGrid.lines(grid) == ["山田 a", ""])
    }

    @Test func theCursorMarkerReplacesTheCellUnderTheCursor() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("abcdef", x: 0, y: 0, style: .normal)
        grid.cursor = Position(x: 2, y: 0)
        #expect(TextGrid.lines(grid, cursorMarker: "█") == ["ab█def"])
    }

    @Test func theSnapshotFormatEndsWithCursorAndSize() {
        var grid = CellGrid(width: 3, height: 1)
        grid.write("ok", x: 0, y: 0, style: .normal)
        grid.cursor = Position(x: 1, y: 0)
        #expect(TextGrid.snapshot(grid) == "ok\n-- cursor 1,0 · 3x1\n")
    }
}

@Suite struct WorkTabTests {
    @Test func digitsAndFunctionKeysOpenTabsInOrder() {
        #expect(WorkTab.opened(by: .character("1")) == .today)
        #expect(WorkTab.opened(by: .function(4)) == .tasks)
        #expect(WorkTab.opened(by: .character("5")) == .account)
        #expect(WorkTab.opened(by: .character("0")) == nil)
        #expect(WorkTab.opened(by: .function(WorkTab.allCases.count)) == WorkTab.allCases.last)
        #expect(WorkTab.opened(by: .function(WorkTab.allCases.count + 1)) == nil)
        #expect(WorkTab.opened(by: .character("q")) == nil)
    }

    @Test func theTabBarEntryCarriesNumberTitleAndState() {
        let tab = WorkTab.housekeeping.tab(active: .housekeeping)
        #expect(tab == Tab(id: "housekeeping", key: "3", title: "Housekeeping", isActive: true))
        #expect(!WorkTab.today.tab(active: .housekeeping).isActive)
    }
}
