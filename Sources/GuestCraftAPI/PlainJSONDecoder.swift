import Foundation
import JSONBytes

/// A `Decoder` over a `PlainJSON` tree, for the small files the app reads before its first frame
/// (the preferences, the credentials): Foundation's JSONDecoder asks the Swift runtime, for every
/// type it decodes, whether the type is one it treats specially (Date, Data, URL, Decimal, a
/// string-keyed dictionary), and each first such question scans every conformance record of the
/// static binary — 8.6 M instructions for two files of a kilobyte (#18). This decoder asks nothing
/// at run time: the types' own `init(from:)` runs as it would under JSONDecoder.
///
/// It reads what `PlainJSON` reads (strings without escapes, whole numbers) and refuses the types
/// JSONDecoder decodes by a strategy of its own (Date, Data, URL, Decimal) rather than by their
/// `init(from:)`. `decode(_:from:)` answers nil for anything it refuses, a document outside that
/// subset or a value that does not fit its type: the caller then decodes with JSONDecoder, which
/// reads every document as before and explains what is wrong. So no file is read differently.
public enum PlainJSONDecoder {
    /// `type` decoded from `data`, or nil where JSONDecoder must be asked instead.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        guard let root = PlainJSON(data) else { return nil }
        return try? TreeDecoder(root, path: []).decodeValue(type)
    }
}

/// Why the tree decoder gave up; never shown (the caller asks JSONDecoder, which explains).
struct PlainDecodingRefusal: Error {}

private struct TreeDecoder: Decoder {
    let value: PlainJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: PlainJSON, path: [any CodingKey]) {
        self.value = value
        codingPath = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw PlainDecodingRefusal() }
        return KeyedDecodingContainer(KeyedTree<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw PlainDecodingRefusal() }
        return UnkeyedTree(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A value of `type` by its own `init(from:)` (the standard library's scalars ask this
    /// decoder's single value container); the types JSONDecoder decodes by a strategy of its own
    /// are refused.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
            throw PlainDecodingRefusal()
        }
        return try T(from: self)
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .integer(let number) = value, let fitted = I(exactly: number) else { throw PlainDecodingRefusal() }
        return fitted
    }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw PlainDecodingRefusal() }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw PlainDecodingRefusal() }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .integer(let number) = value, let double = Double(exactly: number) else { throw PlainDecodingRefusal() }
        return double
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard case .integer(let number) = value, let float = Float(exactly: number) else { throw PlainDecodingRefusal() }
        return float
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

private struct KeyedTree<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: PlainJSON]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func member(_ key: Key) throws -> TreeDecoder {
        guard let value = members[key.stringValue] else { throw PlainDecodingRefusal() }
        return TreeDecoder(value, path: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decodeValue(type) }

    // `decodeIfPresent` is the protocol's own: nil when the key is missing or its value is null,
    // as JSONDecoder answers.

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    // JSONDecoder's super decoders read a "super" member; no type of ours asks for one.
    func superDecoder() throws -> any Decoder { throw PlainDecodingRefusal() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw PlainDecodingRefusal() }
}

private struct UnkeyedTree: UnkeyedDecodingContainer {
    let items: [PlainJSON]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [PlainJSON], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    /// The next element's decoder; the index moves on only when `read` succeeds.
    mutating func next<T>(_ read: (TreeDecoder) throws -> T) throws -> T {
        guard currentIndex < items.count else { throw PlainDecodingRefusal() }
        let result = try read(TreeDecoder(items[currentIndex], path: codingPath + [Index(currentIndex)]))
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count else { throw PlainDecodingRefusal() }
        guard items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.integer(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decodeValue(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { throw PlainDecodingRefusal() }
}
