import AppCore
import CNCurses

/// One thing the terminal driver read: a character, an ncurses key code or a mouse report.
public enum RawInput: Equatable, Sendable {
    /// A character as `get_wch` gives it (UTF-8 already decoded).
    case scalar(Unicode.Scalar)
    /// A key ncurses decoded (`KEY_UP`, `KEY_RESIZE`, the paste markers …).
    case key(Int32)
    /// A mouse report, already read with `getmouse`.
    case mouse(x: Int, y: Int, MouseAction)

    /// What the mouse did.
    public enum MouseAction: Equatable, Sendable {
        case press, wheelUp, wheelDown
    }

    /// The inputs `get_wch` would give for these bytes (UTF-8 decoded, invalid bytes as U+FFFD):
    /// the form tests and fake drivers write input in.
    public static func bytes(_ bytes: [UInt8]) -> [RawInput] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { .scalar($0) }
    }

    /// The inputs for typing `text`.
    public static func typing(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .scalar($0) }
    }
}

/// What the decoder makes of raw input, before the runner maps it onto the screen.
public enum TerminalInput: Equatable, Sendable {
    case key(Key)
    /// A whole bracketed paste, made inert.
    case paste(String)
    /// A mouse press at a cell.
    case press(x: Int, y: Int)
    /// The terminal changed size.
    case resize
}

extension RawInput {
    /// The key ncurses gives for the start marker of a bracketed paste (registered with `define_key`).
    public static var pasteBegin: RawInput { .key(gc_key_paste_begin()) }
    /// The key ncurses gives for the end marker of a bracketed paste.
    public static var pasteEnd: RawInput { .key(gc_key_paste_end()) }

    /// Every ncurses key code the decoder gives a meaning (the paste markers and resize too): what
    /// fake drivers and the fuzz checks (`Tests/Fuzz`) choose keys from.
    public static var decodedKeyCodes: [Int32] {
        [KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END, KEY_PPAGE, KEY_NPAGE, KEY_ENTER,
         KEY_BACKSPACE, KEY_DC, KEY_BTAB, KEY_RESIZE, gc_key_paste_begin(), gc_key_paste_end()]
            + (1...12).map { gc_key_f(Int32($0)) }
    }
}
