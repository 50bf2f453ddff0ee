import Catalog
import Testing
@testable import TerminalUI

@Suite struct ColorPaletteTests {
    @Test func everyTokenGetsItsOwnPairWithTheThemesColours() throws {
        let dark = try #require(Theme.named("dark"))
        let palette = ColorPalette(theme: dark, useColor: true, colors: 256)
        #expect(Set(StyleToken.allCases.map { palette[$0].pair }).count == StyleToken.allCases.count)
        #expect(palette[.header].foreground == 7 && palette[.header].background == 4)
        #expect(palette[.normal].foreground == -1 && palette[.normal].background == -1, "default is colour -1")
    }

    @Test func brightColoursNeedSixteenColours() {
        #expect(ColorPalette.number(.brightRed, colors: 256) == 9)
        #expect(ColorPalette.number(.brightRed, colors: 8) == 1)
        #expect(ColorPalette.number(.default, colors: 8) == -1)
    }

    @Test func withoutColourFocusStaysReverseAndBold() throws {
        let palette = ColorPalette(theme: try #require(Theme.named("dark")), useColor: false, colors: 256)
        #expect(palette[.focus].attributes.isSuperset(of: [.reverse, .bold]))
        #expect(StyleToken.allCases.allSatisfy { palette[$0].pair == 0 })
    }

    @Test func noColorSetAndNonEmptyTurnsColourOff() {
        #expect(!ColorPalette.colorWanted(environment: ["NO_COLOR": "1"]))
        #expect(ColorPalette.colorWanted(environment: ["NO_COLOR": ""]))
        #expect(ColorPalette.colorWanted(environment: [:]))
    }
}
