import Foundation
import SQLiteDB
import Testing
@testable import OfflineStore
import TestSupport

@Suite struct SchemaTests {
    @Test func aNewFileGetsEveryStep() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        #expect(try store.schemaVersion() == OfflineSchema.currentVersion)
        #expect(try rawCount(store, "PRAGMA user_version") == OfflineSchema.currentVersion)
        #expect(try rawCount(store, "SELECT count(*) FROM sqlite_master WHERE name = 'live_generations'") == 1)
    }

    /// The tables opening checks for, when it leaves the clean-up for later, are those the steps make.
    @Test func theTablesCheckedAreThoseOfTheSteps() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let db = try Database(path: store.databaseURL.path, options: .init(readOnly: true))
        // SQLite's own tables (sqlite_sequence, of AUTOINCREMENT) aside.
        let made = Set(try db.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, 7) != 'sqlite_'")
            .compactMap { $0[0].string })
        #expect(made == OfflineSchema.tables)
    }

    @Test func aVersionOneFileIsMigratedWithItsData() throws {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            // The file as the first release left it: step 1 only.
            let db = try Database(path: path)
            try db.transaction {
                try db.execute(OfflineSchema.steps[0])
                try db.setUserVersion(1)
            }
            try db.run("""
                INSERT INTO outbox_entries (instance_key, person_id, workspace_id, operation, subject, payload,
                                            idempotency_key, created_at)
                VALUES ('inst-1', 'p-anna', 'ws-1', 'units.housekeeping', 'unit:101', x'7b7d', 'key-1', ?)
                """, [.integer(OfflineTime.milliseconds(t0))])
            try db.run("""
                INSERT INTO saved_reads VALUES ('inst-1', 'p-anna', 'ws-1', 'today', x'5b5d', ?, '1.0')
                """, [.integer(OfflineTime.milliseconds(t0))])
        }
        let store = try OfflineStore(directory: dir.url, now: t0.addingTimeInterval(hour))
        #expect(try store.schemaVersion() == OfflineSchema.currentVersion)
        let entries = try store.pendingEntries(desk)
        #expect(entries.count == 1)
        #expect(entries.first?.idempotencyKey == "key-1")
        #expect(entries.first?.attempts == 0)
        #expect(entries.first?.outcomeUnknown == false)
        #expect(entries.first?.hold == nil)
        let saved = try store.savedRead("today", partition: desk, now: t0.addingTimeInterval(hour), appVersion: "1.0")
        #expect(saved?.body == Data("[]".utf8))
    }

    @Test func aFileFromANewerVersionIsLeftAlone() throws {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE future (x); PRAGMA user_version = 99")
        }
        #expect(throws: OfflineStoreError.newerSchema(found: 99, known: OfflineSchema.currentVersion)) {
            _ = try OfflineStore(directory: dir.url, now: t0)
        }
        #expect(try Database(path: path).userVersion() == 99)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains("damaged") }
        #expect(leftovers.isEmpty)
    }
}

@Suite struct DamagedFileTests {
    @Test func aFileThatIsNotADatabaseIsMovedAsideAndReplaced() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url, withIntermediateDirectories: true)
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        let garbage = Data(String(repeating: "not a database. ", count: 300).utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        let store = try OfflineStore(directory: dir.url, now: t0)
        let damage = try #require(store.recoveredDamage)
        #expect(damage.reason.isDamagedFile)
        #expect(damage.movedTo == path + ".damaged-20270115T080000Z")
        #expect(FileManager.default.contents(atPath: damage.movedTo) == garbage)
        // The new file works.
        let generation = try store.beginGeneration(desk)
        #expect(try store.enqueue(operation: "op", subject: "s", payload: Data(), partition: desk,
                                  generation: generation, now: t0) != nil)
        #expect(mode(path) == 0o600)
    }

    /// A SQLite file of another program (or a schema cut short) whose `user_version` claims steps
    /// it does not have: the next step or the start-up clean-up meets a table that is not there
    /// (found by the `files` fuzz target, Tests/Fuzz/Regressions/files/foreign-schema-at-version-1).
    /// At version 1 a later step meets the missing table; at the current version, the clean-up at
    /// the opening or, left for later, the opening's check of the tables.
    @Test(arguments: [1, OfflineSchema.currentVersion], [false, true])
    func aFileWhoseTablesAreNotThoseOfItsVersionIsMovedAsideAndReplaced(version: Int, cleanUpLater: Bool) throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url, withIntermediateDirectories: true)
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1); PRAGMA user_version = \(version);")
            db.close()
        }
        // Left for later, the clean-up cannot find it out: opening's check of the tables does.
        let store = try OfflineStore(directory: dir.url, now: t0, cleanUpLater: cleanUpLater)
        let damage = try #require(store.recoveredDamage)
        #expect(damage.reason.isDamagedFile)
        // Kept with what it held (its -wal moved with it: opening had already turned WAL on).
        let kept = try Database(path: damage.movedTo)
        #expect(try kept.query("SELECT x FROM t").map { try $0.int64("x") } == [1])
        kept.close()
        #expect(try rawCount(store, "PRAGMA user_version") == OfflineSchema.currentVersion)
        #expect(try store.pendingEntries(desk).isEmpty)
    }

    /// `user_version` is any 32-bit number; a negative one is no version of this file. It used to
    /// index the steps at -1 and trap (the `files` fuzz target, .../negative-user-version).
    @Test func aFileWithANegativeUserVersionIsMovedAsideAndReplaced() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url, withIntermediateDirectories: true)
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (x); PRAGMA user_version = -1;")
            db.close()
        }
        let store = try OfflineStore(directory: dir.url, now: t0)
        let damage = try #require(store.recoveredDamage)
        #expect(damage.reason.isDamagedFile)
        #expect(FileManager.default.fileExists(atPath: damage.movedTo))
        #expect(try rawCount(store, "PRAGMA user_version") == OfflineSchema.currentVersion)
    }

    /// A header whose schema format number (byte 44) no SQLite knows: SQLite answers SQLITE_ERROR
    /// "unsupported file format" to the first statement, not SQLITE_CORRUPT (the `files` fuzz
    /// target, Tests/Fuzz/Regressions/files/crash-38468eda…).
    @Test func aFileOfAnUnsupportedFormatIsMovedAsideAndReplaced() throws {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            let store = try OfflineStore(directory: dir.url, now: t0)
            _ = try store.beginGeneration(desk)
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[44 + 3] = 9
        try bytes.write(to: URL(fileURLWithPath: path))

        let store = try OfflineStore(directory: dir.url, now: t0)
        let damage = try #require(store.recoveredDamage)
        #expect(damage.reason.isDamagedFile)
        #expect(FileManager.default.contents(atPath: damage.movedTo) == bytes)
        #expect(try rawCount(store, "PRAGMA user_version") == OfflineSchema.currentVersion)
    }

    @Test func aMalformedDatabaseIsMovedAsideAndReplaced() throws {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            let store = try OfflineStore(directory: dir.url, now: t0)
            let generation = try store.beginGeneration(desk)
            for n in 0..<50 {
                _ = try store.enqueue(operation: "op", subject: "s\(n)", payload: Data(repeating: 7, count: 500),
                                      partition: desk, generation: generation, now: t0)
            }
        }
        // Every page after the first (the schema) overwritten: the tables' pages are garbage.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 4096 * 3)
        for i in 4096..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try bytes.write(to: URL(fileURLWithPath: path))

        let store = try OfflineStore(directory: dir.url, now: t0)
        let damage = try #require(store.recoveredDamage)
        #expect(damage.reason.isDamagedFile)
        #expect(FileManager.default.contents(atPath: damage.movedTo) == bytes)
        #expect(try store.pendingEntries(desk).isEmpty)
        #expect(try rawCount(store, "PRAGMA user_version") == OfflineSchema.currentVersion)
    }

    @Test func damageFoundLaterIsRecoveredByAVerifyingOpen() throws {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(OfflineStore.fileName).path
        do {
            let store = try OfflineStore(directory: dir.url, now: t0)
            let generation = try store.beginGeneration(desk)
            for n in 0..<60 {
                _ = try store.enqueue(operation: "op", subject: "s\(n)", payload: Data(repeating: 7, count: 800),
                                      partition: desk, generation: generation, now: t0)
            }
        }
        // The last pages (outbox data, which opening does not read) overwritten.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for i in (bytes.count - 3 * 4096)..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 17) }
        try bytes.write(to: URL(fileURLWithPath: path))

        do {
            let store = try OfflineStore(directory: dir.url, now: t0)
            #expect(store.recoveredDamage == nil, "opening does not read those pages")
            do {
                _ = try store.pendingEntries(desk)
                Issue.record("damaged pages were read without an error")
            } catch {
                #expect(error.isDamagedFile)
            }
        }
        let store = try OfflineStore(directory: dir.url, now: t0, verify: true)
        let damage = try #require(store.recoveredDamage)
        #expect(FileManager.default.contents(atPath: damage.movedTo) == bytes)
        #expect(try store.pendingEntries(desk).isEmpty)
    }
}
