import Catalog
import Foundation
import Testing

/// Every key the code uses exists, every key the catalog holds is used, placeholders agree.
@Suite struct CatalogKeyTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Use {
        var file: String
        var call: CatalogCall
    }

    /// Every `L(…)` call under `Sources/`.
    static func uses() throws -> [Use] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var uses: [Use] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let file = url.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            uses += CatalogCallScanner.calls(in: text).map { Use(file: file, call: $0) }
        }
        return uses
    }

    static func shippedCatalog() throws -> StringCatalog {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Resources/en.json"))
        return try StringCatalog(json: data)
    }

    @Test func theBundledCatalogIsTheOneInResources() throws {
        #expect(StringCatalog.english == (try Self.shippedCatalog()))
        #expect(!StringCatalog.english.entries.isEmpty)
    }

    @Test func everyCallIsALiteralKeyTheCatalogHolds() throws {
        let catalog = try Self.shippedCatalog()
        let uses = try Self.uses()
        #expect(!uses.isEmpty)
        for use in uses {
            let place = "\(use.file):\(use.call.line)"
            #expect(use.call.problem == nil, "\(place): \(use.call.problem ?? "")")
            guard let key = use.call.key else { continue }
            #expect(catalog.entries[key] != nil, "\(place): L(\"\(key)\") is not in Resources/en.json")
        }
    }

    @Test func everyCallFillsExactlyThePlaceholdersOfItsTemplate() throws {
        let catalog = try Self.shippedCatalog()
        for use in try Self.uses() {
            guard let key = use.call.key, let template = catalog.entries[key] else { continue }
            let expected = Set(StringCatalog.placeholders(in: template))
            #expect(Set(use.call.placeholders) == expected,
                    "\(use.file):\(use.call.line): L(\"\(key)\") fills \(use.call.placeholders.sorted()), the catalog has \(expected.sorted())")
        }
    }

    @Test func everyCatalogKeyIsUsedByTheCode() throws {
        let catalog = try Self.shippedCatalog()
        let used = Set(try Self.uses().compactMap(\.call.key))
        // A singular form (`<key>.one`) is used wherever its key is.
        let unused = Set(catalog.entries.keys).subtracting(used)
            .filter { !($0.hasSuffix(StringCatalog.singular) && used.contains(String($0.dropLast(StringCatalog.singular.count)))) }
            .sorted()
        #expect(unused.isEmpty, "keys no code uses: \(unused)")
    }

    @Test func everySingularFormHasItsKeyAndTheSamePlaceholders() throws {
        let entries = try Self.shippedCatalog().entries
        let singulars = entries.keys.filter { $0.hasSuffix(StringCatalog.singular) }
        #expect(!singulars.isEmpty)
        for key in singulars {
            let base = String(key.dropLast(StringCatalog.singular.count))
            guard let plural = entries[base] else { Issue.record("\(key) has no \(base)"); continue }
            #expect(Set(StringCatalog.placeholders(in: entries[key]!)) == Set(StringCatalog.placeholders(in: plural)), "\(key)")
            #expect(StringCatalog.placeholders(in: plural).contains("count"), "\(base) has no {count}")
        }
    }

    @Test func templatesUseOnlyWellFormedPlaceholders() throws {
        for (key, template) in try Self.shippedCatalog().entries {
            let braces = template.filter { $0 == "{" || $0 == "}" }.count
            #expect(braces == template.matches(of: /\{[A-Za-z0-9_]+\}/).count * 2,
                    "\(key): stray brace in \(template)")
            #expect(!template.isEmpty, "\(key) is empty")
        }
    }
}
