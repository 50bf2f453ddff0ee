import Foundation

/// The app's one JSON reader (#32): a position in a document's bytes, and the reads of its parts —
/// space, literals, numbers, strings, an array's elements, an object's members — in a grammar
/// (`JSONGrammar`: RFC 8259 in full, or the plain subset our JSONEncoder writes). It exists for the
/// start's speed (#18): JSONDecoder's first use on the way to the first frame cost more than the
/// rest of the reading (generic metadata and conformance lookups), and 70,000 instructions a room
/// for a saved room list. No Codable, no key paths, no Foundation decoder here.
///
/// `JSONDocument` reads a whole value as a tree; the domain readers (a room list and Today in
/// GuestCraftAPI, the catalog in Catalog) read straight from the bytes with these parts, so no
/// tree is made for them. Every read answers nil (or false) at what its grammar does not read,
/// the index then wherever it stopped; none traps, whatever the bytes.
///
/// The hot parts are `@inlinable`: the domain readers are in other modules, and a call per byte
/// or per member across a module boundary is what this reader exists to avoid.
public struct JSONReader {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next read starts.
    public var index: Int
    /// How many objects and arrays the index is inside.
    public var depth = 0
    public let grammar: JSONGrammar

    /// How many objects and arrays may be nested, one inside the other (JSONDecoder allows 512;
    /// a deeper document is left to it, or refused).
    public static var maxDepth: Int { 63 }

    @inlinable
    public init(bytes: UnsafeBufferPointer<UInt8>, grammar: JSONGrammar, index: Int = 0) {
        self.bytes = bytes
        self.grammar = grammar
        self.index = index
    }

    // MARK: Space and literals

    @inlinable
    public mutating func skipSpace() {
        index = Self.afterSpace(in: bytes, from: index)
    }

    /// The index of the first byte at or after `from` that is not JSON's space. A switch, not
    /// `[…].contains`: indented files have much space, and an array per byte of it cost the
    /// `--version` text a third of its instructions (#18).
    @inlinable
    public static func afterSpace(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var index = from
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// Moves past `word` when the bytes at the index are its bytes.
    @inlinable
    public mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard count <= bytes.count - index else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Consumes a `null` if one comes next (after space).
    @inlinable
    public mutating func null() -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        return literal("null")
    }

    // MARK: Numbers

    /// A whole number at the index, without a tree's box; nil (the index somewhere in it) for
    /// anything else: a fraction, an exponent, a leading zero, one too large for `Int`.
    @inlinable
    public mutating func integerNumber() -> Int? {
        guard index < bytes.count else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        // Summed with its sign, so both ends of `Int` are read (`Int.min`'s magnitude is not an `Int`).
        var value = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let digit = Int(bytes[index] - 0x30)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
        if index < bytes.count,
           bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        return value
    }

    /// The next value as a whole number (after space).
    @inlinable
    public mutating func integerValue() -> Int? {
        skipSpace()
        return integerNumber()
    }

    /// A number as RFC 8259 writes it (no leading zeros, no bare dot, no hex), as a finite
    /// `Double`: one that overflows (`1e400`) is refused, as JSONDecoder refuses it.
    mutating func fractionalNumber() -> Double? {
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
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }

    // MARK: Strings

    /// The string whose opening quote is at the index, the index after its closing quote: its
    /// bytes as they are up to the first escape (most strings have none), valid UTF-8, no control
    /// character; an escape is decoded in a grammar with escapes and ends the read in one without.
    @inlinable
    public mutating func string() -> String? {
        let start = index + 1
        guard let (run, ascii, closed) = plainRun() else { return nil }
        guard closed else { return grammar.escapes ? escapedString(from: start) : nil }
        return ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
    }

    /// The next value as a string (after space).
    @inlinable
    public mutating func stringValue() -> String? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return string()
    }

    /// The bytes of the string whose opening quote is at the index (the index moves past its
    /// closing quote) and whether they are all ASCII; nil at a backslash (whatever the grammar:
    /// the bytes are not the string then) or a control.
    @inlinable
    public mutating func stringBytes() -> (UnsafeBufferPointer<UInt8>, ascii: Bool)? {
        guard let (run, ascii, closed) = plainRun(), closed else { return nil }
        return (run, ascii)
    }

    /// The string whose opening quote is at the index, up to its closing quote (`closed`, the
    /// index after it) or its first backslash (the index at it): the bytes before and whether
    /// they are all ASCII; nil at a control character or the end of the bytes.
    @inlinable
    mutating func plainRun() -> (run: UnsafeBufferPointer<UInt8>, ascii: Bool, closed: Bool)? {
        index += 1
        let start = index
        var ascii = true
        while true {
            index = Self.plainEnd(bytes, from: index)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return (run, ascii, true)
            }
            if byte == UInt8(ascii: "\\") { return (UnsafeBufferPointer(rebasing: bytes[start..<index]), ascii, false) }
            if byte < 0x20 { return nil }
            ascii = false
            index += 1
        }
    }

    /// The next string's bytes (after space; no escapes, valid UTF-8); nil for anything else. A
    /// key nobody reads must be valid UTF-8 too: JSONDecoder refuses the whole document otherwise.
    @inlinable
    public mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let (slice, ascii) = stringBytes() else { return nil }
        guard ascii || String(validating: slice, as: UTF8.self) != nil else { return nil }
        return slice
    }

    /// The decoded string whose opening quote is at `quote`, in `grammar`; nil when it is not one.
    public static func string(in bytes: UnsafeBufferPointer<UInt8>, at quote: Int, grammar: JSONGrammar) -> String? {
        var reader = JSONReader(bytes: bytes, grammar: grammar, index: quote)
        return reader.string()
    }

    /// The index after the closing quote of the string whose opening quote is at `quote`, its
    /// escapes checked, in `grammar`; nil when it is not a string.
    public static func stringEnd(in bytes: UnsafeBufferPointer<UInt8>, at quote: Int, grammar: JSONGrammar) -> Int? {
        var reader = JSONReader(bytes: bytes, grammar: grammar, index: quote)
        return reader.string() == nil ? nil : reader.index
    }

    /// The first index at or after `from` of a byte that ends a plain run inside a string: a
    /// quote, a backslash, a control or a byte of a multi-byte character; the end when none.
    /// Eight bytes at a time (#18: byte by byte, the saved room list's strings cost 6 M
    /// instructions before the first frame). Of each word's flags only the lowest is sure —
    /// a borrow can set those above it — and the lowest is the one taken.
    @inlinable
    public static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
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

    /// The rest of a string that has an escape at the index; `start` is where its bytes began.
    /// Its bytes gathered with the escapes' UTF-8 into one buffer, made into a `String` once and
    /// validated (appending scalar by scalar cost the catalog 19 M instructions, #18).
    @usableFromInline
    mutating func escapedString(from start: Int) -> String? {
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

    // MARK: Arrays

    /// Reads an array (after space), calling `element` to read each item (or to answer false
    /// and give up).
    @inlinable
    public mutating func elements(_ element: (inout JSONReader) -> Bool) -> Bool {
        guard let empty = enter(UInt8(ascii: "["), closedBy: UInt8(ascii: "]")) else { return false }
        defer { depth -= 1 }
        return empty || restOfElements(element)
    }

    /// An array's elements from one's start to the `]` (the index after it).
    @inlinable
    public mutating func restOfElements(_ element: (inout JSONReader) -> Bool) -> Bool {
        while true {
            guard element(&self), let another = next(closedBy: UInt8(ascii: "]")) else { return false }
            if !another { return true }
        }
    }

    /// Past the `open` bracket of an object or array (after space), one level deeper: true when
    /// `close` follows at once (the index after it), false when something else does; nil (no
    /// level entered) when there is no such bracket or it would be too deep.
    @inlinable
    mutating func enter(_ open: UInt8, closedBy close: UInt8) -> Bool? {
        skipSpace()
        guard index < bytes.count, bytes[index] == open, depth < Self.maxDepth else { return nil }
        index += 1
        depth += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// After an element or a member (and space): true past a comma (another follows), false past
    /// `close` (the last one), nil at anything else.
    @inlinable
    mutating func next(closedBy close: UInt8) -> Bool? {
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        guard bytes[index] == close else { return nil }
        index += 1
        return false
    }

    // MARK: Objects

    /// Reads an object (after space), calling `member` with each key's bytes (no escapes, valid
    /// UTF-8); `member` reads the value (or answers false to give up). A repeated key ends the
    /// read: a reader of keys as bytes cannot keep a first value.
    @inlinable
    public mutating func members(_ member: (UnsafeBufferPointer<UInt8>, inout JSONReader) -> Bool) -> Bool {
        readObject { reader in
            // The keys seen, to refuse a repeated one: the first 16 on the stack (a room has 8; an
            // array grown per object cost 3 M instructions for 2,000 rooms, #18), more in an array.
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: 16) { inline in
                var count = 0
                var more: [UnsafeBufferPointer<UInt8>] = []
                return reader.memberLoop(key: { reader in
                    guard let key = reader.rawString() else { return nil }
                    // Keys are few per object: a linear check is cheaper than hashing them.
                    for seen in inline[0..<min(count, inline.count)] where Self.same(seen, key) { return nil }
                    for seen in more where Self.same(seen, key) { return nil }
                    if count < inline.count { inline.initializeElement(at: count, to: key) } else { more.append(key) }
                    count += 1
                    return key
                }, member)
            }
        }
    }

    /// Reads an object like `members`, leaving the check for a repeated key to `member` (which
    /// answers false for one): a reader that knows its keys checks them with a bit each (#18).
    @inlinable
    public mutating func membersCheckedByCaller(_ member: (UnsafeBufferPointer<UInt8>, inout JSONReader) -> Bool) -> Bool {
        readObject { reader in reader.memberLoop(key: { $0.rawString() }, member) }
    }

    /// Reads an object (after space), calling `member` with each key decoded as the grammar
    /// reads strings; what a repeated key means is `member`'s to say.
    @inlinable
    public mutating func decodedMembers(_ member: (String, inout JSONReader) -> Bool) -> Bool {
        readObject { reader in
            reader.memberLoop(key: { reader in
                reader.skipSpace()
                guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"") else { return nil }
                return reader.string()
            }, member)
        }
    }

    /// An object's braces around `members`, which reads what is between them when it is not empty.
    @inlinable
    mutating func readObject(_ members: (inout JSONReader) -> Bool) -> Bool {
        guard let empty = enter(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}")) else { return false }
        defer { depth -= 1 }
        return empty || members(&self)
    }

    /// An object's members from the first key to the `}` (the index after it): `key` reads each
    /// key (nil gives up), then `member` its value.
    @inlinable
    mutating func memberLoop<Key>(key: (inout JSONReader) -> Key?, _ member: (Key, inout JSONReader) -> Bool) -> Bool {
        while true {
            guard let name = key(&self) else { return false }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            guard member(name, &self), let another = next(closedBy: UInt8(ascii: "}")) else { return false }
            if !another { return true }
        }
    }

    /// Whether two runs of bytes are the same.
    @inlinable
    public static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}
