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
        enum Kind { case library, executable, systemLibrary, test }

        var dependencies: [String]
        var path: String
        var kind: Kind = .library
    }

    var targets: [String: Target]

    /// What a file's name ends with when it is C (or C++, Objective-C, assembly) for SwiftPM.
    static let cExtensions: Set<String> = ["c", "h", "cc", "cpp", "cxx", "hh", "hpp", "m", "mm", "s", "S"]

    static func read() throws -> PackageManifest {
        parse(SwiftCode.blanked(try Repository.text("Package.swift"), strings: false))
    }

    /// `text`: the manifest with its comments blanked (`SwiftCode.blanked(_:strings: false)`).
    static func parse(_ text: String) -> PackageManifest {
        var targets: [String: Target] = [:]
        // Each declaration up to the next: `.target(`, `.executableTarget(`, `.systemLibrary(`,
        // `.testTarget(` and Package.swift's helpers `cLibrary(` (a system library) and
        // `cLibraryLoadedLater(` (a C target).
        let declaration = /(?:\.(target|executableTarget|systemLibrary|testTarget)\(name: |(cLibrary|cLibraryLoadedLater)\()"([\w-]+)"/
        let starts = text.matches(of: declaration)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
            let body = String(text[start.range.lowerBound..<max(end, start.range.upperBound)])
            let name = String(start.output.3)
            var dependencies: [String] = []
            if let list = body.firstMatch(of: /dependencies: \[([^\]]*)\]/) {
                dependencies = list.output.1.matches(of: /"([\w-]+)"/).map { String($0.output.1) }
            }
            let kind: Target.Kind = switch start.output.1 ?? start.output.2 {
            case "testTarget": .test
            case "executableTarget": .executable
            case "systemLibrary", "cLibrary": .systemLibrary
            default: .library
            }
            let path = body.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) }
                ?? (kind == .test ? "Tests/\(name)" : "Sources/\(name)")
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

/// Each target's imports, as the compiler reads them: indented ones (in `#if`), with attributes
/// (`@testable`, `@_implementationOnly`, `@preconcurrency`), an access level, a declaration's kind
/// (`import struct X.Y`) or a comment after them; not text in comments or string literals.
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

    /// `import`: its attributes, access level and kind, the module, and a submodule or declaration after it.
    static var declaration: Regex<(Substring, Substring)> {
        #/\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open)\s+)?(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)(?:\.\w+)*\s*/#
    }

    /// The modules a Swift source file imports, in order.
    static func modules(in source: String) -> [String] {
        var modules: [String] = []
        for line in SwiftCode.blanked(source).split(separator: "\n") where line.contains("import") {
            for statement in line.split(separator: ";") {
                if let match = statement.wholeMatch(of: declaration) { modules.append(String(match.output.1)) }
            }
        }
        return modules
    }
}

/// Swift source with its comments blanked and, unless `strings` is false, its string literals'
/// text too (the quotes and an interpolation's code stay). Newlines stay, so lines keep their numbers.
enum SwiftCode {
    static func blanked(_ source: String, strings: Bool = true) -> String {
        var lexer = Lexer(bytes: Array(source.utf8), blankStrings: strings)
        lexer.code(untilParenthesis: false)
        return String(decoding: lexer.output, as: UTF8.self)
    }

    /// Over UTF-8 bytes: every byte of Swift's syntax is ASCII; a blanked byte becomes a space.
    private struct Lexer {
        let bytes: [UInt8]
        let blankStrings: Bool
        var index = 0
        var output: [UInt8] = []

        init(bytes: [UInt8], blankStrings: Bool) {
            self.bytes = bytes
            self.blankStrings = blankStrings
            output.reserveCapacity(bytes.count)
        }

        /// The byte `offset` ahead, as a scalar to compare with ASCII (a byte of a longer character is
        /// never one of Swift's syntax).
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < bytes.count ? Unicode.Scalar(bytes[index + offset]) : nil
        }

        mutating func take(keeping: Bool) {
            let byte = bytes[index]
            output.append(keeping || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") ? byte : UInt8(ascii: " "))
            index += 1
        }

        /// Code, up to the parenthesis that closes an interpolation when `untilParenthesis`.
        mutating func code(untilParenthesis: Bool) {
            var depth = 0
            while let scalar = at(0) {
                if scalar == "/" && at(1) == "/" {
                    while let next = at(0), next != "\n" { _ = next; take(keeping: false) }
                } else if scalar == "/" && at(1) == "*" {
                    blockComment()
                } else if scalar == "\"" || (scalar == "#" && opensRawString()) {
                    string()
                } else {
                    if untilParenthesis && scalar == "(" { depth += 1 }
                    if untilParenthesis && scalar == ")" {
                        if depth == 0 { return }
                        depth -= 1
                    }
                    take(keeping: true)
                }
            }
        }

        func opensRawString() -> Bool {
            var offset = 0
            while at(offset) == "#" { offset += 1 }
            return at(offset) == "\""
        }

        /// `/* … */`, nested ones inside.
        mutating func blockComment() {
            var depth = 0
            while let scalar = at(0) {
                if scalar == "/" && at(1) == "*" {
                    depth += 1
                    take(keeping: false); take(keeping: false)
                } else if scalar == "*" && at(1) == "/" {
                    depth -= 1
                    take(keeping: false); take(keeping: false)
                    if depth == 0 { return }
                } else {
                    take(keeping: false)
                }
            }
        }

        /// A string literal: `"…"`, `"""…"""`, raw ones with `#`, interpolations' code kept.
        mutating func string() {
            var hashes = 0
            while at(0) == "#" { hashes += 1; take(keeping: true) }
            let multiline = at(0) == "\"" && at(1) == "\"" && at(2) == "\""
            let quotes = multiline ? 3 : 1
            for _ in 0..<quotes { take(keeping: true) }
            while let scalar = at(0) {
                if scalar == "\"" && closes(quotes: quotes, hashes: hashes) {
                    for _ in 0..<(quotes + hashes) { take(keeping: true) }
                    return
                }
                if scalar == "\\" && (0..<hashes).allSatisfy({ at(1 + $0) == "#" }) {
                    if at(1 + hashes) == "(" {
                        for _ in 0..<(2 + hashes) { take(keeping: !blankStrings) }
                        code(untilParenthesis: true)
                        if at(0) != nil { take(keeping: !blankStrings) }
                    } else {
                        for _ in 0..<min(2 + hashes, bytes.count - index) { take(keeping: !blankStrings) }
                    }
                    continue
                }
                if !multiline && scalar == "\n" { return }   // not closed on its line: code again
                take(keeping: !blankStrings)
            }
        }

        func closes(quotes: Int, hashes: Int) -> Bool {
            (0..<quotes).allSatisfy { at($0) == "\"" } && (0..<hashes).allSatisfy { at(quotes + $0) == "#" }
        }
    }
}

enum ImportRules {
    /// The toolchain's modules: a target imports them without declaring them.
    static let toolchain: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Dispatch", "Glibc", "Musl", "Darwin", "os", "Testing", "XCTest", "PackageDescription",
    ]

    /// Sentences for every dependency or import of a package target that the table does not allow,
    /// and every import (of any target, tests too) that Package.swift does not declare.
    static func violations(package: PackageManifest, allowed: [String: Set<String>],
                           imports: SourceImports.Imports) -> [String] {
        var found: [String] = []
        let known = Set(package.targets.keys)
        for name in package.targets.keys.sorted() {
            guard let target = package.targets[name] else { continue }
            if target.kind != .test {
                let permitted = allowed[name] ?? []
                for dependency in target.dependencies where !permitted.contains(dependency) {
                    found.append("\(name) depends on \(dependency) in Package.swift, which its row does not allow")
                }
                var said: Set<String> = []
                for (file, module) in imports[name] ?? [] where known.contains(module) && module != name {
                    guard !permitted.contains(module), said.insert(module).inserted else { continue }
                    found.append("\(name) imports \(module) (\(file)), which its row does not allow")
                }
            }
            var said: Set<String> = []
            for (file, module) in imports[name] ?? [] where module != name && !toolchain.contains(module) {
                guard !target.dependencies.contains(module), said.insert(module).inserted else { continue }
                found.append("\(name) imports \(module) (\(file)), which Package.swift does not declare as its dependency")
            }
        }
        return found
    }
}
