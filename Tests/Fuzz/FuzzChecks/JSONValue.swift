import Foundation
import JSONBytes

/// Any JSON document as JSONDecoder reads it, to compare with `JSONDocument` (`PlainJSON`).
public indirect enum JSONValue: Codable, Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Set (to true) in a decoder's `userInfo`: every number is asked for as a `Double` first.
    static let doublesFirst = CodingUserInfoKey(rawValue: "JSONValue.doublesFirst")!

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let doublesFirst = decoder.userInfo[Self.doublesFirst] as? Bool == true
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if doublesFirst, let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)   // doubles first, `1e-400`: no Double for JSONDecoder, the Int 0
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The same document as `JSONDocument` read it.
    public init(_ document: JSONDocument) {
        switch document {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members): self = .object(members.mapValues(JSONValue.init))
        }
    }

    /// The document as JSONDecoder reads it twice: numbers asked for as an `Int` first (as
    /// `JSONValue` decodes), and every number asked for as a `Double`; nil when it refuses it.
    public static func decodedBothWays(_ data: Data) -> (integers: JSONValue, doubles: JSONValue)? {
        let doublesFirst = JSONDecoder()
        doublesFirst.userInfo[Self.doublesFirst] = true
        guard let integers = try? JSONDecoder().decode(JSONValue.self, from: data),
              let doubles = try? doublesFirst.decode(JSONValue.self, from: data) else { return nil }
        return (integers, doubles)
    }

    /// What JSONDecoder reads for `document`'s values: its number where `document` has a
    /// `number` (a Double: JSONDecoder's Double, `doubles`), its `Int` or other value elsewhere
    /// (`integers`). JSONDecoder asked for an `Int` reads some fractions past a Double's precision
    /// (`9922337203685477.002`) as another number than it reads as a `Double` (found by `json`).
    public static func asDecoded(_ integers: JSONValue, _ doubles: JSONValue, for document: JSONDocument) -> JSONValue {
        switch (document, integers, doubles) {
        case (.number, _, .number): doubles
        case (.array(let items), .array(let ints), .array(let dbls)) where items.count == ints.count && ints.count == dbls.count:
            .array((0..<items.count).map { asDecoded(ints[$0], dbls[$0], for: items[$0]) })
        case (.object(let members), .object(let ints), .object(let dbls)):
            .object(ints.reduce(into: [:]) { merged, member in
                merged[member.key] = members[member.key].flatMap { document in
                    dbls[member.key].map { asDecoded(member.value, $0, for: document) }
                } ?? member.value
            })
        default: integers
        }
    }

    /// The same document with every number that is a whole `Int` as `integer`: JSONDecoder reads
    /// `1.0` and `1e2` as integers, a reader may keep them as written.
    public var numbersAsNumbers: JSONValue {
        switch self {
        case .number(let value): Int(exactly: value).map(JSONValue.integer) ?? self
        case .array(let items): .array(items.map(\.numbersAsNumbers))
        case .object(let members): .object(members.mapValues(\.numbersAsNumbers))
        case .null, .bool, .integer, .string: self
        }
    }

    /// Compact JSON with sorted members (for reports and comparisons in tests).
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\"\($0)\":\(members[$0]!.description)" }.joined(separator: ",") + "}"
        }
    }
}
