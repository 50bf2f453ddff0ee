/// A barcode scanner types like a keyboard: a burst of characters ending in Enter. The terminal
/// loop hands the keys that arrived in one read (between two wake-ups) to `text(of:)`: two or
/// more printable characters and a final Enter, and nothing else, are a scan; keys typed by a
/// person arrive one read each and keep their ordinary meaning
/// (docs/decisions/0034-a-scan-is-what-one-read-holds.md). A scan split across reads is
/// `ScanAssembler`'s (docs/decisions/0067-a-scan-judged-by-timing-across-reads.md).
public enum ScanBurst {
    /// The scanned text when `keys` (one read's, and nothing else in it) are a burst ending in Enter.
    public static func text(of keys: [Key]) -> String? {
        guard keys.count >= 3, keys.last == .enter else { return nil }
        var text = ""
        for key in keys.dropLast() {
            guard case .character(let c) = key, !c.isWhitespace || c == " " else { return nil }
            text.append(c)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.count >= 2 ? trimmed : nil
    }
}

/// Text pasted where the terminal has no bracketed paste (the Linux console): a multi-line
/// paste arrived as keys, and its lines ran as commands (#31: a task was marked Done). A read
/// with three or more printable characters and an Enter followed by more of them is no person's
/// typing nor a scanner's tag: it is text, handed on as a paste (line breaks kept).
public enum UnbracketedPaste {
    /// The text when `keys` (one read's, and nothing else in it) are a paste.
    public static func text(of keys: [Key]) -> String? {
        var text = ""
        var printable = 0
        var enterFollowed = false
        var afterEnter = false
        for key in keys {
            switch key {
            case .character(let character):
                text.append(character)
                printable += 1
                if afterEnter { enterFollowed = true }
            case .enter:
                text.append("\n")
                afterEnter = true
            case .tab:
                text.append("\t")
            default:
                return nil
            }
        }
        return printable >= 3 && enterFollowed ? text : nil
    }
}
