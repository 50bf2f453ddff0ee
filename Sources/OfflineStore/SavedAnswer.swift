import Foundation
import GuestCraftAPI

/// The body of a saved read: the answer's value and its ETag (sent as `If-None-Match` next time).
///
/// Written as JSON with sorted keys, so `"etag"` comes first and a conditional read takes the
/// ETag from the head of the body (`etag(in:)`) without reading the value: for 2,000 rooms that
/// was a full JSON decode on the way to the first frame. A saved room list and a saved Today are
/// read straight from their bytes (`PlainEnvelopeReadable`, PlainJSON's subset); every other
/// value, and those outside that subset, with JSONDecoder.
public struct SavedAnswer<Value: Codable>: Codable {
    public var etag: String?
    public var value: Value

    public init(etag: String?, value: Value) {
        self.etag = etag
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case etag, value }

    /// Writes `"etag": null` too, so the head of every body says whether there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(etag, forKey: .etag)
        try container.encode(value, forKey: .value)
    }

    /// The body to save.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The body to save for a value still in the JSON it came in (`valueJSON`, a whole JSON
    /// document): the same envelope as `encoded()`, without encoding 2,000 rooms again.
    ///
    /// `head`, when given, is a JSON document written before the value (`"head":…`): what the
    /// start draws its first frame from while the value is read (a room list's count and first
    /// rooms, `UnitList.plainSavedHead`). Reading the whole answer drops it.
    public static func encoded(etag: String?, head: Data? = nil, valueJSON: Data) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var body = Data(#"{"etag":"#.utf8)
        if let etag {
            // The ETag as a JSON string: `["…"]` without its brackets.
            let array = try encoder.encode([etag])
            body.append(array.dropFirst().dropLast())
        } else {
            body.append(contentsOf: Array("null".utf8))
        }
        if let head {
            body.append(contentsOf: Array(#","\#(UnitList.savedHeadKey)":"#.utf8))
            body.append(head)
        }
        body.append(contentsOf: Array(#","value":"#.utf8))
        body.append(valueJSON)
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// The saved answer in `body`, or nil when it cannot be read (damaged, or another shape).
    public static func decode(_ body: Data) -> SavedAnswer? {
        plain(body) ?? (try? JSONDecoder().decode(SavedAnswer.self, from: body))
    }

    /// A saved room list or Today read without JSONDecoder, straight from the bytes; nil for
    /// other values or outside PlainJSON's subset.
    private static func plain(_ body: Data) -> SavedAnswer? {
        guard let type = Value.self as? PlainEnvelopeReadable.Type else { return nil }
        return plain(body, as: type)
    }

    private static func plain(_ body: Data, as type: PlainEnvelopeReadable.Type) -> SavedAnswer? {
        guard let read = type.plainEnvelope(body, valueKey: "value"),
              read.others.keys.allSatisfy({ $0 == "etag" }), let value = read.value as? Value else { return nil }
        switch read.others["etag"] {
        case nil, .null?: return SavedAnswer(etag: nil, value: value)
        case .string(let etag)?: return SavedAnswer(etag: etag, value: value)
        default: return nil
        }
    }
}

extension SavedAnswer where Value: PlainEnvelopeReadable {
    /// `decode` for a value read straight from the bytes, known to be one where it is called:
    /// without asking at run time whether it can be, the first ask of which scans every
    /// conformance the program has (250,000 instructions on the start's read ahead, #18).
    public static func decode(_ body: Data) -> SavedAnswer? {
        plain(body, as: Value.self) ?? (try? JSONDecoder().decode(SavedAnswer.self, from: body))
    }
}

/// The ETag of a saved answer, read from the head of its body.
public enum SavedAnswerETag {
    /// What the head of `body` says: `.etag` (the saved ETag), `.none` (saved with a null one),
    /// or `.unreadable` when the head does not say (no ETag at the head: saved without one, by
    /// an older writer, or damaged): the caller then decodes the body in full.
    public enum Head: Equatable, Sendable {
        case etag(String)
        case none
        case unreadable
    }

    private static let prefix = Array(#"{"etag":"#.utf8)
    private static let nullValue = Array("null,".utf8)

    public static func head(of body: Data) -> Head {
        body.withUnsafeBytes { raw -> Head in
            let bytes = raw.bindMemory(to: UInt8.self)
            // A body whose value comes first was not written by `encoded()` (it writes "etag"
            // first when there is one); only a full decode can say whether an ETag follows.
            guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return .unreadable }
            var index = prefix.count
            if bytes[index...].starts(with: nullValue) { return .none }
            guard bytes[index] == UInt8(ascii: "\"") else { return .unreadable }
            // The string runs to the first quote that no backslash escapes.
            let start = index
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ",") else { return .unreadable }
                    // The string alone, unescaped by JSONDecoder (a few bytes).
                    let literal = Data([UInt8(ascii: "[")] + bytes[start...index] + [UInt8(ascii: "]")])
                    guard let text = (try? JSONDecoder().decode([String].self, from: literal))?.first else {
                        return .unreadable
                    }
                    return .etag(text)
                case 0x00..<0x20: return .unreadable
                default: index += 1
                }
            }
            return .unreadable
        }
    }
}
