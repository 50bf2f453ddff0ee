import Foundation
import Testing

/// The table of docs/architecture.md ("Targets and what each may import") holds: every target's
/// dependencies in Package.swift and every `import` in its sources name only targets its row
/// allows, and `AppCore` reaches no target that links a C library.
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
        let cTargets = reached.filter { package.cLibraries.contains($0) }.sorted()
        #expect(cTargets.isEmpty, "AppCore reaches \(cTargets) through \(reached.sorted())")
        #expect(!reached.isEmpty, "the manifest was read: AppCore depends on something")
    }

    @Test func everyTargetOfThePackageHasARow() throws {
        let package = try PackageManifest.read()
        let allowed = try ArchitectureTable.read()
        let missing = package.targets.keys.filter { allowed[$0] == nil }.sorted()
        #expect(missing.isEmpty, "no row in docs/architecture.md for \(missing)")
    }

    // The rule itself, on made-up inputs: it must catch what it is for.

    @Test func anImportAgainstTheTableIsCaught() {
        let package = PackageManifest(targets: ["AppCore": .init(dependencies: ["ClientModel"], path: "Sources/AppCore"),
                                                "ClientModel": .init(dependencies: [], path: "Sources/ClientModel"),
                                                "Outbox": .init(dependencies: [], path: "Sources/Outbox")],
                                      cLibraries: [])
        let violations = ImportRules.violations(
            package: package, allowed: ["AppCore": ["ClientModel"], "ClientModel": [], "Outbox": []],
            imports: ["AppCore": [("Sources/AppCore/X.swift", "Outbox"), ("Sources/AppCore/X.swift", "Foundation")]])
        #expect(violations == ["AppCore imports Outbox (Sources/AppCore/X.swift), which its row does not allow"])
    }

    @Test func aDependencyAgainstTheTableAndACLibraryBehindAnotherTargetAreCaught() {
        let package = PackageManifest(targets: ["AppCore": .init(dependencies: ["Outbox"], path: "Sources/AppCore"),
                                                "Outbox": .init(dependencies: ["CSQLite"], path: "Sources/Outbox")],
                                      cLibraries: ["CSQLite"])
        let violations = ImportRules.violations(package: package, allowed: ["AppCore": [], "Outbox": ["CSQLite"]],
                                                imports: [:])
        #expect(violations == ["AppCore depends on Outbox in Package.swift, which its row does not allow"])
        #expect(package.closure(of: "AppCore") == ["Outbox", "CSQLite"])
    }
}

enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// The targets of Package.swift as text: names, dependencies on other targets, source folders.
struct PackageManifest {
    struct Target {
        var dependencies: [String]
        var path: String
    }

    var targets: [String: Target]
    /// Targets that reach a C library (system-library targets and the loaders of `cLibraryLoadedLater`).
    var cLibraries: Set<String>

    static func read() throws -> PackageManifest {
        let text = try Repository.text("Package.swift")
        var targets: [String: Target] = [:]
        var cLibraries: Set<String> = []
        for match in text.matches(of: /cLibrary(?:LoadedLater)?\("(\w+)"|\.systemLibrary\(name: "(\w+)"/) {
            if let name = match.output.1 ?? match.output.2 { cLibraries.insert(String(name)) }
        }
        // `.target(` and `.executableTarget(` up to the next target declaration.
        let declaration = /\.(target|executableTarget)\(name: "([\w-]+)"/
        let starts = text.matches(of: declaration)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound
                                               : (text.range(of: ".testTarget(")?.lowerBound ?? text.endIndex)
            let body = String(text[start.range.lowerBound..<max(end, start.range.upperBound)])
            let name = String(start.output.2)
            var dependencies: [String] = []
            if let list = body.firstMatch(of: /dependencies: \[([^\]]*)\]/) {
                dependencies = list.output.1.matches(of: /"([\w-]+)"/).map { String($0.output.1) }
            }
            let path = body.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) } ?? "Sources/\(name)"
            targets[name] = Target(dependencies: dependencies, path: path)
        }
        return PackageManifest(targets: targets, cLibraries: cLibraries)
    }

    /// Every target `name` reaches through its dependencies.
    func closure(of name: String) -> Set<String> {
        var reached: Set<String> = []
        var queue = targets[name]?.dependencies ?? []
        while let next = queue.popLast() {
            guard reached.insert(next).inserted else { continue }
            queue += targets[next]?.dependencies ?? []
        }
        return reached
    }
}

/// The "may import" column of docs/architecture.md's table: the target names in backticks.
enum ArchitectureTable {
    static func read() throws -> [String: Set<String>] {
        let text = try Repository.text("docs/architecture.md")
        guard let start = text.range(of: "## Targets and what each may import") else { return [:] }
        var rows: [String: Set<String>] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            // The first name of the first cell is the target (a folder in brackets may follow).
            let names = cells[1].matches(of: /`([\w-]+)`/).map { String($0.output.1) }
            let mayImport = Set(cells[3].matches(of: /`([\w-]+)`/).map { String($0.output.1) })
            if names.count > 1 && cells[1].contains("`, `") {
                for name in names { rows[name] = mayImport }   // the C targets' shared row
            } else if let name = names.first {
                rows[name] = mayImport
            }
        }
        return rows
    }
}

/// Each target's `import` lines (plain, `@testable`, `@_exported`, `@preconcurrency`).
enum SourceImports {
    static func read(_ package: PackageManifest) throws -> [String: [(file: String, module: String)]] {
        var imports: [String: [(String, String)]] = [:]
        let files = FileManager.default
        for (name, target) in package.targets {
            let folder = Repository.root.appendingPathComponent(target.path)
            guard let walker = files.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                let relative = String(url.path.dropFirst(Repository.root.path.count + 1))
                for line in text.split(separator: "\n") {
                    if let match = line.wholeMatch(of: /(?:@\w+ )*import (\w+)/) {
                        imports[name, default: []].append((relative, String(match.output.1)))
                    }
                }
            }
        }
        return imports
    }
}

enum ImportRules {
    /// Sentences for every dependency or import of a package target that the table does not allow.
    static func violations(package: PackageManifest, allowed: [String: Set<String>],
                           imports: [String: [(file: String, module: String)]]) -> [String] {
        var found: [String] = []
        let known = Set(package.targets.keys).union(package.cLibraries)
        for name in package.targets.keys.sorted() {
            let permitted = allowed[name] ?? []
            for dependency in package.targets[name]?.dependencies ?? [] where !permitted.contains(dependency) {
                found.append("\(name) depends on \(dependency) in Package.swift, which its row does not allow")
            }
            var said: Set<String> = []
            for (file, module) in imports[name] ?? [] where known.contains(module) && module != name {
                guard !permitted.contains(module), said.insert(module).inserted else { continue }
                found.append("\(name) imports \(module) (\(file)), which its row does not allow")
            }
        }
        return found
    }
}
