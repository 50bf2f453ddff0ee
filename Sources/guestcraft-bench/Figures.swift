import Foundation

/// Printing of measured figures: one `name: value` line each, so scripts and docs can quote them.
enum Figures {
    /// min / median / max of `samples` in milliseconds.
    static func summary(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        guard let first = sorted.first, let last = sorted.last else { return "no samples" }
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return String(format: "min %.1f  median %.1f  max %.1f ms (%d runs)", first, median, last, sorted.count)
    }

    static func line(_ name: String, _ value: String) {
        // Unbuffered, so a script sees each figure as it comes.
        FileHandle.standardOutput.write(Data("\(name): \(value)\n".utf8))
    }

    /// Milliseconds since `start`.
    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
