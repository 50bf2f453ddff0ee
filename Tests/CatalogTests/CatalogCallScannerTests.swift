import Testing

/// The scanner the key test relies on finds what it must and nothing else.
@Suite struct CatalogCallScannerTests {
    @Test func findsKeysAndPlaceholderNames() {
        let source = #"""
        let a = L("today.title")
        let b = L("header.to_send", ["count": n, "other": f("x", [1, 2])])
        let c = L(
            "app.too_small",
            ["width": w,
             "height": h]
        )
        """#
        let calls = CatalogCallScanner.calls(in: source)
        #expect(calls.map(\.key) == ["today.title", "header.to_send", "app.too_small"])
        #expect(calls.map(\.placeholders) == [[], ["count", "other"], ["width", "height"]])
        #expect(calls.map(\.line) == [1, 2, 3])
        #expect(calls.allSatisfy { $0.problem == nil })
    }

    @Test func skipsCommentsStringsAndOtherNames() {
        let source = #"""
        // L("commented.out")
        /* L("block.comment") /* nested */ L("still.comment") */
        let url = URL("https://example.com") // not L
        let s = "L(\"inside.a.string\")"
        let t = xL("not.l") + obj.L("member")
        public func L(_ key: String) -> String { key }
        """#
        #expect(CatalogCallScanner.calls(in: source).isEmpty)
    }

    @Test func flagsKeysThatAreNotLiterals() {
        let source = #"""
        let a = L(key)
        let b = L("tabs.\(tab)")
        let c = L("header.to_send", values)
        let d = L("a" + "b")
        """#
        let calls = CatalogCallScanner.calls(in: source)
        #expect(calls.count == 4)
        #expect(calls.allSatisfy { $0.problem != nil })
    }

    @Test func interpolationsWithStringsDoNotEndTheLiteral() {
        let source = #"""
        let s = "\(flag ? "L(" : ")") and more"
        let a = L("real.key")
        """#
        #expect(CatalogCallScanner.calls(in: source).map(\.key) == ["real.key"])
    }
}
