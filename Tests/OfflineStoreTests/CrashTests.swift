import Foundation
import ProcessSpawn
import SQLiteDB
import Testing
@testable import OfflineStore
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// kill -9 in the middle of enqueues: the test binary runs itself as the child (only the child
/// test, selected by filter and enabled by an environment variable), the parent kills it.
@Suite struct CrashTests {
    static let childVariable = "GUESTCRAFT_TEST_CRASH_CHILD_DIR"
    static var childDirectory: String? { ProcessInfo.processInfo.environment[childVariable] }

    /// The payload of entry `part` of batch `batch`: large enough to span pages, checkable.
    static func payload(batch: Int, part: Int) -> Data {
        Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &+ batch &* 7 &+ part &* 13) })
    }

    /// The child: enqueues batches of three entries (a report and two photos) until killed.
    @Test(.enabled(if: CrashTests.childDirectory != nil))
    func crashChildEnqueuesUntilKilled() throws {
        let directory = URL(fileURLWithPath: try #require(Self.childDirectory))
        let store = try OfflineStore(directory: directory, now: t0)
        let generation = try store.beginGeneration(desk)
        var batch = 0
        // Killed by the parent long before these limits; they only stop an orphan (its parent
        // gone: it is re-parented) from filling the disk.
        let parent = getppid()
        let giveUp = Date().addingTimeInterval(120)
        while getppid() == parent && Date() < giveUp {
            let subject = "ticket:\(batch)"
            _ = try store.enqueue([
                NewOutboxEntry(operation: "tickets.create", subject: subject, payload: Self.payload(batch: batch, part: 0)),
                NewOutboxEntry(operation: "photos.upload", subject: subject, payload: Self.payload(batch: batch, part: 1)),
                NewOutboxEntry(operation: "photos.upload", subject: subject, payload: Self.payload(batch: batch, part: 2)),
            ], partition: desk, generation: generation, now: t0)
            try store.saveRead("today", body: Self.payload(batch: batch, part: 3), partition: desk,
                               generation: generation, now: t0, appVersion: "1")
            batch += 1
        }
    }

    @Test(.enabled(if: CrashTests.childDirectory == nil), .timeLimit(.minutes(5)))
    func killDashNineMidEnqueueLeavesWholeEntriesOnly() throws {
        let dir = try TemporaryDirectory()
        let stateDir = dir.url.appendingPathComponent("state")
        _ = try OfflineStore(directory: stateDir, now: t0)   // schema ready before the child starts

        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = stateDir.path
        let child = try SpawnedProcess(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
                                       arguments: ["--testing-library", "swift-testing", "--filter", "crashChildEnqueuesUntilKilled"],
                                       environment: environment)
        defer {
            child.signal(SIGKILL)
            child.wait()
        }

        // Wait until the child has committed a good number of batches, then kill it without
        // warning: no bound of its own (#33: it was 120 s of wall time), the time limit is the net.
        let path = stateDir.appendingPathComponent(OfflineStore.fileName).path
        let reader = try Database(path: path, options: .init(readOnly: true))
        var seen = 0
        while seen < 60 && !Task.isCancelled && child.isRunning {
            seen = (try? reader.queryValue("SELECT count(*) FROM outbox_entries")?.int) ?? 0
            usleep(20_000)
        }
        #expect(child.isRunning, "the child stopped by itself")
        child.signal(SIGKILL)
        #expect(child.wait() == .signaled(SIGKILL))
        try #require(seen >= 60, "the child committed \(seen) entries before the time limit")

        let db = try Database(path: path)
        #expect(try db.queryValue("PRAGMA integrity_check")?.string == "ok")
        let rows = try db.query("SELECT id, operation, subject, payload FROM outbox_entries ORDER BY id")
        var bySubject: [String: [Row]] = [:]
        for row in rows { bySubject[try row.string("subject"), default: []].append(row) }
        for (subject, entries) in bySubject {
            let batch = try #require(Int(subject.dropFirst("ticket:".count)))
            #expect(entries.count == 3, "batch \(batch) is whole")
            #expect(try entries.map { try $0.string("operation") } == ["tickets.create", "photos.upload", "photos.upload"])
            for (part, entry) in entries.enumerated() {
                #expect(try entry.data("payload") == Self.payload(batch: batch, part: part))
            }
        }
        // Batches are contiguous from 0: none lost before the last committed one.
        #expect(bySubject.count * 3 == rows.count)
        #expect(Set(bySubject.keys) == Set((0..<bySubject.count).map { "ticket:\($0)" }))

        // Reopening ends the dead child's generation and keeps its entries.
        let store = try OfflineStore(directory: stateDir, now: t0)
        #expect(try rawCount(store, "SELECT count(*) FROM live_generations") == 0)
        #expect(try store.pendingEntries(desk).count == rows.count)
    }
}
