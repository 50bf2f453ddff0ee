import Foundation

/// A JSON document read without Codable, and the reader under `UnitList(plainJSON:)`, for the one
/// large answer the app reads before its first frame (a saved `units.list`): JSONDecoder spends
/// about 70,000 instructions a room on it. It reads only the plain subset our own JSONEncoder
/// writes for such answers (strings without escapes, whole numbers); anything else answers `nil`
/// and the caller decodes with JSONDecoder, so no document is read differently.
public indirect enum PlainJSON: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([PlainJSON])
    case object([String: PlainJSON])

    /// The document in `data`, or `nil` when it is not valid JSON or leaves the plain subset.
    public init?(_ data: Data) {
        let parsed: PlainJSON? = data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value() else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? value : nil
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The member `key` of an object.
    public subscript(key: String) -> PlainJSON? {
        if case .object(let members) = self { return members[key] }
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

    public var array: [PlainJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0
        /// Values a room list repeats room after room (its room types, statuses, occupancies),
        /// each made once from its bytes (#18).
        var recentStrings = RecentValues<String>()
        var recentOccupancies = RecentValues<Occupancy>()
        var recentStatuses = RecentValues<HousekeepingStatus>()
        /// The layout of the last room read member by member (#18; in PlainJSON+Rooms.swift).
        var roomLayout: RoomLayout?

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() -> PlainJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(PlainJSON.string)
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return integer()
            }
        }

        mutating func literal(_ word: StaticString, _ value: PlainJSON) -> PlainJSON? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += count
            return value
        }

        /// A whole number; a fraction or an exponent leaves the plain subset.
        mutating func integer() -> PlainJSON? {
            integerNumber().map(PlainJSON.integer)
        }

        /// `integer()`'s number, without the enum's box (the enum is indirect: every case is one).
        mutating func integerNumber() -> Int? {
            var negative = false
            if bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let start = index
            var magnitude = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[index] - 0x30))
                guard !overflow1, !overflow2 else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
            if index < bytes.count,
               bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                return nil
            }
            return negative ? -magnitude : magnitude
        }

        /// A string without escapes (a backslash leaves the plain subset), valid UTF-8.
        mutating func string() -> String? {
            guard let (slice, ascii) = stringBytes() else { return nil }
            return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        }

        /// The bytes of the string whose opening quote is at `index` (the index moves past its
        /// closing quote) and whether they are all ASCII; nil at a backslash or a control.
        mutating func stringBytes() -> (UnsafeBufferPointer<UInt8>, ascii: Bool)? {
            index += 1
            let start = index
            var ascii = true
            while true {
                index = Self.plainEnd(bytes, from: index)
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return (slice, ascii)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                ascii = false
                index += 1
            }
        }

        /// The first index at or after `from` of a byte that ends a plain run inside a string: a
        /// quote, a backslash, a control or a byte of a multi-byte character; the end when none.
        /// Eight bytes at a time (#18: byte by byte, the saved room list's strings cost 6 M
        /// instructions before the first frame). Of each word's flags only the lowest is sure —
        /// a borrow can set those above it — and the lowest is the one taken.
        static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
            guard let base = bytes.baseAddress else { return bytes.count }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var at = from
            while at + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                let flags = (word & highs)
                    | ((word &- ones &* 0x20) & ~word & highs)
                    | ((quotes &- ones) & ~quotes & highs)
                    | ((backslashes &- ones) & ~backslashes & highs)
                if flags != 0 { return at + (flags.littleEndian.trailingZeroBitCount >> 3) }
                at += 8
            }
            while at < bytes.count {
                let byte = base[at]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return at }
                at += 1
            }
            return bytes.count
        }

        mutating func array() -> PlainJSON? {
            var items: [PlainJSON] = []
            let read = elements { reader in
                guard let item = reader.value() else { return false }
                items.append(item)
                return true
            }
            return read ? .array(items) : nil
        }

        /// Reads an array, calling `element` to read each item (or to answer false and give up).
        mutating func elements(_ element: (inout Self) -> Bool) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return false }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return true
            }
            return restOfElements(element)
        }

        /// An array's elements from one's start to the `]` (the index after it).
        mutating func restOfElements(_ element: (inout Self) -> Bool) -> Bool {
            while true {
                guard element(&self) else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return true
                } else {
                    return false
                }
            }
        }

        /// An object; a repeated key leaves the plain subset.
        mutating func object() -> PlainJSON? {
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return nil }
            var members: [String: PlainJSON] = [:]
            members.reserveCapacity(8)
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value(), members.updateValue(member, forKey: key) == nil else { return nil }
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                } else {
                    return nil
                }
            }
        }
    }
}

// MARK: - Room lists read straight from the bytes

extension PlainJSON.Reader {
    /// The next string's bytes (without escapes, valid UTF-8) and the index after it; nil outside
    /// the subset. A key nobody reads must be valid UTF-8 too: JSONDecoder refuses the whole
    /// document otherwise, and no document is read here that it refuses.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let (slice, ascii) = stringBytes() else { return nil }
        guard ascii || String(validating: slice, as: UTF8.self) != nil else { return nil }
        return slice
    }

    mutating func stringValue() -> String? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return string()
    }

    mutating func integerValue() -> Int? {
        skipSpace()
        guard index < bytes.count else { return nil }
        return integerNumber()
    }

    /// Reads an object, calling `member` with each key's bytes; `member` reads the value (or
    /// answers false to give up). A repeated key leaves the plain subset, as in `object()`.
    mutating func members(_ member: (UnsafeBufferPointer<UInt8>, inout Self) -> Bool) -> Bool {
        readObject { reader in reader.readMembersRefusingRepeats(member) }
    }

    /// Reads an object like `members`, leaving the check for a repeated key to `member` (which
    /// answers false for one): a reader that knows its keys checks them with a bit each (#18).
    mutating func membersCheckedByCaller(_ member: (UnsafeBufferPointer<UInt8>, inout Self) -> Bool) -> Bool {
        readObject { reader in reader.readMembers(member) { _ in true } }
    }

    /// An object's braces around `members`, which reads what is between them when it is not empty.
    private mutating func readObject(_ members: (inout Self) -> Bool) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { return false }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return true
        }
        return members(&self)
    }

    /// `members`' loop with its check for a repeated key.
    private mutating func readMembersRefusingRepeats(_ member: (UnsafeBufferPointer<UInt8>, inout Self) -> Bool) -> Bool {
        // The keys seen, to refuse a repeated one: the first 16 on the stack (a room has 8; an
        // array grown per object cost 3 M instructions for 2,000 rooms, #18), more in an array.
        return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: 16) { inline in
            var count = 0
            var more: [UnsafeBufferPointer<UInt8>] = []
            func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
                a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
            return readMembers(member) { key in
                // Keys are few per object: a linear check is cheaper than hashing them.
                for seen in inline[0..<min(count, inline.count)] where same(seen, key) { return false }
                for seen in more where same(seen, key) { return false }
                if count < inline.count { inline.initializeElement(at: count, to: key) } else { more.append(key) }
                count += 1
                return true
            }
        }
    }

    /// `members`' loop; `isNew` answers false for a repeated key.
    private mutating func readMembers(_ member: (UnsafeBufferPointer<UInt8>, inout Self) -> Bool,
                                      isNew: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        while true {
            guard let key = rawString(), isNew(key) else { return false }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            guard member(key, &self) else { return false }
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return true
            } else {
                return false
            }
        }
    }

    /// A value this reader does not need, read (and checked) and dropped.
    mutating func skipValue() -> Bool { value() != nil }
}

/// A value that can be read from JSON bytes without a tree (the large answers: a room list,
/// Today), alone or inside an envelope object whose member `valueKey` holds it (a saved answer;
/// its other members as `PlainJSON`). nil outside the plain subset or when a member is missing or
/// of another type: the caller then decodes with JSONDecoder, which explains what is wrong.
public protocol PlainEnvelopeReadable {
    init?(plainJSON data: Data)
    static func plainEnvelope(_ data: Data, valueKey: String) -> (value: Self, others: [String: PlainJSON])?
}

extension PlainJSON {
    /// `read` over the whole of `data`: nil when it gives up or anything but space follows.
    static func whole<Result>(_ data: Data, _ read: (inout Reader) -> Result?) -> Result? {
        data.withUnsafeBytes { raw -> Result? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let result = read(&reader) else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? result : nil
        }
    }

    /// The envelope member a saved answer's head is in (`UnitList.plainSavedHead`).
    public static let savedHeadKey = "head"

    /// A JSON object whose member `valueKey` `read` reads; its other members as `PlainJSON`.
    static func envelope<Value>(_ data: Data, valueKey: String, _ read: (inout Reader) -> Value?)
        -> (value: Value, others: [String: PlainJSON])? {
        whole(data) { reader in
            var value: Value?
            var others: [String: PlainJSON] = [:]
            let complete = reader.members { key, reader in
                let name = String(decoding: key, as: UTF8.self)
                if name == valueKey {
                    value = read(&reader)
                    return value != nil
                }
                // A saved list's head (its first rooms again, `UnitList.plainSavedHead`) is read
                // and dropped: read whole, the list is read from its value.
                if name == PlainJSON.savedHeadKey { return reader.skipValue() }
                guard let other = reader.value() else { return false }
                others[name] = other
                return true
            }
            guard complete, let value else { return nil }
            return (value, others)
        }
    }
}

/// The last few values read from equal bytes, so a value a document repeats is made once: a
/// `memcmp` of a few bytes against a String built and an open vocabulary matched (#18).
struct RecentValues<Value> {
    private var entries: [(bytes: UnsafeBufferPointer<UInt8>, value: Value)] = []
    private var next = 0
    private static var capacity: Int { 8 }

    /// The value of `bytes`: one made before from equal bytes, or `make`'s (kept; nil is not).
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        for entry in entries where entry.bytes.count == bytes.count
            && (bytes.count == 0 || memcmp(entry.bytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0) {
            return entry.value
        }
        guard let value = make(bytes) else { return nil }
        if entries.count < Self.capacity {
            entries.append((bytes, value))
        } else {
            entries[next] = (bytes, value)
            next = (next + 1) % Self.capacity
        }
        return value
    }
}
