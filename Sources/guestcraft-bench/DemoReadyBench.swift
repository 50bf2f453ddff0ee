import Foundation
import ProcessSpawn

/// `guestcraft-demo serve --rooms N` time to ready: from the spawn to its first line
/// ("listening on …"), on a new data directory (the hotel is generated) and on one that
/// already holds it (a second start).
enum DemoReadyBench {
    static let options: Set<String> = ["demo", "rooms", "runs"]

    static func run(_ arguments: BenchArguments) throws {
        let demo = try arguments.string("demo")
        let rooms = try arguments.int("rooms", default: 2_000)
        let runs = try arguments.int("runs", default: 5)
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("guestcraft-bench-ready-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        var fresh: [Double] = []
        var again: [Double] = []
        var lostSignals = 0
        for run in 0..<runs {
            let data = root.appendingPathComponent("run\(run)").path
            for second in [false, true] {
                let (elapsed, stopped) = try timeToReady(demo, arguments: ["serve", "--data", data, "--rooms", "\(rooms)"])
                if second { again.append(elapsed) } else { fresh.append(elapsed) }
                if !stopped { lostSignals += 1 }
            }
        }
        Figures.line("ready, new data directory (\(rooms) rooms generated)", Figures.summary(fresh))
        Figures.line("ready, second start on the same data", Figures.summary(again))
        Figures.line("SIGTERM sent as soon as it was ready", "ended the instance \(2 * runs - lostSignals) of \(2 * runs) times"
                     + (lostSignals > 0 ? " (the others needed a second SIGTERM)" : ""))
    }

    /// Milliseconds from spawning until the first line on stdout starts with "listening on ", and
    /// whether the SIGTERM sent right then ended the instance within 3 s.
    static func timeToReady(_ path: String, arguments: [String]) throws -> (Double, stoppedByFirstSignal: Bool) {
        let output = try SpawnPipe()
        let start = ContinuousClock.now
        let process = try SpawnedProcess(path, arguments: arguments, stdout: .pipe(output))
        var text = Data()
        var elapsed: Double?
        while elapsed == nil {
            let chunk = output.reader.availableData
            if chunk.isEmpty { break }
            text.append(chunk)
            if String(decoding: text, as: UTF8.self).contains("listening on ") { elapsed = Figures.milliseconds(since: start) }
        }
        process.signal(SIGTERM)
        let stopped = waitForExit(process, seconds: 3)
        if !stopped {
            process.signal(SIGTERM)
            if !waitForExit(process, seconds: 3) { process.signal(SIGKILL) }
        }
        process.wait()
        guard let elapsed else {
            throw BenchFailure("\(path) ended without \"listening on\": \(String(decoding: text, as: UTF8.self))")
        }
        return (elapsed, stopped)
    }

    /// Whether `process` ended within `seconds`.
    static func waitForExit(_ process: SpawnedProcess, seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while process.isRunning {
            if ContinuousClock.now >= deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
