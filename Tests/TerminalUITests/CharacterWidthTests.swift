import AppCore
import CNCurses
import Testing

/// AppCore measures text in pure Swift; ncursesw places it with the C library's `wcwidth`. They
/// must agree, or columns drift on screen.
@Suite struct CharacterWidthTests {
    @Test func displayWidthAgreesWithTheCLibrary() throws {
        try #require(gc_setlocale_utf8() == 1, "a UTF-8 locale (C.UTF-8) is needed")
        var mismatches: [String] = []
        for value in UInt32(0x20)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let system = Int(gc_wcwidth(wchar_t(bitPattern: value)))
            guard system >= 0 else { continue }  // unassigned or a control: never drawn
            if scalar.properties.generalCategory == .format { continue }  // removed by InertText
            let ours = DisplayWidth.width(of: scalar)
            if ours != system, mismatches.count < 20 {
                mismatches.append(String(format: "U+%04X ours %d wcwidth %d", value, ours, system))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
