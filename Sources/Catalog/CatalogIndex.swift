import Foundation
import JSONBytes

/// A catalog file kept as its bytes, with a table from each key to where its text is (#18): the
/// start and `--version` read 845 entries to use a few dozen, and making a String of every key and
/// text and hashing each into a dictionary cost 2.6 M instructions. A key is found by the hash of
/// its bytes; its text is made into a String when asked for.
///
/// Built only for a file that reads as an object of strings whose keys have no escapes (the
/// shipped catalog); anything else is left to `StringCatalog.table`, which says the same.
final class CatalogIndex: Sendable {
    private let bytes: [UInt8]
    /// Each entry's key and text as offsets into `bytes` (the text between its quotes).
    private let entries: [Entry]
    /// Open addressing: an index into `entries` plus one, 0 for an empty slot.
    private let slots: [Int32]

    struct Entry {
        let keyStart: Int32
        let keyCount: Int32
        let textStart: Int32
        let textCount: Int32
        /// The text has an escape: it is decoded when asked for.
        let escaped: Bool
    }

    private init(bytes: [UInt8], entries: [Entry], slots: [Int32]) {
        self.bytes = bytes
        self.entries = entries
        self.slots = slots
    }

    /// The index of a catalog file, or nil when it is not an object of strings with plain keys
    /// (invalid UTF-8 anywhere, an escape in a key, a member of another type, trailing bytes).
    static func build(_ bytes: [UInt8]) -> CatalogIndex? {
        // Valid UTF-8 throughout means every text is (the structure between them is ASCII).
        guard bytes.count < Int(Int32.max) else { return nil }
        let found: [Entry]? = bytes.withUnsafeBufferPointer { buffer in
            guard Self.isValidUTF8(buffer) else { return nil }
            var scanner = Scanner(bytes: buffer)
            return scanner.members()
        }
        guard let found else { return nil }
        var capacity = 16
        while capacity < found.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var entries: [Entry] = []
        entries.reserveCapacity(found.count)
        bytes.withUnsafeBufferPointer { buffer in
            for entry in found {
                let key = UnsafeBufferPointer(rebasing: buffer[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)])
                var slot = Self.hash(key) & (capacity - 1)
                var repeated = false
                while slots[slot] != 0 {
                    if Self.same(key, entries[Int(slots[slot]) - 1], in: buffer) {
                        repeated = true  // the first value of a repeated key is kept
                        break
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
                guard !repeated else { continue }
                entries.append(entry)
                slots[slot] = Int32(entries.count)
            }
        }
        return CatalogIndex(bytes: bytes, entries: entries, slots: slots)
    }

    var count: Int { entries.count }

    /// The text of `key`, or nil when the catalog has no such key.
    func text(_ key: String) -> String? {
        var key = key
        return key.withUTF8 { key in
            bytes.withUnsafeBufferPointer { buffer -> String? in
                var slot = Self.hash(key) & (slots.count - 1)
                while slots[slot] != 0 {
                    let entry = entries[Int(slots[slot]) - 1]
                    if Self.same(key, entry, in: buffer) { return Self.text(of: entry, in: buffer) }
                    slot = (slot + 1) & (slots.count - 1)
                }
                return nil
            }
        }
    }

    /// Every key and its text (for tests and checks of the whole catalog).
    var dictionary: [String: String] {
        bytes.withUnsafeBufferPointer { buffer in
            var table: [String: String] = [:]
            table.reserveCapacity(entries.count)
            for entry in entries {
                let key = UnsafeBufferPointer(rebasing: buffer[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)])
                table[String(decoding: key, as: UTF8.self)] = Self.text(of: entry, in: buffer)
            }
            return table
        }
    }

    private static func text(of entry: Entry, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(entry.textStart)
        let run = UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.textCount)])
        guard entry.escaped else { return String(decoding: run, as: UTF8.self) }
        // Checked when the index was built: the reader decodes it the same way again.
        return JSONReader.string(in: buffer, at: start - 1, grammar: .strict) ?? String(decoding: run, as: UTF8.self)
    }

    private static func same(_ key: UnsafeBufferPointer<UInt8>, _ entry: Entry, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(entry.keyCount) == key.count else { return false }
        return key.isEmpty || memcmp(buffer.baseAddress! + Int(entry.keyStart), key.baseAddress!, key.count) == 0
    }

    /// Eight bytes at a time, from `offset` (the caller keeps eight bytes in `bytes`).
    @inline(__always)
    fileprivate static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// Every byte of a word: 0x01 in each.
    fileprivate static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The high bit of every byte of a word.
    fileprivate static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether `bytes` is UTF-8 (#18: the standard library's check of the whole 57 KB catalog was
    /// 0.59 M instructions of every start). Words of eight ASCII bytes are passed over at once; each
    /// run of words holding other bytes is checked by the standard library. A run begins after an
    /// ASCII byte and ends before one, so it begins and ends on a character's boundary.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 8 <= bytes.count {
            if word(bytes, at: index) & highBits == 0 {
                index += 8
                continue
            }
            var end = index + 8
            while end + 8 <= bytes.count, word(bytes, at: end) & highBits != 0 { end += 8 }
            if end + 8 > bytes.count { end = bytes.count }
            guard String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) != nil else {
                return false
            }
            index = end
        }
        return String(validating: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self) != nil
    }

    /// FNV-1a of the key's bytes.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// The members of the object that is the whole file, each key and text located.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpace() {
            index = JSONReader.afterSpace(in: bytes, from: index)
        }

        mutating func members() -> [Entry]? {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            var entries: [Entry] = []
            entries.reserveCapacity(1024)
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return end() ? entries : nil
            }
            while true {
                skipSpace()
                guard let key = string(), !key.escaped else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace()
                guard let text = string() else { return nil }
                entries.append(Entry(keyStart: Int32(key.start), keyCount: Int32(key.count),
                                     textStart: Int32(text.start), textCount: Int32(text.count), escaped: text.escaped))
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                return end() ? entries : nil
            }
        }

        /// Only space after the object.
        private mutating func end() -> Bool {
            skipSpace()
            return index == bytes.count
        }

        /// The string at `index` (its `"`): where its bytes are and whether it has an escape,
        /// which is checked by decoding it; nil at a control character or a bad escape.
        mutating func string() -> (start: Int, count: Int, escaped: Bool)? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let quote = index
            index += 1
            while index < bytes.count {
                // A word of eight bytes with no quote, backslash or control character is passed over
                // at once (#18: byte by byte, the catalog's strings were 0.5 M instructions).
                if index + 8 <= bytes.count, !Self.mayEndString(CatalogIndex.word(bytes, at: index)) {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return (quote + 1, index - quote - 2, false)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    guard let end = JSONReader.stringEnd(in: bytes, at: quote, grammar: .strict) else { return nil }
                    index = end
                    return (quote + 1, end - quote - 2, true)
                }
                index += 1
            }
            return nil
        }

        /// Whether a word may hold a quote, a backslash or a control character (a byte below
        /// 0x20): a byte that ends the plain run of a string. Exact when it answers false; a true
        /// sends the scan to the word's bytes one by one.
        @inline(__always)
        static func mayEndString(_ word: UInt64) -> Bool {
            let ones = CatalogIndex.ones, high = CatalogIndex.highBits
            func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
            let quote = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            let backslash = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
            let control = (word &- ones &* 0x20) & ~word & high != 0
            return quote || backslash || control
        }
    }
}
