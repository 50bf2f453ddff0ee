import Catalog
import Foundation
import Testing

@Suite struct ThemeTests {
    @Test func theShippedThemesAreLightDarkAndMonochrome() {
        #expect(Theme.all.map(\.name) == ["dark", "light", "monochrome"])
        #expect(Theme.standard.name == "dark")
    }

    @Test(arguments: ["light", "dark", "monochrome"])
    func everyThemeHasEveryToken(_ name: String) throws {
        let theme = try #require(Theme.named(name))
        let missing = StyleToken.allCases.filter { theme.styles[$0] == nil }
        #expect(missing.isEmpty, "\(name) lacks \(missing.map(\.rawValue))")
    }

    @Test func focusStaysVisibleWithoutColour() throws {
        for theme in Theme.all {
            #expect(theme.style(.focus).attributes.contains(.reverse), "\(theme.name): focus must be reverse")
        }
        let monochrome = try #require(Theme.named("monochrome"))
        for token in StyleToken.allCases {
            #expect(monochrome.style(token).fg == .default && monochrome.style(token).bg == .default)
        }
    }

    @Test func anUnknownTokenColourOrAttributeIsAnError() {
        let unknownToken = Data(#"{"x": {"no_such_token": {"fg": "red"}}}"#.utf8)
        #expect(throws: ThemeFileError.unknownToken(theme: "x", token: "no_such_token")) {
            try Theme.decodeAll(from: unknownToken)
        }
        #expect(throws: ThemeFileError.unknownValue(theme: "x", token: "focus", value: "purple")) {
            try Theme.decodeAll(from: Data(#"{"x": {"focus": {"fg": "purple"}}}"#.utf8))
        }
        #expect(throws: ThemeFileError.unknownValue(theme: "x", token: "focus", value: "blink")) {
            try Theme.decodeAll(from: Data(#"{"x": {"focus": {"attrs": ["blink"]}}}"#.utf8))
        }
    }

    @Test func missingFieldsMeanTheTerminalsOwnColours() throws {
        let themes = try Theme.decodeAll(from: Data(#"{"x": {"focus": {"attrs": ["reverse"]}}}"#.utf8))
        #expect(themes.first?.style(.focus) == ThemeStyle(attributes: [.reverse]))
        #expect(themes.first?.style(.header) == .plain)
    }
}
