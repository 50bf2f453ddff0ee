import Foundation
import Testing

/// README.md and every page of docs/ link only files that exist, and every decision of
/// docs/decisions/ says its status: accepted, or superseded by a decision that exists (#32).
@Suite struct DocumentLinkTests {
    static var pages: [String] {
        ["README.md"] + Repository.files(under: "docs").filter { $0.hasSuffix(".md") }
    }

    @Test func everyRelativeLinkPointsToAFileThatExists() throws {
        let pages = Self.pages
        #expect(pages.count > 20, "the pages were read")
        var broken: [String] = []
        for page in pages {
            let folder = (page as NSString).deletingLastPathComponent
            broken += DocumentLinks.broken(in: try Repository.text(page), page: page) { target in
                FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent(folder)
                    .appendingPathComponent(target).standardizedFileURL.path)
            }
        }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test func everyDecisionSaysItsStatus() throws {
        let decisions = Repository.files(under: "docs/decisions").filter { $0.hasSuffix(".md") && !$0.hasSuffix("README.md") }
        #expect(decisions.count > 50, "the decisions were read")
        let names = Set(decisions.map { ($0 as NSString).lastPathComponent })
        var wrong: [String] = []
        for decision in decisions {
            wrong += DocumentLinks.statusProblems(in: try Repository.text(decision), decision: decision, names: names)
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test func aBrokenLinkOrAMissingStatusIsCaught() {
        let page = """
            See [the guide](guide.md), [a section](guide.md#map), [the web](https://example.org),
            [here](#top) and [gone](decisions/0999-gone.md).
            ```
            [in a code block](nowhere.md)
            ```
            """
        let broken = DocumentLinks.broken(in: page, page: "docs/x.md") { $0 == "guide.md" }
        #expect(broken == ["docs/x.md links decisions/0999-gone.md, which does not exist"])

        let names: Set = ["0001-a.md", "0002-b.md"]
        #expect(DocumentLinks.statusProblems(in: "# 0001. A\n\n- Status: Accepted\n", decision: "0001-a.md", names: names).isEmpty)
        #expect(DocumentLinks.statusProblems(in: "# 0001. A\n\n- Status: Superseded by 0002\n- Superseded-by: [0002](0002-b.md)\n",
                                             decision: "0001-a.md", names: names).isEmpty)
        #expect(DocumentLinks.statusProblems(in: "# 0001. A\n\nNo status.\n", decision: "0001-a.md", names: names)
                == ["0001-a.md has no \"- Status: Accepted\" or \"- Status: Superseded by NNNN\" line"])
        #expect(DocumentLinks.statusProblems(in: "# 0001. A\n\n- Status: Superseded by 0003\n", decision: "0001-a.md", names: names)
                == ["0001-a.md is superseded by 0003, which has no file"])
    }
}

enum DocumentLinks {
    /// Each relative link of `text` (outside code blocks) whose file `exists` denies.
    static func broken(in text: String, page: String, exists: (String) -> Bool) -> [String] {
        var inCode = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode else { continue }
            for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                if file.isEmpty || target.contains("://") || target.hasPrefix("mailto:") { continue }
                if !exists(file) { found.append("\(page) links \(target), which does not exist") }
            }
        }
        return found
    }

    /// What is wrong with a decision's status line, if anything.
    static func statusProblems(in text: String, decision: String, names: Set<String>) -> [String] {
        if text.contains("\n- Status: Accepted\n") { return [] }
        guard let match = text.firstMatch(of: /\n- Status: Superseded by (\d{4})\n/) else {
            return ["\(decision) has no \"- Status: Accepted\" or \"- Status: Superseded by NNNN\" line"]
        }
        let number = String(match.1)
        return names.contains { $0.hasPrefix(number + "-") } ? [] : ["\(decision) is superseded by \(number), which has no file"]
    }
}
