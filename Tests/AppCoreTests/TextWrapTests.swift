import AppCore
import Catalog
import Testing

@Suite struct TextWrapTests {
    func texts(_ lines: [[Span]]) -> [String] { lines.map { $0.map(\.text).joined() } }

    @Test func breaksAtSpaces() {
        let lines = TextWrap.wrap([Span("the quick brown fox jumps")], width: 10)
        #expect(texts(lines) == ["the quick", "brown fox", "jumps"])
    }

    @Test func breaksAWordLongerThanALine() {
        let lines = TextWrap.wrap([Span("a https://hotel.example.com/x")], width: 10)
        #expect(texts(lines) == ["a", "https://ho", "tel.exampl", "e.com/x"])
    }

    @Test func countsWideCharacters() {
        let lines = TextWrap.wrap([Span("山田太郎様 ようこそ")], width: 6)
        #expect(texts(lines) == ["山田太", "郎様", "ようこ", "そ"])
    }

    @Test func keepsStylesAcrossSpans() {
        let lines = TextWrap.wrap([Span("Room "), Span("dirty now", style: .statusDirty)], width: 10)
        #expect(lines == [[Span("Room "), Span("dirty", style: .statusDirty)], [Span("now", style: .statusDirty)]])
    }

    @Test func emptyTextIsOneEmptyLine() {
        #expect(TextWrap.wrap([], width: 10) == [[]])
    }
}
