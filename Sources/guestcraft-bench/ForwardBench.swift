import Foundation

/// The byte-counting forwarder on its own, for measuring the whole app (Benchmarks/live_hour.sh):
/// prints "listening on http://127.0.0.1:PORT", then answers each line read on stdin — `count`
/// prints "sent received connections" (bytes each way since the last `reset`), `reset` zeroes
/// them — and ends at end of input.
enum ForwardBench {
    static let options: Set<String> = ["upstream"]

    static func run(_ arguments: BenchArguments) throws {
        let upstream = try arguments.int("upstream", default: 0)
        guard upstream > 0, upstream < 65_536 else { throw BenchFailure("--upstream PORT is required") }
        let proxy = try ByteCountingProxy(upstreamPort: upstream)
        defer { proxy.stop() }
        say("listening on http://127.0.0.1:\(proxy.port)")
        while let line = readLine() {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "count":
                let counts = proxy.counts
                say("\(counts.sent) \(counts.received) \(counts.connections)")
            case "reset":
                proxy.reset()
                say("reset")
            default:
                say("unknown: \(line)")
            }
        }
    }

    /// A line on stdout at once (a pipe would keep it buffered).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
