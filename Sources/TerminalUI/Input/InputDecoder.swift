import AppCore
import CNCurses

/// Turns what the driver reads into keys, pastes, mouse presses and resizes.
///
/// ncurses decodes the keys its terminfo knows; this also decodes the escape sequences it passes
/// through as plain characters (a terminal missing from terminfo, the bracketed-paste markers), so
/// the same bytes give the same keys either way. Feed one drained batch, then call `endOfBatch()`:
/// an ESC still alone then is the Esc key.
public struct InputDecoder: Sendable {
    enum Mode: Equatable, Sendable {
        case ground
        case escape
        case controlSequence(String)
        case singleShift
        case paste
    }

    private(set) var mode = Mode.ground
    private var paste = BracketedPaste()

    public init() {}

    /// Decodes a whole batch: every input, then the end of the batch.
    public mutating func decode(_ inputs: [RawInput]) -> [TerminalInput] {
        var out: [TerminalInput] = []
        for input in inputs { out += feed(input) }
        return out + endOfBatch()
    }

    /// Decodes one input; a sequence in progress waits for the next.
    public mutating func feed(_ input: RawInput) -> [TerminalInput] {
        switch mode {
        case .paste:
            return feedPaste(input)
        case .escape:
            mode = .ground
            if case .scalar(let s) = input {
                switch s {
                case "[": mode = .controlSequence(""); return []
                case "O": mode = .singleShift; return []
                case "\u{1B}": mode = .escape; return [.key(.escape)]
                default: break
                }
            }
            return [.key(.escape)] + feed(input)
        case .controlSequence(let body):
            guard case .scalar(let s) = input else {
                mode = .ground
                return feed(input)
            }
            switch s.value {
            case 0x20...0x3F:
                mode = .controlSequence(body + String(s))
                return []
            case 0x40...0x7E:
                mode = .ground
                return controlSequence(body, final: s)
            default:
                mode = .ground
                return feed(input)
            }
        case .singleShift:
            mode = .ground
            guard case .scalar(let s) = input else { return feed(input) }
            return Self.singleShift[s].map { [.key($0)] } ?? []
        case .ground:
            return ground(input)
        }
    }

    /// Ends a drained batch: a lone ESC is the Esc key. Sequences and pastes in progress go on.
    public mutating func endOfBatch() -> [TerminalInput] {
        guard mode == .escape else { return [] }
        mode = .ground
        return [.key(.escape)]
    }

    private mutating func ground(_ input: RawInput) -> [TerminalInput] {
        switch input {
        case .mouse(let x, let y, .press): return [.press(x: x, y: y)]
        case .mouse(_, _, .wheelUp): return [.key(.up)]
        case .mouse(_, _, .wheelDown): return [.key(.down)]
        case .key(let code):
            if code == gc_key_paste_begin() {
                mode = .paste
                return []
            }
            if code == KEY_RESIZE { return [.resize] }
            return NCursesKeys.key(for: code).map { [.key($0)] } ?? []
        case .scalar(let s):
            switch s.value {
            case 0x1B: mode = .escape; return []
            case 0x0D, 0x0A: return [.key(.enter)]
            case 0x09: return [.key(.tab)]
            case 0x7F, 0x08: return [.key(.backspace)]
            case 0x01...0x1A: return [.key(.control(Character(Unicode.Scalar(s.value + 0x60)!)))]
            case 0x00...0x1F, 0x80...0x9F: return []
            default: return [.key(.character(Character(s)))]
            }
        }
    }

    private mutating func feedPaste(_ input: RawInput) -> [TerminalInput] {
        switch input {
        case .key(let code) where code == gc_key_paste_end():
            mode = .ground
            return [.paste(paste.finish())]
        case .key(let code) where code == KEY_ENTER:
            return append("\n")
        case .scalar(let s):
            return append(s)
        case .key, .mouse:
            return []
        }
    }

    private mutating func append(_ scalar: Unicode.Scalar) -> [TerminalInput] {
        guard let text = paste.append(scalar) else { return [] }
        mode = .ground
        return [.paste(text)]
    }

    /// `ESC [ params final`: cursor and editing keys, F-keys, the paste start marker.
    private mutating func controlSequence(_ body: String, final: Unicode.Scalar) -> [TerminalInput] {
        let first = Int(body.split(separator: ";").first ?? "") ?? 0
        switch final {
        case "A": return [.key(.up)]
        case "B": return [.key(.down)]
        case "C": return [.key(.right)]
        case "D": return [.key(.left)]
        case "H": return [.key(.home)]
        case "F": return [.key(.end)]
        case "Z": return [.key(.backTab)]
        case "~":
            if first == 200 {
                mode = .paste
                return []
            }
            return Self.tildeKeys[first].map { [.key($0)] } ?? []
        default:
            return []
        }
    }

    /// `ESC [ n ~` keys (xterm, VT220).
    static let tildeKeys: [Int: Key] = [
        1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// `ESC O x` keys (application cursor mode, VT100 F1–F4).
    static let singleShift: [Unicode.Scalar: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "M": .enter,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]
}
