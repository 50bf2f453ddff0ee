import AppCore
import CNCurses
import Testing
@testable import TerminalUI

/// Bytes (as `get_wch` hands them over) and ncurses key codes become the app's keys.
@Suite struct InputDecoderTests {
    func decode(_ bytes: [UInt8]) -> [TerminalInput] {
        var decoder = InputDecoder()
        return decoder.decode(RawInput.bytes(bytes))
    }

    func decode(_ text: String) -> [TerminalInput] { decode(Array(text.utf8)) }

    func decode(keys codes: [Int32]) -> [TerminalInput] {
        var decoder = InputDecoder()
        return decoder.decode(codes.map { .key($0) })
    }

    @Test func printableCharactersIncludingUTF8() {
        #expect(decode("aZ5 /?") == "aZ5 /?".map { .key(.character($0)) })
        #expect(decode([0xC3, 0xA9, 0xE5, 0xB1, 0xB1]) == [.key(.character("é")), .key(.character("山"))])
    }

    @Test func enterArrivesAsTenThirteenOrKeyEnter() {
        #expect(decode([10, 13]) == [.key(.enter), .key(.enter)])
        #expect(decode(keys: [KEY_ENTER]) == [.key(.enter)])
    }

    @Test func backspaceTabAndControlKeys() {
        #expect(decode([127, 8, 9, 12]) == [.key(.backspace), .key(.backspace), .key(.tab), .key(.control("l"))])
        #expect(decode(keys: [KEY_BACKSPACE, KEY_BTAB, KEY_DC]) == [.key(.backspace), .key(.backTab), .key(.delete)])
    }

    @Test func aLoneEscapeIsTheEscKeyAtTheEndOfTheBatch() {
        var decoder = InputDecoder()
        #expect(decoder.feed(.scalar("\u{1B}")) == [])
        #expect(decoder.endOfBatch() == [.key(.escape)])
        #expect(decode([27, 27]) == [.key(.escape), .key(.escape)])
    }

    @Test func escapeThenALetterIsEscThenTheLetter() {
        #expect(decode("\u{1B}q") == [.key(.escape), .key(.character("q"))])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}[1;5A", .up),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}OH", .home), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)),
        ("\u{1B}[21~", .function(10)), ("\u{1B}[24~", .function(12)),
    ])
    func escapeSequencesNcursesPassesThrough(sequence: String, key: Key) {
        #expect(decode(sequence) == [.key(key)])
    }

    @Test func keysNcursesDecoded() {
        let codes = [KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END]
        #expect(decode(keys: codes) == [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end].map { .key($0) })
        #expect(decode(keys: (1...10).map { gc_key_f(Int32($0)) }) == (1...10).map { .key(.function($0)) })
    }

    @Test func resizeAndMouse() {
        var decoder = InputDecoder()
        #expect(decoder.decode([.key(KEY_RESIZE)]) == [.resize])
        #expect(decoder.decode([.mouse(x: 3, y: 4, .press), .mouse(x: 0, y: 0, .wheelDown), .mouse(x: 0, y: 0, .wheelUp)])
            == [.press(x: 3, y: 4), .key(.down), .key(.up)])
    }

    @Test func unknownSequencesAndControlsAreDropped() {
        #expect(decode("\u{1B}[99~x") == [.key(.character("x"))])
        #expect(decode("\u{1B}[<0;10;5Mx") == [.key(.character("x"))])
        #expect(decode([0, 28, 0xC2, 0x9B]) == [])
        #expect(decode(keys: [KEY_F0 + 40, KEY_IC]) == [])
    }

    @Test func aSequenceSplitAcrossBatchesIsStillOneKey() {
        var decoder = InputDecoder()
        #expect(decoder.decode(RawInput.typing("\u{1B}[1")) == [])
        #expect(decoder.decode(RawInput.typing("5~")) == [.key(.function(5))])
    }

    @Test func aScannerBurstIsCharactersThenItsTerminator() {
        #expect(decode("R-101\r") == "R-101".map { .key(.character($0)) } + [.key(.enter)])
        #expect(decode("0417\t") == "0417".map { .key(.character($0)) } + [.key(.tab)])
    }
}
