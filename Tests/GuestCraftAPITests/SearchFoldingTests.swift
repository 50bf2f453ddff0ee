import Testing
import GuestCraftAPI

/// Search as a clerk types (#30): case, accents and the German transliterations do not count.
@Suite("Search folding")
struct SearchFoldingTests {
    @Test("ü is u and ue, ö is o and oe, ä is a and ae, ß is ss")
    func germanTransliterations() {
        for query in ["muller", "mueller", "MÜLLER", "Müller", "müll", "uel"] {
            #expect(SearchFolding.text("Lena Müller", contains: query), "\(query)")
        }
        #expect(SearchFolding.text("Mueller", contains: "müller"), "a query with ü finds the name written ue")
        #expect(SearchFolding.text("Björn Weiß", contains: "bjoern weiss"))
        #expect(SearchFolding.text("Björn Weiß", contains: "bjorn weiß"))
        #expect(SearchFolding.text("Jäger", contains: "jaeger") && SearchFolding.text("Jäger", contains: "jager"))
    }

    @Test("accents and other marked letters do not count")
    func accents() {
        #expect(SearchFolding.text("Zoë Ångström", contains: "Zoe angstrom"))
        #expect(SearchFolding.text("Émile Dubois", contains: "emile"))
        #expect(SearchFolding.text("Nguyễn Thị Minh Khai", contains: "nguyen thi"))
        #expect(SearchFolding.text("Søren Østergaard-Kjærsgaard", contains: "soren ostergaard-kjaersgaard"))
        #expect(SearchFolding.text("Petrović", contains: "petrovic"))
        #expect(SearchFolding.text("Yılmaz", contains: "yilmaz"))
        // A combining accent typed apart (e + U+0301) is the same é.
        #expect(SearchFolding.text("Chlo\u{00E9}", contains: "chlo\u{0065}\u{0301}"))
    }

    @Test("every plain case-insensitive match stays one; other texts do not match")
    func noLostMatches() {
        #expect(SearchFolding.text("Joel Mueller", contains: "eller"), "a query inside the ue still finds it")
        #expect(SearchFolding.text("Joel", contains: "oe"))
        #expect(SearchFolding.text("李娜", contains: "李娜"))
        #expect(SearchFolding.text("Дмитрий Иванов", contains: "иванов"))
        #expect(SearchFolding.text("anything", contains: ""))
        #expect(!SearchFolding.text("Müller", contains: "miller"))
        #expect(!SearchFolding.text("Muller", contains: "mueller"), "ue finds ü, not a plain u")
        #expect(!SearchFolding.text("Zoë", contains: "zoee"))
    }

    @Test("the forms: plain first, the transliterated one only when it differs")
    func forms() {
        #expect(SearchFolding.forms("Müller") == ["muller", "mueller"])
        #expect(SearchFolding.forms("Zoë") == ["zoe"])
        #expect(SearchFolding.forms("HV-1001") == ["hv-1001"])
        #expect(SearchFolding.text("116", startsWith: "11") && !SearchFolding.text("2116", startsWith: "116"))
    }
}
