import Foundation
import Locking
import Testing
@testable import HTTPClient

/// The monitor against the real kernel: a veth pair added and removed is a network change.
/// Needs root (CAP_NET_ADMIN) and iproute2, as CI has; skipped elsewhere.
@Suite(.timeLimit(.minutes(5))) struct NetworkChangeMonitorTests {
    static let canChangeLinks = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
        || getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/sbin/ip")

    static func ip(_ arguments: String...) throws {
        let path = FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") ? "/usr/sbin/ip" : "/sbin/ip"
        try run(path, arguments)
    }

    /// Waits for the report itself (#33: not for 10 s of wall time); the time limit is the net.
    @Test(.enabled(if: canChangeLinks), .timeLimit(.minutes(2)))
    func aLinkThatComesAndGoesIsReportedOnceItSettles() async throws {
        let changes = AsyncStream<Void>.makeStream()
        let started = NetworkChangeMonitor(quietPeriod: .milliseconds(50), onChange: { changes.continuation.yield() })
        let monitor = try #require(started)
        defer { monitor.stop() }
        let name = "gcnet\(getpid() % 100_000)"
        try Self.ip("link", "add", name, "type", "veth", "peer", "name", name + "p")
        try Self.ip("link", "del", name)
        var reports = changes.stream.makeAsyncIterator()
        #expect(await reports.next() != nil, "the kernel's messages were reported")
    }

    @Test func stoppingEndsTheWatcherAndIsIdempotent() throws {
        let started = NetworkChangeMonitor(onChange: {})
        let monitor = try #require(started)
        monitor.stop()
        monitor.stop()
    }
}

/// Counts reports from the watcher's thread.
final class Counter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
