import AppCore
import CNCurses

/// The app's key for an ncurses key code (`KEY_UP` …), if it uses that key.
enum NCursesKeys {
    static func key(for code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        default:
            for n in 1...12 where code == gc_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }
}

extension RawInput {
    /// What the terminal gives for the app's `key` (ncurses' code, or the character): the form a
    /// scripted driver types keys in (the in-process harness, #33).
    public static func of(_ key: Key) -> [RawInput] {
        switch key {
        case .character(let character): return character.unicodeScalars.map { .scalar($0) }
        case .enter: return [.scalar("\r")]
        case .escape: return [.scalar("\u{1B}")]
        case .tab: return [.scalar("\t")]
        case .backspace: return [.key(KEY_BACKSPACE)]
        case .delete: return [.key(KEY_DC)]
        case .backTab: return [.key(KEY_BTAB)]
        case .up: return [.key(KEY_UP)]
        case .down: return [.key(KEY_DOWN)]
        case .left: return [.key(KEY_LEFT)]
        case .right: return [.key(KEY_RIGHT)]
        case .home: return [.key(KEY_HOME)]
        case .end: return [.key(KEY_END)]
        case .pageUp: return [.key(KEY_PPAGE)]
        case .pageDown: return [.key(KEY_NPAGE)]
        case .function(let n): return [.key(gc_key_f(Int32(n)))]
        case .control(let letter):
            guard let value = letter.asciiValue, (97...122).contains(value) else { return [] }
            return [.scalar(Unicode.Scalar(value - 96))]
        }
    }

    /// What a terminal gives for a resize.
    public static var resize: RawInput { .key(KEY_RESIZE) }
}
