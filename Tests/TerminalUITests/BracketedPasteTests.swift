import AppCore
import CNCurses
import Testing
@testable import TerminalUI

/// A bracketed paste is one event, whatever it holds and however it arrives.
@Suite struct BracketedPasteTests {
    let link = "https://hotel.example.com/mobile/pair#gcp_abc123"

    @Test func markersAsCharactersGiveOnePasteEvent() {
        var decoder = InputDecoder()
        let events = decoder.decode(RawInput.typing("x\u{1B}[200~\(link)\u{1B}[201~y"))
        #expect(events == [.key(.character("x")), .paste(link), .key(.character("y"))])
    }

    @Test func markersAsDefinedKeysGiveOnePasteEvent() {
        var decoder = InputDecoder()
        let inputs: [RawInput] = [.key(gc_key_paste_begin())] + RawInput.typing(link) + [.key(gc_key_paste_end())]
        #expect(decoder.decode(inputs) == [.paste(link)])
    }

    @Test func keysInsideAPasteAreText() {
        var decoder = InputDecoder()
        let events = decoder.decode(RawInput.typing("\u{1B}[200~q?1\r\nsecond\rthird\u{1B}[201~"))
        #expect(events == [.paste("q?1\nsecond\nthird")])
    }

    @Test func escapeSequencesAndControlsInsideAreStripped() {
        var decoder = InputDecoder()
        let events = decoder.decode(RawInput.typing("\u{1B}[200~a\u{1B}[31mred\u{1B}]0;title\u{07}\u{7}b\u{202E}c\u{1B}[201~"))
        #expect(events == [.paste("aredbc")])
    }

    @Test func aPasteCanSpanManyBatches() {
        var decoder = InputDecoder()
        #expect(decoder.decode(RawInput.typing("\u{1B}[200~first ")) == [])
        #expect(decoder.decode(RawInput.typing("second\u{1B}")) == [], "an ESC inside a paste is not the Esc key")
        #expect(decoder.decode(RawInput.typing("[201~")) == [.paste("first second")])
        #expect(decoder.decode(RawInput.typing("k")) == [.key(.character("k"))])
    }

    @Test func aHugePasteKeepsItsBeginning() {
        var paste = BracketedPaste()
        for _ in 0..<(BracketedPaste.limit + 100) { _ = paste.append("a") }
        #expect(paste.finish().count == BracketedPaste.limit)
    }

    @Test func cleaningKeepsLineBreaksAndTabsBecomeSpaces() {
        #expect(BracketedPaste.clean("a\r\nb\tc\u{1B}[Ad") == "a\nb cd")
    }
}
