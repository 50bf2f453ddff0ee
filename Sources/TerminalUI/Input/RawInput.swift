import AppCore

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
