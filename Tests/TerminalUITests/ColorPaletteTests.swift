import Catalog
import Testing
@testable import TerminalUI

@Suite struct ColorPaletteTests {
    @Test func everyColouredTokenGetsItsOwnPairWithTheThemesColours() throws {
        let dark = try #require(Theme.named("dark"))
        let palette = ColorPalette(theme: dark, useColor: true, colors: 256)
        let coloured = StyleToken.allCases.filter { dark.style($0).fg != .default || dark.style($0).bg != .default }
        #expect(coloured.count > 5)
        #expect(Set(coloured.map { palette[$0].pair }).count == coloured.count, "a pair each")
        #expect(!coloured.contains { palette[$0].pair == 0 })
        #expect(palette[.header].foreground == 7 && palette[.header].background == 4)
        #expect(palette[.normal].foreground == -1 && palette[.normal].background == -1, "default is colour -1")
        // The terminal's own colours are pair 0, as erased cells are (#18).
        #expect(palette[.normal].pair == 0)
        #expect(StyleToken.allCases.filter { palette[$0].pair == 0 }.allSatisfy { !coloured.contains($0) })
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
