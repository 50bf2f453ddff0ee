import Foundation

/// A line of text a person edits (an address, a pairing link, a device name): the text and
/// the cursor, with the editing keys every field shares. Pure value; views draw it as a `Field`.
public struct TextInput: Equatable, Sendable {
    /// What was typed, as typed (drawn through `InertString`).
    public private(set) var text: String
    /// The cursor, in characters from the start.
    public private(set) var cursor: Int
    /// The most characters the field takes.
    public var limit: Int

    public init(_ text: String = "", limit: Int = 2_048) {
        self.limit = limit
        self.text = String(text.prefix(limit))
        cursor = self.text.count
    }

    public var isEmpty: Bool { text.isEmpty }

    /// The text without spaces around it.
    public var trimmed: String { text.trimmingCharacters(in: .whitespaces) }

    /// Applies an editing key; answers whether the key was one (others are left to the screen).
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(String(character))
        case .backspace:
            guard cursor > 0 else { return true }
            let index = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: index)
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = text.count
        case .control("u"):
            text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: cursor))
            cursor = 0
        case .control("k"):
            text.removeSubrange(text.index(text.startIndex, offsetBy: cursor)...)
        default:
            return false
        }
        return true
    }

    /// Inserts typed or pasted text at the cursor; line breaks and other controls are dropped.
    public mutating func insert(_ piece: String) {
        let clean = String(piece.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F
                                                         && !(0x80...0x9F).contains($0.value) }.map(Character.init))
        let room = max(0, limit - text.count)
        let kept = String(clean.prefix(room))
        guard !kept.isEmpty else { return }
        text.insert(contentsOf: kept, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += kept.count
    }

    /// Replaces the whole text, cursor at the end.
    public mutating func set(_ newText: String) {
        text = String(newText.prefix(limit))
        cursor = text.count
    }

    /// The screen's field for this input.
    public func field(label: String? = nil, placeholder: String? = nil) -> Field {
        Field(label: label.map { Span($0) }, value: InertString(text), cursor: cursor,
              placeholder: placeholder.map { Span($0) })
    }
}

/// A paste as fields take it: the text without its line breaks, and whether it ended with one
/// (a scanner or a pasted line asks to submit).
public struct PastedLine: Equatable, Sendable {
    public let text: String
    public let submits: Bool

    public init(_ paste: String) {
        let last = paste.unicodeScalars.last { $0 != " " && $0 != "\t" }
        submits = last == "\n" || last == "\r"
        text = paste.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined()
    }
}
