import AppCore
import Testing

/// One list-focus helper for every list (#32): each key at the first and last row, an empty
/// list, no focus yet, and PgUp/PgDn stopping at the ends.
@Suite struct ListFocusTests {
    static let listKeys: [Key] = [.up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end]

    func index(_ key: Key, count: Int, current: Int?, keys: ListFocus.Keys = .letters,
               unfocused: ListFocus.Unfocused = .beforeFirst) -> Int? {
        guard let move = ListFocus.move(for: key, keys: keys) else {
            Issue.record("\(key) is a list key")
            return nil
        }
        return ListFocus.index(move, count: count, current: current, unfocused: unfocused)
    }

    @Test func keysMoveOneRowTenRowsOrToAnEnd() {
        #expect(ListFocus.move(for: .up) == .by(-1))
        #expect(ListFocus.move(for: .down) == .by(1))
        #expect(ListFocus.move(for: .character("k")) == .by(-1))
        #expect(ListFocus.move(for: .character("j")) == .by(1))
        #expect(ListFocus.move(for: .pageUp) == .by(-10))
        #expect(ListFocus.move(for: .pageDown) == .by(10))
        #expect(ListFocus.move(for: .home) == .first)
        #expect(ListFocus.move(for: .end) == .last)
    }

    @Test func otherKeysAreNotListKeys() {
        for key: Key in [.enter, .escape, .left, .right, .character("x"), .character("/"), .function(1), .tab, .backTab] {
            #expect(ListFocus.move(for: key) == nil, "\(key)")
        }
    }

    @Test func lettersAndTabsOnlyWhereTheListTakesThem() {
        #expect(ListFocus.move(for: .character("j"), keys: []) == nil)
        #expect(ListFocus.move(for: .character("k"), keys: [.tabs]) == nil)
        #expect(ListFocus.move(for: .tab, keys: [.tabs]) == .by(1))
        #expect(ListFocus.move(for: .backTab, keys: [.tabs]) == .by(-1))
        #expect(ListFocus.move(for: .down, keys: []) == .by(1))
        #expect(ListFocus.move(for: .home, keys: []) == .first)
    }

    @Test func atTheFirstRow() {
        let expected: [Key: Int] = [.up: 0, .down: 1, .character("k"): 0, .character("j"): 1,
                                    .pageUp: 0, .pageDown: 10, .home: 0, .end: 24]
        for key in Self.listKeys {
            #expect(index(key, count: 25, current: 0) == expected[key], "\(key)")
        }
    }

    @Test func atTheLastRow() {
        let expected: [Key: Int] = [.up: 23, .down: 24, .character("k"): 23, .character("j"): 24,
                                    .pageUp: 14, .pageDown: 24, .home: 0, .end: 24]
        for key in Self.listKeys {
            #expect(index(key, count: 25, current: 24) == expected[key], "\(key)")
        }
    }

    @Test func aPageStopsAtTheEnds() {
        #expect(index(.pageDown, count: 25, current: 18) == 24)
        #expect(index(.pageUp, count: 25, current: 6) == 0)
        #expect(index(.pageDown, count: 25, current: 5) == 15)
        #expect(index(.pageUp, count: 25, current: 15) == 5)
        #expect(index(.pageDown, count: 3, current: 0) == 2)
    }

    @Test func anEmptyListHasNoRowToFocus() {
        for key in Self.listKeys {
            #expect(index(key, count: 0, current: nil) == nil, "\(key)")
            #expect(index(key, count: 0, current: 3) == nil, "\(key)")
        }
    }

    @Test func noFocusYetStartsBeforeTheFirstRow() {
        let expected: [Key: Int] = [.up: 0, .down: 0, .character("k"): 0, .character("j"): 0,
                                    .pageUp: 0, .pageDown: 9, .home: 0, .end: 24]
        for key in Self.listKeys {
            #expect(index(key, count: 25, current: nil) == expected[key], "\(key)")
        }
        #expect(index(.pageDown, count: 4, current: nil) == 3)
    }

    @Test func noFocusYetCanLandEveryStepOnTheFirstRow() {
        let expected: [Key: Int] = [.up: 0, .down: 0, .character("k"): 0, .character("j"): 0,
                                    .pageUp: 0, .pageDown: 0, .home: 0, .end: 24]
        for key in Self.listKeys {
            #expect(index(key, count: 25, current: nil, unfocused: .first) == expected[key], "\(key)")
        }
    }

    @Test func aSingleRowKeepsTheFocus() {
        for key in Self.listKeys {
            #expect(index(key, count: 1, current: 0) == 0, "\(key)")
        }
    }

    @Test func rowsByIDAFocusNotAmongThemIsNoFocus() {
        let ids = ["a", "b", "c"]
        #expect(ListFocus.id(.by(1), in: ids, current: "a") == "b")
        #expect(ListFocus.id(.by(-1), in: ids, current: "a") == "a")
        #expect(ListFocus.id(.by(1), in: ids, current: "gone") == "a")
        #expect(ListFocus.id(.by(10), in: ids, current: nil) == "c")
        #expect(ListFocus.id(.by(10), in: ids, current: nil, unfocused: .first) == "a")
        #expect(ListFocus.id(.last, in: ids, current: nil) == "c")
        #expect(ListFocus.id(.first, in: [String](), current: "a") == nil)
    }
}
