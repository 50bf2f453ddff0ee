import Foundation
import FuzzChecks
import Testing

/// Every kept fuzz input (`Tests/Fuzz/Corpus/<target>/`) and every crash the fuzzers found
/// (`Tests/Fuzz/Regressions/<target>/`) goes through its target's check again, without libFuzzer:
/// the check is the one `guestcraft-fuzz` runs, so a fixed finding stays fixed.
@Suite struct CorpusReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func files(_ folder: String, _ target: FuzzTarget) -> [URL] {
        let url = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusFileKeepsItsTargetsPromises(_ target: FuzzTarget) throws {
        let files = Self.files("Corpus", target)
        #expect(files.count >= 3, "a seed corpus for \(target.rawValue)")
        for file in files {
            let problems = target.check(try Data(contentsOf: file))
            #expect(problems.isEmpty, "\(target.rawValue)/\(file.lastPathComponent): \(problems.joined(separator: "; "))")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyRegressionKeepsItsTargetsPromises(_ target: FuzzTarget) throws {
        for file in Self.files("Regressions", target) {
            let problems = target.check(try Data(contentsOf: file))
            #expect(problems.isEmpty, "\(target.rawValue)/\(file.lastPathComponent): \(problems.joined(separator: "; "))")
        }
    }
}
