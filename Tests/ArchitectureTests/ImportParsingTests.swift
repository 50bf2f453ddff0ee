import Testing

/// What the import rules read as an import, on crafted sources: each blind spot of a match line by
/// line (an indented import, a declaration's import, an access level, a comment after it) is
/// an import, and text in a comment or a string that only looks like one is not.
@Suite struct ImportParsingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var modules: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain and attributed", source: """
            import Foundation
            @testable import AppCore
            @preconcurrency @testable import Dispatch
            """, modules: ["Foundation", "AppCore", "Dispatch"]),
        Case(name: "@_implementationOnly", source: """
            @_implementationOnly import CSQLite
            """, modules: ["CSQLite"]),
        Case(name: "a declaration's import", source: """
            import struct GuestCraftAPI.Reservation
            import func Glibc.poll
            import ClientModel.Origin
            """, modules: ["GuestCraftAPI", "Glibc", "ClientModel"]),
        Case(name: "indented inside #if", source: """
            #if canImport(Glibc)
                import Glibc
            #elseif GUESTCRAFT_FUZZ
            \t@testable import Outbox
            #endif
            """, modules: ["Glibc", "Outbox"]),
        Case(name: "an access level", source: """
            public import Catalog
            internal import Locking
            @preconcurrency package import ClientModel
            """, modules: ["Catalog", "Locking", "ClientModel"]),
        Case(name: "a comment after it", source: """
            import Locking // the lock
            import SQLiteDB /* the database */
            """, modules: ["Locking", "SQLiteDB"]),
        Case(name: "a line comment", source: """
            // import Outbox
                // import OfflineStore
            /// import InstanceClient
            let x = 1 // import HTTPClient
            """, modules: []),
        Case(name: "a block comment", source: """
            /*
            import Outbox
            */
            /* import OfflineStore */ import Catalog
            /* outer /* nested */
            import HTTPClient
            */
            """, modules: ["Catalog"]),
        Case(name: "a string", source: ##"""
            let text = """
            import Outbox
            """
            let raw = #"""
            import HTTPClient "" \(x)
            """#
            let one = "import OfflineStore \(f("import Catalog")) // import SQLiteDB"
            import Locking
            """##, modules: ["Locking"]),
        Case(name: "a word that starts like import", source: """
            importer.run()
            let imports = 2
            """, modules: []),
    ]

    @Test(arguments: cases) func readsImportsAsTheCompilerDoes(_ example: Case) {
        #expect(SourceImports.modules(in: example.source) == example.modules)
    }

    /// Package.swift is read with its comments blanked: a target commented out is no target.
    @Test func aCommentedOutTargetIsNotATarget() {
        let manifest = PackageManifest.parse(SwiftCode.blanked("""
            // .target(name: "Old", dependencies: ["Outbox"]),
            /* .target(name: "Older"), */
            .target(name: "New", dependencies: ["Locking" /* , "Outbox" */]),
            """, strings: false))
        #expect(manifest.targets.keys.sorted() == ["New"])
        #expect(manifest.targets["New"]?.dependencies == ["Locking"])
    }
}
