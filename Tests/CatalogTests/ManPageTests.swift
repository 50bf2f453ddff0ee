import Catalog
import Foundation
import Testing

/// `guestcraft --help` (`cli.help`) and `guestcraft-demo --help` (`demo.cli.usage`) name the same
/// commands and long options as their man pages (`docs/man/*.scd`: SYNOPSIS, COMMANDS, OPTIONS)
/// and their bash completion (`packaging/bash-completion/`); the man page names every environment
/// variable the code reads.
@Suite struct ManPageTests {
    static func file(_ path: String) throws -> String {
        try String(contentsOf: CatalogKeyTests.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The words of `text` (scdoc's `*` and `_` marks, brackets and bars are separators).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "/" || $0 == "<" || $0 == ">") })
            .map(String.init)
    }

    /// Long options: `--no-mouse`.
    static func options(_ text: String) -> Set<String> {
        Set(words(text).filter { $0.hasPrefix("--") && $0.dropFirst(2).first?.isLetter == true })
    }

    /// Commands: the lower-case word right after the program's name (`guestcraft status`).
    static func commands(of program: String, in text: String) -> Set<String> {
        let words = words(text)
        return Set(zip(words, words.dropFirst()).compactMap { first, next in
            first == program && next.first?.isLowercase == true ? next : nil
        })
    }

    /// The man page's sections that list commands and options.
    static func manSections(_ page: String, _ names: [String] = ["SYNOPSIS", "COMMANDS", "OPTIONS"]) -> String {
        page.components(separatedBy: "\n# ").filter { section in names.contains { section.hasPrefix($0 + "\n") } }
            .joined(separator: "\n")
    }

    /// The words a completion script offers (`compgen -W '…'`).
    static func offered(_ script: String) -> Set<String> {
        Set(script.components(separatedBy: "compgen -W '").dropFirst()
            .flatMap { words(String($0.prefix { $0 != "'" })) })
    }

    @Test(arguments: [("guestcraft", "cli.help"), ("guestcraft-demo", "demo.cli.usage")])
    func helpManPageAndCompletionAgree(program: String, helpKey: String) throws {
        let help = StringCatalog.english.string(helpKey)
        let man = Self.manSections(try Self.file("docs/man/\(program).1.scd"))
        let completion = try Self.file("packaging/bash-completion/\(program)")
        #expect(!Self.options(help).isEmpty && !Self.commands(of: program, in: help).isEmpty)
        #expect(Self.options(man) == Self.options(help), "man page and --help differ")
        #expect(Self.commands(of: program, in: man) == Self.commands(of: program, in: help), "man page and --help differ")
        #expect(Self.options(completion) == Self.options(help), "completion and --help differ")
        let missing = Self.commands(of: program, in: help).subtracting(Self.offered(completion))
        #expect(missing.isEmpty, "completion does not offer \(missing)")
    }

    /// guestcraft-demo's own command line reads its variables (its man page names them); every other
    /// source file is the app's (guestcraft.1).
    @Test(arguments: [("guestcraft", ["GUESTCRAFT_HOME", "GUESTCRAFT_CA_BUNDLE", "GUESTCRAFT_ALLOW_HTTP", "NO_COLOR"]),
                      ("guestcraft-demo", ["GUESTCRAFT_BASE_URL"])])
    func theManPageNamesEveryEnvironmentVariableTheCodeReads(program: String, expected: [String]) throws {
        let environment = Self.manSections(try Self.file("docs/man/\(program).1.scd"), ["ENVIRONMENT"])
        let read = #/(?:environment|getenv|value)[\[(]"([A-Za-z_]+)"/#
        let sources = CatalogKeyTests.repositoryRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var names: Set<String> = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/guestcraft-bench/"),
                  url.path.contains("/Sources/guestcraft-demo/") == (program == "guestcraft-demo") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            names.formUnion(text.matches(of: read).map { String($0.output.1) })
        }
        #expect(names.isSuperset(of: expected))
        for name in names.sorted() {
            #expect(environment.contains("*\(name)*"), "\(program)'s man page's ENVIRONMENT lacks \(name)")
        }
    }

    /// Issue #35: the system-wide file's settings, ca_bundle among them, are in FILES, with the
    /// variable's precedence and what the send timer reads.
    @Test func theManPageNamesTheSystemFileAndItsCABundle() throws {
        let files = Self.manSections(try Self.file("docs/man/guestcraft.1.scd"), ["FILES"])
        for key in ["_/etc/guestcraft/guestcraft.conf_", "*require_lock*", "*lock_idle_seconds*", "*ca_bundle = /path/ca.pem*",
                    "*GUESTCRAFT_CA_BUNDLE*, when set, wins over *ca_bundle*", "*update-ca-certificates*"] {
            #expect(files.contains(key), "FILES lacks \(key)")
        }
        let timer = Self.manSections(try Self.file("docs/man/guestcraft.1.scd"), ["SENDING ON A TIMER"])
        #expect(timer.contains("*ca_bundle*"))
    }
}
