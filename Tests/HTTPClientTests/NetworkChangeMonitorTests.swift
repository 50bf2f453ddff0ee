import Foundation
import Locking
import Testing
@testable import HTTPClient

/// The monitor against the real kernel: a veth pair added and removed is a network change.
/// Needs root (CAP_NET_ADMIN) and iproute2, as CI has; skipped elsewhere.
@Suite struct NetworkChangeMonitorTests {
    static let canChangeLinks = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
        || getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/sbin/ip")

    static func ip(_ arguments: String...) throws {
        let path = FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") ? "/usr/sbin/ip" : "/sbin/ip"
        try run(path, arguments)
    }

    @Test(.enabled(if: canChangeLinks))
    func aLinkThatComesAndGoesIsReportedOnceItSettles() async throws {
        let changes = Counter()
        let started = NetworkChangeMonitor(quietPeriod: .milliseconds(50), onChange: { changes.add() })
        let monitor = try #require(started)
        defer { monitor.stop() }
        let name = "gcnet\(getpid() % 100_000)"
        try Self.ip("link", "add", name, "type", "veth", "peer", "name", name + "p")
        try Self.ip("link", "del", name)
        let deadline = Date().addingTimeInterval(10)
        while changes.value == 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(changes.value >= 1, "the kernel's messages were reported")
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
