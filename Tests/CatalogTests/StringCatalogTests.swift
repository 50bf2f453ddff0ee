import Catalog
import Testing

@Suite struct StringCatalogTests {
    let catalog = StringCatalog(entries: [
        "greeting": "Hello {name}, {count} rooms",
        "braces": "a {not a placeholder} and {x}",
    ])

    @Test func fillsPlaceholders() {
        #expect(catalog.string("greeting", ["name": "Ana", "count": "3"]) == "Hello Ana, 3 rooms")
    }

    @Test func aCountOfOneTakesTheSingularFormWhereTheCatalogHasOne() {
        let plurals = StringCatalog(entries: ["unsent": "{count} changes are not sent", "unsent.one": "{count} change is not sent",
                                             "rooms": "{count} rooms"])
        #expect(plurals.string("unsent", ["count": "1"]) == "1 change is not sent")
        #expect(plurals.string("unsent", ["count": "2"]) == "2 changes are not sent")
        #expect(plurals.string("unsent", ["count": "0"]) == "0 changes are not sent")
        #expect(plurals.string("rooms", ["count": "1"]) == "1 rooms", "no singular form: the key's own")
        #expect(L("app.quit_question", ["count": 1]).hasPrefix("1 change is not sent yet. It stays"))
    }

    @Test func leavesAnUnfilledPlaceholderAsWritten() {
        #expect(catalog.string("greeting", ["name": "Ana"]) == "Hello Ana, {count} rooms")
    }

    @Test func aMissingKeyComesBackInBrackets() {
        #expect(catalog.string("no.such.key") == "[no.such.key]")
        let key = "no.such.key"
        #expect(L(key) == "[no.such.key]")
    }

    @Test func placeholderNamesAreIdentifiersOnly() {
        #expect(StringCatalog.placeholders(in: "Hello {name}, {count} rooms, {name} again") == ["name", "count"])
        #expect(StringCatalog.placeholders(in: "a {not a placeholder} and {x}") == ["x"])
        #expect(catalog.string("braces", ["x": "1"]) == "a {not a placeholder} and 1")
    }

    /// The template is split on its bytes (#18): text beyond ASCII around and between
    /// placeholders, braces that open nothing, a name that is not ASCII, an unclosed brace.
    @Test func templatesBeyondASCIIAreSplitAsWritten() {
        let wide = StringCatalog(entries: ["t": "「{a}」 · {b}{a}… {é} {x {y}", "u": "{ {z} }", "v": "{", "w": "{}{a}"])
        #expect(wide.string("t", ["a": "1", "b": "2", "y": "3"]) == "「1」 · 21… {é} {x 3")
        #expect(StringCatalog.placeholders(in: "「{a}」 · {b}{a}… {é} {x {y}") == ["a", "b", "y"])
        #expect(wide.string("u", ["z": "Z"]) == "{ Z }")
        #expect(wide.string("v", ["z": "Z"]) == "{")
        #expect(wide.string("w", ["a": "A"]) == "{}A")
    }

    @Test func valuesAreFilledInOnceNotReinterpreted() {
        #expect(catalog.string("greeting", ["name": "{count}", "count": "2"]) == "Hello {count}, 2 rooms")
    }

    @Test func theGlobalFunctionReadsTheShippedCatalog() {
        #expect(L("header.to_send", ["count": 3]) == "3 to send")
        #expect(L("tabs.tasks") == "My tasks")
    }
}
