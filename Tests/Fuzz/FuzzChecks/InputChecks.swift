import AppCore
import Foundation
import TerminalUI

/// The terminal input decoder: the same bytes give the same events however the reads split them
/// (a slow SSH link splits escape sequences, pastes and UTF-8 characters), and what comes out is
/// inert.
///
/// Input: the first byte seeds where the reads split; then bytes as the terminal sends them,
/// where `0xFE k` stands for an ncurses key code (`RawInput.decodedKeyCodes[k]`) and
/// `0xFD x y` for a mouse report (neither byte occurs in UTF-8).
public enum InputChecks {
    enum Unit: Equatable {
        case byte(UInt8)
        case key(Int32)
        case mouse(x: Int, y: Int, RawInput.MouseAction)
    }

    static func units(_ bytes: ArraySlice<UInt8>) -> [Unit] {
        var units: [Unit] = []
        let keys = RawInput.decodedKeyCodes
        var index = bytes.startIndex
        func next() -> UInt8 {
            guard index < bytes.endIndex else { return 0 }
            defer { index += 1 }
            return bytes[index]
        }
        while index < bytes.endIndex {
            let byte = next()
            switch byte {
            case 0xFE: units.append(.key(keys[Int(next()) % keys.count]))
            case 0xFD:
                let x = Int(next()), y = Int(next())
                let action: RawInput.MouseAction = y >= 250 ? (y % 2 == 0 ? .wheelUp : .wheelDown) : .press
                units.append(.mouse(x: x, y: y, action))
            default: units.append(.byte(byte))
            }
        }
        return units
    }

    /// `units` as reads: `splits` are the indices a read ends before. Bytes of a character cut by a
    /// read wait for the next one, as `get_wch` waits; a key or a mouse report ends the bytes before it.
    static func reads(_ units: [Unit], splits: Set<Int>) -> [[RawInput]] {
        var reads: [[RawInput]] = [[]]
        var pending: [UInt8] = []
        func flush(all: Bool) {
            guard !pending.isEmpty else { return }
            // The decoded characters; an incomplete one at the end waits unless `all`.
            var scalars: [Unicode.Scalar] = []
            var held: [UInt8] = []
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = pending.makeIterator()
            var consumed = 0
            loop: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF8.decode(encoded))
                    consumed += encoded.count
                case .error(let length):
                    if !all, consumed + length == pending.count, pending[consumed] >= 0xC0 {
                        held = Array(pending[consumed...])
                        break loop
                    }
                    scalars.append("\u{FFFD}")
                    consumed += length
                case .emptyInput:
                    break loop
                }
            }
            reads[reads.count - 1] += scalars.map { .scalar($0) }
            pending = held
        }
        for (index, unit) in units.enumerated() {
            if splits.contains(index) {
                flush(all: false)
                reads.append([])
            }
            switch unit {
            case .byte(let byte): pending.append(byte)
            case .key(let code):
                flush(all: true)
                reads[reads.count - 1].append(.key(code))
            case .mouse(let x, let y, let action):
                flush(all: true)
                reads[reads.count - 1].append(.mouse(x: x, y: y, action))
            }
        }
        flush(all: true)
        return reads
    }

    public static func decoder(_ data: Data) -> [String] {
        guard let seed = data.first else { return [] }
        let units = Self.units(Array(data).dropFirst())
        var problems: [String] = []

        var whole = InputDecoder()
        let all = Self.reads(units, splits: [])
        let expected = whole.decode(all.flatMap { $0 })

        // Splits anywhere but right after an ESC: an ESC that ends a read is the Esc key (InputDecoder's
        // contract: "an ESC still alone then is the Esc key"), so there the events differ by design.
        var random = SplitMix(seed: UInt64(seed))
        var splits: Set<Int> = []
        for index in 1..<max(units.count, 1) where random.next() % 4 == 0 && units[index - 1] != Unit.byte(0x1B) {
            splits.insert(index)
        }
        var split = InputDecoder()
        var events: [TerminalInput] = []
        for read in Self.reads(units, splits: splits) { events += split.decode(read) }
        if events != expected {
            problems.append("read in \(splits.count + 1) parts the input gives \(RefuseOrAgree.clip(events)), in one \(RefuseOrAgree.clip(expected))")
        }
        // One at a time, as a slow link delivers it, where no ESC ends a read.
        var single = InputDecoder()
        var oneByOne: [TerminalInput] = []
        let allSplits = Set((1..<max(units.count, 1)).filter { units[$0 - 1] != Unit.byte(0x1B) })
        for read in Self.reads(units, splits: allSplits) { oneByOne += single.decode(read) }
        if oneByOne != expected {
            problems.append("read unit by unit the input gives \(RefuseOrAgree.clip(oneByOne)), in one \(RefuseOrAgree.clip(expected))")
        }

        if expected.count > units.count + 1 { problems.append("\(expected.count) events from \(units.count) inputs") }
        for event in expected {
            switch event {
            case .paste(let text):
                if let bad = TextChecks.firstUnsafeScalar(text, singleLine: false) {
                    problems.append("a paste holds U+\(String(bad.value, radix: 16, uppercase: true))")
                }
                if text.unicodeScalars.count > BracketedPaste.limit { problems.append("a paste of \(text.unicodeScalars.count) characters") }
            case .key(.character(let character)):
                if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                    problems.append("a control character typed as a character: \(character.unicodeScalars.map { $0.value })")
                }
            default:
                break
            }
        }
        return problems
    }
}

/// A small deterministic generator (SplitMix64) for the split points.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
