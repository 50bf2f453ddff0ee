import Foundation
import Testing

/// Swift files stay under `LongFiles.limit` lines; one over it is there on purpose, so its
/// decision (`LongFiles.decision`) names it with its current size ("`Sources/…/X.swift` (512 lines)")
/// and says why. A file that grew since is caught too: its size no longer matches.
@Suite struct LongFileTests {
    @Test func everyLongFileIsInDecisionsWithItsSize() throws {
        let paths = (Repository.files(under: "Sources") + Repository.files(under: "Tests")).filter { $0.hasSuffix(".swift") }
        let files = try paths.map { ($0, LongFiles.lineCount(try Repository.text($0))) }
        #expect(files.count > 100, "the sources were read")
        let decision = try Repository.text(LongFiles.decision)
        #expect(decision.contains("\n- Status: Accepted\n"), "\(LongFiles.decision) is the list in force, not a superseded one")
        let unlisted = LongFiles.unlisted(files, decisions: decision)
        #expect(unlisted.isEmpty, "\(unlisted.joined(separator: "\n"))")
    }

    @Test func aLongFileUnlistedOrListedWithAnOlderSizeIsCaught() {
        let decisions = """
            ## Files over 450 lines
            `Tests/B/Grown.swift` (455 lines): one suite. `Tests/B/Listed.swift` (451 lines): one type.
            `Sources/A/Big.swift` is long (a mention without its size).
            """
        let unlisted = LongFiles.unlisted([("Sources/A/Big.swift", 512), ("Sources/A/AtTheLimit.swift", 450),
                                           ("Tests/B/Grown.swift", 470), ("Tests/B/Listed.swift", 451)],
                                          decisions: decisions)
        #expect(unlisted == ["Sources/A/Big.swift has 512 lines: \(LongFiles.decision) has no `Sources/A/Big.swift` (512 lines)",
                             "Tests/B/Grown.swift has 470 lines: \(LongFiles.decision) has no `Tests/B/Grown.swift` (470 lines)"])
        #expect(LongFiles.lineCount("one\ntwo\n") == 2 && LongFiles.lineCount("one\ntwo") == 1, "counted as wc -l does")
    }
}

enum LongFiles {
    static let limit = 450
    /// The decision that names each file kept longer on purpose.
    static let decision = "docs/decisions/0081-files-over-450-lines.md"

    /// Lines as `wc -l` counts them: newline characters.
    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// A sentence for each file (path, lines) over the limit that `decisions` does not name with its size.
    static func unlisted(_ files: [(String, Int)], decisions: String) -> [String] {
        files.filter { $0.1 > limit }.compactMap { path, lines in
            let entry = "`\(path)` (\(lines) lines)"
            return decisions.contains(entry) ? nil : "\(path) has \(lines) lines: \(decision) has no \(entry)"
        }
    }
}
