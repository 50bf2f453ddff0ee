import Foundation
import Testing

/// The table of docs/architecture.md ("Targets and what each may import") holds: every target's
/// dependencies in Package.swift and every `import` in its sources name only targets its row
/// allows, every import (test targets' too) is a dependency Package.swift declares, and `AppCore`
/// reaches no target that links a C library (a system library, or C sources in its folder).
@Suite struct ImportRuleTests {
    @Test func everyTargetDependsOnAndImportsOnlyWhatItsRowAllows() throws {
        let package = try PackageManifest.read()
        let allowed = try ArchitectureTable.read()
        let violations = ImportRules.violations(package: package, allowed: allowed, imports: try SourceImports.read(package))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func appCoreReachesNoTargetThatLinksACLibrary() throws {
        let package = try PackageManifest.read()
        let reached = package.closure(of: "AppCore")
        let files = Repository.files(under: "Sources") + Repository.files(under: "Tests")
        let cTargets = package.cReached(from: "AppCore", files: files)
        #expect(cTargets.isEmpty, "AppCore reaches \(cTargets) through \(reached.sorted())")
        #expect(!reached.isEmpty, "the manifest was read: AppCore depends on something")
        // Each way a target links C is seen: a system library, a loader's C file, a plain `.target` of C.
        #expect(package.linkingC(files: files).isSuperset(of: ["CNCurses", "CNetlink", "CCurl", "CProgramImage"]))
    }

    @Test func everyTargetOfThePackageHasARow() throws {
        let package = try PackageManifest.read()
        let allowed = try ArchitectureTable.read()
        let missing = package.targets.filter { $0.value.kind != .test && allowed[$0.key] == nil }.keys.sorted()
        #expect(missing.isEmpty, "no row in docs/architecture.md for \(missing)")
    }

    // The rule itself, on made-up inputs: it must catch what it is for.

    @Test func anImportAgainstTheTableIsCaught() {
        let package = PackageManifest(targets: ["AppCore": .init(dependencies: ["ClientModel"], path: "Sources/AppCore"),
                                                "ClientModel": .init(dependencies: [], path: "Sources/ClientModel"),
                                                "Outbox": .init(dependencies: [], path: "Sources/Outbox")])
        let violations = ImportRules.violations(
            package: package, allowed: ["AppCore": ["ClientModel"], "ClientModel": [], "Outbox": []],
            imports: ["AppCore": [("Sources/AppCore/X.swift", "Outbox"), ("Sources/AppCore/X.swift", "Foundation")]])
        #expect(violations == ["AppCore imports Outbox (Sources/AppCore/X.swift), which its row does not allow",
                               "AppCore imports Outbox (Sources/AppCore/X.swift), which Package.swift does not declare as its dependency"])
    }

    @Test func aDependencyAgainstTheTableAndACLibraryBehindAnotherTargetAreCaught() {
        let package = PackageManifest(targets: ["AppCore": .init(dependencies: ["Outbox"], path: "Sources/AppCore"),
                                                "Outbox": .init(dependencies: ["CSQLite"], path: "Sources/Outbox"),
                                                "CSQLite": .init(dependencies: [], path: "Sources/CSQLite", kind: .systemLibrary)])
        let violations = ImportRules.violations(package: package, allowed: ["AppCore": [], "Outbox": ["CSQLite"]],
                                                imports: [:])
        #expect(violations == ["AppCore depends on Outbox in Package.swift, which its row does not allow"])
        #expect(package.closure(of: "AppCore") == ["Outbox", "CSQLite"])
    }

    @Test func aTargetWithCSourcesOrASystemLibraryLinksC() {
        let manifest = PackageManifest.parse("""
            cLibrary("CZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
            .systemLibrary(name: "CRoutes", path: "Sources/CRoutes"),
            .target(name: "CClock", path: "Sources/CClock"),
            .target(name: "CHeaders"),
            .target(name: "Timing", dependencies: ["CClock", "CHeaders"]),
            .target(name: "Compress", dependencies: ["CZlib", "CRoutes"]),
            .target(name: "AppCore", dependencies: ["Timing", "Compress"]),
            """)
        let files = ["Sources/CZlib/module.modulemap", "Sources/CRoutes/module.modulemap",
                     "Sources/CClock/clock.c", "Sources/CClock/include/clock.h", "Sources/CHeaders/include/only.h",
                     "Sources/Timing/Timing.swift", "Sources/Compress/Compress.swift", "Sources/AppCore/App.swift"]
        #expect(manifest.cReached(from: "AppCore", files: files) == ["CClock", "CHeaders", "CRoutes", "CZlib"])
        // The same targets with Swift sources only do not link C.
        let swiftOnly = files.filter { !$0.hasPrefix("Sources/CClock/") && !$0.hasPrefix("Sources/CHeaders/") }
            + ["Sources/CClock/Clock.swift", "Sources/CHeaders/Headers.swift"]
        #expect(manifest.cReached(from: "AppCore", files: swiftOnly) == ["CRoutes", "CZlib"])
    }

    /// A module reached only through another target compiles (SwiftPM finds its module file) but is
    /// not declared: it fails, in a library and in a test target; the toolchain's modules do not.
    @Test func anImportThatPackageSwiftDoesNotDeclareIsCaught() {
        let package = PackageManifest.parse("""
            .target(name: "SQLiteDB"),
            .target(name: "OfflineStore", dependencies: ["SQLiteDB"]),
            .target(name: "Outbox", dependencies: ["OfflineStore"]),
            .testTarget(name: "OutboxTests", dependencies: ["Outbox"]),
            """)
        let violations = ImportRules.violations(
            package: package, allowed: ["SQLiteDB": [], "OfflineStore": ["SQLiteDB"], "Outbox": ["OfflineStore", "SQLiteDB"]],
            imports: ["Outbox": [("Sources/Outbox/Round.swift", "Foundation"), ("Sources/Outbox/Round.swift", "Synchronization"),
                                 ("Sources/Outbox/Round.swift", "OfflineStore"), ("Sources/Outbox/Round.swift", "SQLiteDB")],
                      "OutboxTests": [("Tests/OutboxTests/RoundTests.swift", "Testing"), ("Tests/OutboxTests/RoundTests.swift", "Outbox"),
                                      ("Tests/OutboxTests/RoundTests.swift", "OfflineStore"),
                                      ("Tests/OutboxTests/RoundTests.swift", "OutboxTests")]])
        #expect(violations == [
            "Outbox imports SQLiteDB (Sources/Outbox/Round.swift), which Package.swift does not declare as its dependency",
            "OutboxTests imports OfflineStore (Tests/OutboxTests/RoundTests.swift), which Package.swift does not declare as its dependency",
        ])
    }
}
