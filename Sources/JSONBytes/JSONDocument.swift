import Foundation

/// A JSON document as a tree, read by `JSONReader` in a grammar (`JSONGrammar`). Numbers are
/// `integer` when they are written as whole numbers that fit `Int`, `number` otherwise (only in
/// the strict grammar), as JSONDecoder reads a number into an `Int` before a `Double`.
public enum JSONDocument: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONDocument])
    case object([String: JSONDocument])

    /// The document of `data` in `grammar`, or nil when it is not one (trailing bytes included).
    public init?(_ data: Data, grammar: JSONGrammar) {
        let parsed = data.withUnsafeBytes { raw in
            JSONReader.whole(raw.bindMemory(to: UInt8.self), grammar: grammar) { $0.value() }
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The document of `bytes` in `grammar`, or nil when it is not one.
    public init?(bytes: [UInt8], grammar: JSONGrammar) {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            JSONReader.whole(buffer, grammar: grammar) { $0.value() }
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONDocument? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var object: [String: JSONDocument]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var array: [JSONDocument]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }
}

extension JSONReader {
    /// `read` over the whole of `bytes`: nil when it gives up or anything but space follows.
    @inlinable
    public static func whole<Result>(_ bytes: UnsafeBufferPointer<UInt8>, grammar: JSONGrammar,
                                     _ read: (inout JSONReader) -> Result?) -> Result? {
        var reader = JSONReader(bytes: bytes, grammar: grammar)
        guard let result = read(&reader) else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? result : nil
    }

    /// The value at the index as a tree: an object, an array, a string, a number, `true`,
    /// `false` or `null`, as the grammar reads them.
    public mutating func value() -> JSONDocument? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map(JSONDocument.string)
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number()
        }
    }

    /// A value this reader does not need, read (and checked) and dropped.
    public mutating func skipValue() -> Bool { value() != nil }

    /// A number: `integer` when it is a whole number that fits `Int`; else, in a grammar with
    /// fractions, a finite `Double` (JSONDecoder refuses one too large for it), else nil.
    mutating func number() -> JSONDocument? {
        let start = index
        if let whole = integerNumber() { return .integer(whole) }
        guard grammar.fractions else { return nil }
        index = start
        return fractionalNumber().map(JSONDocument.number)
    }

    mutating func array() -> JSONDocument? {
        var items: [JSONDocument] = []
        let read = elements { reader in
            guard let item = reader.value() else { return false }
            items.append(item)
            return true
        }
        return read ? .array(items) : nil
    }

    /// An object, each key decoded as the grammar reads strings; a repeated key keeps its first
    /// value or ends the read, as the grammar says.
    mutating func object() -> JSONDocument? {
        var members: [String: JSONDocument] = [:]
        members.reserveCapacity(8)
        let refusesRepeats = grammar.refusesRepeatedKeys
        let read = decodedMembers { key, reader in
            guard let member = reader.value() else { return false }
            if refusesRepeats { return members.updateValue(member, forKey: key) == nil }
            if members[key] == nil { members[key] = member }
            return true
        }
        return read ? .object(members) : nil
    }
}
