import Foundation

/// The fuzz targets: each checks one reader of untrusted bytes against what it promises.
///
/// A check answers the promises the input broke (empty when it kept them all); a crash, a trap or
/// a hang of the reader is a finding too. The same functions run under libFuzzer
/// (`guestcraft-fuzz`, `make fuzz`) and over the kept corpora in `swift test` (`FuzzTests`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The one JSON reader (`JSONReader`, `JSONDocument`) in both grammars against `JSONDecoder`:
    /// refuse or agree.
    case json
    /// The byte readers of a room list and of Today (`UnitList`/`TodayOverview(plainJSON:)`), a
    /// saved answer's envelope and the ETag at its head, against `JSONDecoder`: refuse or agree.
    case rooms
    /// A problem document answer (status, headers, body) as `Wire` reads it, and its sentence.
    case problem
    /// `Retry-After`: seconds or an HTTP date, never negative.
    case retryAfter = "retry-after"
    /// A typed address normalized to an origin, and origins read back from saved files.
    case address
    /// A pairing link taken apart.
    case pairing
    /// The terminal input decoder: escape sequences, bracketed paste, split reads.
    case input
    /// Instance text made inert, and its width against the C library's `wcwidth`.
    case text
    /// The credentials, preferences, PIN and offline database files, damaged.
    case files
    /// The demo instance's routes and body readers, called in process.
    case demo

    /// The promises `data` broke.
    public func check(_ data: Data) -> [String] {
        switch self {
        case .json: JSONChecks.reader(data)
        case .rooms: JSONChecks.rooms(data)
        case .problem: WireChecks.problem(data)
        case .retryAfter: WireChecks.retryAfter(data)
        case .address: AddressChecks.address(data)
        case .pairing: AddressChecks.pairing(data)
        case .input: InputChecks.decoder(data)
        case .text: TextChecks.inert(data)
        case .files: FileChecks.files(data)
        case .demo: DemoChecks.request(data)
        }
    }
}

/// The differential rule of the plain readers (PlainJSON.swift: "anything else answers nil and
/// the caller decodes with JSONDecoder, so no document is read differently"): a plain reader
/// may refuse any document, but one it reads, JSONDecoder must read too, to the same value.
public enum RefuseOrAgree {
    public static func check<Value: Equatable>(plain: Value?, decoder: Value?, reader: String) -> [String] {
        guard let plain else { return [] }
        guard let decoder else { return ["\(reader) read a document JSONDecoder refuses, as \(clip(plain))"] }
        return plain == decoder ? [] : ["\(reader) read \(clip(plain)) where JSONDecoder read \(clip(decoder))"]
    }

    static func clip<Value>(_ value: Value) -> String {
        let text = String(describing: value)
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}

/// Cuts fuzz input into parts: the first byte as a small number, lines, the rest.
struct FuzzBytes {
    var bytes: [UInt8]
    var index = 0

    init(_ data: Data) { bytes = Array(data) }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The bytes up to the next LF (dropped), or to the end.
    mutating func line() -> [UInt8] {
        let start = index
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        let line = Array(bytes[start..<index])
        if index < bytes.count { index += 1 }
        return line
    }

    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return Array(bytes[min(index, bytes.count)...])
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
