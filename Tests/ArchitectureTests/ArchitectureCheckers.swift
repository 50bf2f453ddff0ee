import Foundation

// The checkers of ImportRuleTests: each takes text (a manifest, a source file, a table) so the
// self-tests can feed it crafted input, and `read()` runs it on the repository.

enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file under `folder` (paths from the repository's root), in order.
    static func files(under folder: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return [] }
        var found: [String] = []
        for case let file as URL in walker where !file.hasDirectoryPath {
            found.append(String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return found.sorted()
    }
}

/// The targets of Package.swift as text: names, kinds, dependencies on other targets, source folders.
struct PackageManifest {
    struct Target {
        enum Kind { case library, executable, systemLibrary }

        var dependencies: [String]
        var path: String
        var kind: Kind = .library
    }

    var targets: [String: Target]

    /// What a file's name ends with when it is C (or C++, Objective-C, assembly) for SwiftPM.
    static let cExtensions: Set<String> = ["c", "h", "cc", "cpp", "cxx", "hh", "hpp", "m", "mm", "s", "S"]

    static func read() throws -> PackageManifest {
        parse(try Repository.text("Package.swift"))
    }

    static func parse(_ text: String) -> PackageManifest {
        var targets: [String: Target] = [:]
        // Each declaration up to the next: `.target(`, `.executableTarget(`, `.systemLibrary(` and
        // Package.swift's helpers `cLibrary(` (a system library) and `cLibraryLoadedLater(` (a C target).
        let declaration = /(?:\.(target|executableTarget|systemLibrary)\(name: |(cLibrary|cLibraryLoadedLater)\()"([\w-]+)"/
        let starts = text.matches(of: declaration)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound
                                               : (text.range(of: ".testTarget(")?.lowerBound ?? text.endIndex)
            let body = String(text[start.range.lowerBound..<max(end, start.range.upperBound)])
            let name = String(start.output.3)
            var dependencies: [String] = []
            if let list = body.firstMatch(of: /dependencies: \[([^\]]*)\]/) {
                dependencies = list.output.1.matches(of: /"([\w-]+)"/).map { String($0.output.1) }
            }
            let path = body.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) } ?? "Sources/\(name)"
            let kind: Target.Kind = switch start.output.1 ?? start.output.2 {
            case "executableTarget": .executable
            case "systemLibrary", "cLibrary": .systemLibrary
            default: .library
            }
            targets[name] = Target(dependencies: dependencies, path: path, kind: kind)
        }
        return PackageManifest(targets: targets)
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

    /// The targets that link C: system-library targets, and targets with C sources or headers in
    /// their folder (`files`: the repository's, from its root).
    func linkingC(files: [String]) -> Set<String> {
        Set(targets.filter { _, target in
            target.kind == .systemLibrary || files.contains { file in
                file.hasPrefix(target.path + "/") && Self.cExtensions.contains(String(file.split(separator: ".").last ?? ""))
            }
        }.keys)
    }

    /// The targets that link C which `name` reaches.
    func cReached(from name: String, files: [String]) -> [String] {
        closure(of: name).intersection(linkingC(files: files)).sorted()
    }
}

/// The "may import" column of docs/architecture.md's table: the target names in backticks.
enum ArchitectureTable {
    static func read() throws -> [String: Set<String>] {
        parse(try Repository.text("docs/architecture.md"))
    }

    static func parse(_ text: String) -> [String: Set<String>] {
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
    typealias Imports = [String: [(file: String, module: String)]]

    static func read(_ package: PackageManifest) throws -> Imports {
        var imports: Imports = [:]
        for (name, target) in package.targets {
            for file in Repository.files(under: target.path) where file.hasSuffix(".swift") {
                for module in modules(in: try Repository.text(file)) {
                    imports[name, default: []].append((file, module))
                }
            }
        }
        return imports
    }

    /// The modules a Swift source file imports, in order.
    static func modules(in source: String) -> [String] {
        var modules: [String] = []
        for line in source.split(separator: "\n") {
            if let match = line.wholeMatch(of: /(?:@\w+ )*import (\w+)/) {
                modules.append(String(match.output.1))
            }
        }
        return modules
    }
}

enum ImportRules {
    /// Sentences for every dependency or import of a package target that the table does not allow.
    static func violations(package: PackageManifest, allowed: [String: Set<String>],
                           imports: SourceImports.Imports) -> [String] {
        var found: [String] = []
        let known = Set(package.targets.keys)
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
