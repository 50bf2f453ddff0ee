/// A small JSON reader for the app's own resource files (`en.json`, `themes.json`), read on the
/// way to the first frame: JSONDecoder's first use there cost more than the rest of the start's
/// reading (#18: 10 M instructions for the catalog alone, most of it generic metadata and
/// conformance lookups). Strict JSON (RFC 8259): objects, arrays, strings with every escape,
/// numbers, `true`, `false`, `null`; anything else, trailing bytes or nesting deeper than 32
/// levels is refused (`nil`), never a crash. Objects keep the first value of a repeated key, as
/// JSONDecoder does.
enum ResourceJSON: Equatable, Sendable {
    case object([String: ResourceJSON])
    case array([ResourceJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The document of `bytes`, or nil when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> ResourceJSON? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == buffer.count ? value : nil
        }
    }

    /// An object of string members read straight into a dictionary (the catalog: no tree of
    /// boxed values to copy again, #18), the first value of a repeated key kept (as JSONDecoder
    /// reads a `[String: String]`); nil when `bytes`
    /// is anything else (the caller then reads the tree, which says what is wrong).
    static func stringTable(_ bytes: [UInt8]) -> [String: String]? {
        bytes.withUnsafeBufferPointer { buffer -> [String: String]? in
            var reader = Reader(bytes: buffer)
            guard let table = reader.stringTable() else { return nil }
            reader.skipSpace()
            return reader.index == buffer.count ? table : nil
        }
    }

    /// The index of the first byte at or after `from` that is not JSON's space. A switch, not
    /// `[…].contains`: the catalog is indented, and an array per byte of space cost the --version
    /// text a third of its instructions (#18).
    static func afterSpace(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var index = from
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// The decoded string whose opening quote is at `quote`, escapes and all; nil when it is not one.
    static func string(in bytes: UnsafeBufferPointer<UInt8>, at quote: Int) -> String? {
        var reader = Reader(bytes: bytes, index: quote)
        return reader.string()
    }

    /// The index after the closing quote of the string whose opening quote is at `quote`, its
    /// escapes checked; nil when it is not a string.
    static func stringEnd(in bytes: UnsafeBufferPointer<UInt8>, at quote: Int) -> Int? {
        var reader = Reader(bytes: bytes, index: quote)
        return reader.string() == nil ? nil : reader.index
    }

    var object: [String: ResourceJSON]? { if case .object(let members) = self { members } else { nil } }
    var array: [ResourceJSON]? { if case .array(let items) = self { items } else { nil } }
    var string: String? { if case .string(let text) = self { text } else { nil } }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpace() {
            index = ResourceJSON.afterSpace(in: bytes, from: index)
        }

        mutating func value(depth: Int) -> ResourceJSON? {
            guard depth < 32 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(ResourceJSON.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func object(depth: Int) -> ResourceJSON? {
            var members: [String: ResourceJSON] = [:]
            let read = readMembers { key, reader in
                guard let value = reader.value(depth: depth + 1) else { return false }
                if members[key] == nil { members[key] = value }
                return true
            }
            return read ? .object(members) : nil
        }

        /// `{"key": "text", …}` into a dictionary; nil at anything that is not a string member.
        mutating func stringTable() -> [String: String]? {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            var table: [String: String] = [:]
            table.reserveCapacity(1024)
            let read = readMembers { key, reader in
                reader.skipSpace()
                guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\""),
                      let text = reader.string() else { return false }
                if table[key] == nil { table[key] = text }
                return true
            }
            return read ? table : nil
        }

        /// An object's members from its `{` (at `index`) to its `}`: each key, then `member` reads
        /// its value (or answers false to give up).
        private mutating func readMembers(_ member: (String, inout Self) -> Bool) -> Bool {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return true }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return false }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                guard member(key, &self) else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return false }
                index += 1
                return true
            }
        }

        mutating func array(depth: Int) -> ResourceJSON? {
            index += 1
            var items: [ResourceJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                return .array(items)
            }
        }

        mutating func literal(_ word: StaticString, _ value: ResourceJSON) -> ResourceJSON? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += count
            return value
        }

        /// A number as RFC 8259 writes it (no leading zeros, no bare dot, no hex), finite.
        mutating func number() -> ResourceJSON? {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            // One too large for a Double (`1e400`) is infinity: JSONDecoder refuses it.
            guard let number = Double(text), number.isFinite else { return nil }
            return .number(number)
        }

        /// A string at `"`; its escapes decoded, invalid UTF-8 and control characters refused.
        /// A string: its bytes as they are until the first escape (most of the catalog has none), then
        /// gathered with the escapes' UTF-8 into one buffer; made into a `String` once, validated.
        /// (Appending scalar by scalar cost the start 19 M instructions for the catalog, #18.)
        mutating func string() -> String? {
            index += 1
            let start = index
            var ascii = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                if byte >= 0x80 { ascii = false }
                index += 1
            }
            return nil
        }

        /// The rest of a string that has an escape at `index`; `start` is where its bytes began.
        private mutating func escapedString(from start: Int) -> String? {
            var utf8: [UInt8] = []
            utf8.reserveCapacity(index - start + 32)
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            func append(_ scalar: Unicode.Scalar) { utf8.append(contentsOf: UTF8.encode(scalar)!) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(validating: utf8, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                if byte != UInt8(ascii: "\\") {
                    utf8.append(byte)
                    index += 1
                    continue
                }
                guard index + 1 < bytes.count else { return nil }
                index += 2
                switch bytes[index - 1] {
                case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed by an escaped low one.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low),
                              let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        else { return nil }
                        append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(unit) else { return nil }
                        append(scalar)
                    }
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }
    }
}
