import Foundation
import SQLiteDB
import Testing
@testable import OfflineStore
import TestSupport

/// The opening's clean-up, at the opening or, for the full screen, after its first frame (#18).
@Suite struct OpeningCleanUpTests {
    /// A pid no process has (above the kernel's largest).
    private let deadPID: Int64 = 4_194_305

    /// A file left by a start that was killed: a generation of a process that is gone, a read
    /// past its lifetime, a send record older than any copy on screen.
    private func leftBehind(_ dir: TemporaryDirectory) throws {
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        #expect(try store.saveRead("today", body: Data("old".utf8), partition: desk, generation: generation,
                                   now: t0, appVersion: "1"))
        let db = try Database(path: store.databaseURL.path)
        try db.run("UPDATE live_generations SET owner_pid = ?", [.integer(deadPID)])
        try db.run("INSERT INTO outbox_sent_versions (instance_key, person_id, workspace_id, subject, version, sent_at) VALUES ('inst-1', 'p-anna', 'ws-1', 's', 1, ?)",
                   [.integer(OfflineTime.milliseconds(t0))])
        db.close()
    }

    private func counts(_ store: OfflineStore) throws -> [Int] {
        try ["live_generations", "saved_reads", "outbox_sent_versions"].map { try rawCount(store, "SELECT count(*) FROM \($0)") }
    }

    @Test func openingCleansUp() throws {
        let dir = try TemporaryDirectory()
        try leftBehind(dir)
        let later = t0.addingTimeInterval(OfflineStore.savedReadLifetime + hour)
        let store = try OfflineStore(directory: dir.url, now: later)
        #expect(try counts(store) == [0, 0, 0])
    }

    /// Opened to clean up later, the rows stay until `cleanUpAfterOpening` — and the expired read
    /// is never shown meanwhile.
    @Test func openedToCleanUpLaterTheRowsStayUntilAsked() throws {
        let dir = try TemporaryDirectory()
        try leftBehind(dir)
        let later = t0.addingTimeInterval(OfflineStore.savedReadLifetime + hour)
        let store = try OfflineStore(directory: dir.url, now: later, cleanUpLater: true)
        #expect(try counts(store) == [1, 1, 1])
        #expect(try store.savedRead("today", partition: desk, now: later, appVersion: "1") == nil)
        try store.cleanUpAfterOpening(now: later)
        #expect(try counts(store) == [0, 0, 0])
    }
}
