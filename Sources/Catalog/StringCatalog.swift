import Foundation
import GuestCraftResources
import JSONBytes

/// A catalog file that is not an object of string keys to string templates.
public enum CatalogFileError: Error, Equatable {
    case unreadable
    case notAString(key: String)
}

/// The English string catalog (`Resources/en.json`): every sentence a person reads, by key.
public struct StringCatalog: Sendable, Equatable {
    private enum Storage: Sendable {
        case table([String: String])
        /// A file kept as its bytes, a text made when asked for (#18).
        case index(CatalogIndex)
    }

    private let storage: Storage

    /// Every entry: a flat key (`connect.title`) and its template with `{name}` placeholders.
    public var entries: [String: String] {
        switch storage {
        case .table(let table): table
        case .index(let index): index.dictionary
        }
    }

    /// How many entries there are.
    public var count: Int {
        switch storage {
        case .table(let table): table.count
        case .index(let index): index.count
        }
    }

    public init(entries: [String: String]) {
        storage = .table(entries)
    }

    /// Reads a catalog from JSON: one object of string keys to string templates. (With
    /// `CatalogIndex` and `JSONReader`, not JSONDecoder: the catalog is read on the way to the
    /// first frame, #18.)
    public init(json: Data) throws(CatalogFileError) {
        try self.init(bytes: Array(json))
    }

    init(bytes: [UInt8]) throws(CatalogFileError) {
        if let index = CatalogIndex.build(bytes) {
            storage = .index(index)
            return
        }
        if let entries = Self.table(bytes) {
            storage = .table(entries)
            return
        }
        // Not an object of strings: the tree says which member is not one, or that it is not JSON.
        guard let members = JSONDocument(bytes: bytes, grammar: .strict)?.object,
              let key = members.keys.sorted().first(where: { members[$0]?.string == nil })
        else { throw .unreadable }
        throw .notAString(key: key)
    }

    public static func == (a: StringCatalog, b: StringCatalog) -> Bool { a.entries == b.entries }

    /// The catalog shipped in the resource bundle, read once on first use.
    public static let english: StringCatalog = {
        guard let bytes = guestCraftResource("en.json"), let catalog = try? StringCatalog(bytes: bytes)
        else { return StringCatalog(entries: [:]) }
        return catalog
    }()

    /// The template of `key` as written in the catalog, or nil.
    public func template(_ key: String) -> String? {
        switch storage {
        case .table(let table): table[key]
        case .index(let index): index.text(key)
        }
    }

    /// The template of `key` with each `{name}` replaced by `values[name]`; `[key]` when the key is
    /// missing. English plural forms: when `{count}` is 1 and the catalog has `<key>.one`
    /// ("1 change is not sent yet"), that template is used instead of `<key>` ("2 changes are …").
    public func string(_ key: String, _ values: [String: String] = [:]) -> String {
        if values["count"] == "1", let one = template(key + Self.singular) { return Self.fill(one, values) }
        guard let text = template(key) else { return "[\(key)]" }
        return Self.fill(text, values)
    }

    /// The suffix of a key's singular form (`app.quit_question.one`).
    public static let singular = ".one"

    /// The placeholder names a template uses (`{name}`), in order of appearance, each once.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        scan(template) { piece in
            if case .placeholder(let name) = piece, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Replaces each `{name}` of `template` found in `values`; an unknown `{name}` stays as written.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        out.reserveCapacity(template.utf8.count)
        scan(template) { piece in
            switch piece {
            // The Substring overload: `+=` took the generic path, whose first call looked up its
            // types by name (0.3 M instructions before the first frame, #18).
            case .text(let text): out.append(contentsOf: text)
            case .placeholder(let name): out += values[name] ?? "{\(name)}"
            }
        }
        return out
    }

    private enum Piece {
        case text(Substring)
        case placeholder(String)
    }

    /// Splits a template into literal text and `{identifier}` placeholders (ASCII letters, digits,
    /// `_`). On the UTF-8 bytes: braces are ASCII, never part of another character's bytes (#18:
    /// found as Characters, the first frame's labels cost most of a million instructions).
    private static func scan(_ template: String, _ body: (Piece) -> Void) {
        let utf8 = template.utf8
        var textStart = utf8.startIndex
        var from = utf8.startIndex
        while let open = utf8[from...].firstIndex(of: UInt8(ascii: "{")) {
            let afterOpen = utf8.index(after: open)
            guard let close = utf8[afterOpen...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = utf8[afterOpen..<close]
            if !name.isEmpty, name.allSatisfy(isNameByte) {
                body(.text(template[textStart..<open]))
                body(.placeholder(String(template[afterOpen..<close])))
                from = utf8.index(after: close)
                textStart = from
            } else {
                from = afterOpen
            }
        }
        body(.text(template[textStart...]))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "_"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: false
        }
    }
}

/// The catalog string for `key`, its `{name}` placeholders filled from `values`.
///
/// Write the key as a string literal right here (`L("today.title")`), never a variable or an
/// interpolation: `CatalogTests` finds every key by reading the sources (Resources/README.md).
public func L(_ key: String, _ values: [String: any CustomStringConvertible] = [:]) -> String {
    StringCatalog.english.string(key, values.mapValues { $0.description })
}

extension StringCatalog {
    /// An object of string members read straight into a dictionary (the catalog when its index
    /// cannot be built: no tree of values to copy again, #18), the first value of a repeated key
    /// kept (as JSONDecoder reads a `[String: String]`); nil when `bytes` is anything else (the
    /// caller then reads the tree, which says what is wrong).
    static func table(_ bytes: [UInt8]) -> [String: String]? {
        bytes.withUnsafeBufferPointer { buffer in
            JSONReader.whole(buffer, grammar: .strict) { reader -> [String: String]? in
                var table: [String: String] = [:]
                table.reserveCapacity(1024)
                let read = reader.decodedMembers { key, reader in
                    guard let text = reader.stringValue() else { return false }
                    if table[key] == nil { table[key] = text }
                    return true
                }
                return read ? table : nil
            }
        }
    }
}
