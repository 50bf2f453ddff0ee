import AppCore
import Foundation
import Testing

/// Compares a screen laid out at each size with its golden text file in
/// `Tests/AppCoreTests/Snapshots/<name>.<width>x<height>.txt` (format: `TextGrid.snapshot`).
/// A missing file is written and the test fails once; `SNAPSHOT_RECORD=1` rewrites every file.
func assertSnapshot(of screen: Screen, named name: String,
                    sizes: [(width: Int, height: Int)] = [(40, 12), (80, 24)],
                    sourceLocation: SourceLocation = #_sourceLocation) {
    for size in sizes {
        let grid = ScreenLayout.layout(screen, width: size.width, height: size.height).grid
        assertSnapshot(TextGrid.snapshot(grid), file: "\(name).\(size.width)x\(size.height).txt",
                       sourceLocation: sourceLocation)
    }
    expectLastLineReachable(screen, sourceLocation: sourceLocation)
}

/// Compares `text` with the golden file `file` of the snapshot folder.
func assertSnapshot(_ text: String, file: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = snapshotFolder.appendingPathComponent(file)
    let recording = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    let golden = try? String(contentsOf: url, encoding: .utf8)
    if recording || golden == nil {
        do {
            try FileManager.default.createDirectory(at: snapshotFolder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(file); check it and run the tests again.\n\(text)",
                         sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, "Could not write snapshot \(file)", sourceLocation: sourceLocation)
        }
        return
    }
    if let golden, golden != text {
        let diff = StateDiff.lineDiff(golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                      context: 3)
        Issue.record("Snapshot \(file) differs (− golden, + now); SNAPSHOT_RECORD=1 rewrites it:\n\(diff)",
                     sourceLocation: sourceLocation)
    }
}

private let snapshotFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Snapshots")
