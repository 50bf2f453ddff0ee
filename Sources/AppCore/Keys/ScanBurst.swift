/// A barcode scanner types like a keyboard: a burst of characters ending in Enter. The terminal
/// loop hands the keys that arrived in one read (between two wake-ups) to `text(of:)`: two or
/// more printable characters and a final Enter, and nothing else, are a scan; keys typed by a
/// person arrive one read each and keep their ordinary meaning (decisions.md).
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
