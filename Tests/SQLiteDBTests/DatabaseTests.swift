import CSQLite
import Foundation
import Testing
@testable import SQLiteDB
import TestSupport

@Suite struct DatabaseTests {
    @Test func typedValuesRoundTripThroughAFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("values.db")
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
            let changed = try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                                     [.integer(Int64.max), .real(2.5), .text("Zoë 東京"), .blob(Data([0, 1, 255])), .null])
            #expect(changed == 1)
            try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [-1, 0.0, "", .blob(Data()), .null])
        }
        // A second connection reads what the first wrote to the file.
        let db = try Database(path: path)
        let rows = try db.query("SELECT i, r, s, b, n, typeof(b) AS bt, typeof(s) AS st FROM t ORDER BY rowid")
        #expect(rows.count == 2)
        #expect(try rows[0].int64("i") == Int64.max)
        #expect(try rows[0].double("r") == 2.5)
        #expect(try rows[0].string("s") == "Zoë 東京")
        #expect(try rows[0].data("b") == Data([0, 1, 255]))
        #expect(rows[0]["n"].isNull)
        #expect(try rows[0].optionalString("n") == nil)
        #expect(try rows[1].int64("i") == -1)
        #expect(try rows[1].string("s") == "")
        #expect(try rows[1].string("st") == "text")
        #expect(try rows[1].string("bt") == "blob")
        #expect(try rows[1].data("b") == Data())
    }

    @Test func rowAccessorsRefuseTheWrongType() throws {
        let db = try Database.inMemory()
        let row = try #require(try db.queryFirst("SELECT 'x' AS s, NULL AS n, 3 AS i"))
        #expect(throws: SQLiteError.self) { try row.int64("s") }
        #expect(throws: SQLiteError.self) { try row.string("n") }
        #expect(try row.double("i") == 3)
        #expect(try row.optionalInt64("n") == nil)
        do {
            _ = try row.int64("s")
        } catch let error as SQLiteError {
            #expect(error.primaryCode == SQLITE_MISMATCH)
            #expect(error.message.contains("column s"))
        }
    }

    @Test func preparedStatementBindsStepsAndResets() throws {
        let dir = try TemporaryDirectory()
        let db = try Database(path: dir.path("prepared.db"))
        try db.execute("CREATE TABLE rooms (number TEXT PRIMARY KEY, floor INTEGER, rate REAL, photo BLOB)")
        let insert = try db.prepare("INSERT INTO rooms VALUES (:number, :floor, :rate, :photo)")
        #expect(insert.parameterCount == 4)
        for floor in 1...3 {
            try insert.bind(.text("\(floor)01"), named: ":number")
            try insert.bind(Int64(floor), at: 2)
            try insert.bind(Double(floor) * 10.5, at: 3)
            try insert.bind(Data([UInt8(floor)]), at: 4)
            try insert.run()
            insert.reset()
        }
        let select = try db.prepare("SELECT number, floor, rate, photo FROM rooms WHERE floor >= ? ORDER BY floor")
        try select.bind(2, at: 1)
        #expect(select.columnNames == ["number", "floor", "rate", "photo"])
        #expect(try select.step())
        #expect(select.string(at: 0) == "201")
        #expect(select.int64(at: 1) == 2)
        #expect(select.double(at: 2) == 21.0)
        #expect(select.data(at: 3) == Data([2]))
        #expect(select.value(at: 0) == .text("201"))
        #expect(try select.step())
        #expect(try !select.step())
        select.reset(clearBindings: true)
        try select.bindNull(at: 1)
        #expect(try select.allRows().isEmpty)
    }

    @Test func wrongParameterCountIsAnError() throws {
        let db = try Database.inMemory()
        #expect(throws: SQLiteError.self) { try db.run("SELECT ?, ?", [1]) }
        #expect(throws: SQLiteError.self) { try db.run("SELECT 1; SELECT 2") }
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        try db.run("INSERT INTO t VALUES (?)", ["a"])
        do {
            try db.run("INSERT INTO t VALUES (?)", ["a"])
            Issue.record("a duplicate key was accepted")
        } catch let error as SQLiteError {
            #expect(error.isConstraint)
            #expect(error.code == 1555, "SQLITE_CONSTRAINT_PRIMARYKEY, a macro expression Swift does not import")
            #expect(error.message.contains("UNIQUE"))
            #expect(error.sql == "INSERT INTO t VALUES (?)")
            #expect(!error.description.contains("'a'"), "bound values stay out of errors")
        }
        do {
            _ = try db.query("SELEC nothing")
            Issue.record("a syntax error was accepted")
        } catch let error as SQLiteError {
            #expect(error.primaryCode == SQLITE_ERROR)
            #expect(error.sql == "SELEC nothing")
        }
    }

    /// #18: a long BLOB read whole into a buffer of its own, and a read transaction that sees one
    /// snapshot while another connection commits.
    @Test func aBlobIsReadWholeInOneSnapshot() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("blobs.db")
        let writer = try Database(path: path)
        try writer.execute("PRAGMA journal_mode = WAL")
        try writer.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)")
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try writer.run("INSERT INTO t VALUES (1, ?)", [.blob(body)])
        let reader = try Database(path: path, options: Database.Options(readOnly: true))
        #expect(try reader.blobPrefix(table: "t", column: "body", rowid: 1, length: .max) == body)
        #expect(try reader.blobPrefix(table: "t", column: "body", rowid: 2, length: .max) == nil)
        let seen = try reader.readTransaction { () -> (Data?, Int?) in
            let first = try reader.blobPrefix(table: "t", column: "body", rowid: 1, length: .max)
            try writer.run("UPDATE t SET body = ? WHERE id = 1", [.blob(Data([1, 2, 3]))])
            let count = try reader.queryValue("SELECT length(body) FROM t WHERE id = 1")?.int
            return (first, count)
        }
        #expect(seen.0 == body)
        #expect(seen.1 == body.count, "the read transaction still sees its snapshot")
        #expect(!reader.isInTransaction)
        #expect(try reader.blobPrefix(table: "t", column: "body", rowid: 1, length: .max) == Data([1, 2, 3]), "and after it, the commit")
    }

    @Test func transactionCommitsOrRollsBack() throws {
        let dir = try TemporaryDirectory()
        let db = try Database(path: dir.path("tx.db"))
        try db.execute("CREATE TABLE t (v INTEGER)")
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            #expect(db.isInTransaction)
        }
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (2)")
                throw Abort()
            }
        }
        #expect(!db.isInTransaction)
        // A nested transaction is a savepoint: its failure undoes only its own work.
        try db.transaction {
            try db.run("INSERT INTO t VALUES (3)")
            try? db.transaction {
                try db.run("INSERT INTO t VALUES (4)")
                throw Abort()
            }
        }
        let values = try db.query("SELECT v FROM t ORDER BY v").map { try $0.int64("v") }
        #expect(values == [1, 3])
    }

    @Test func immediateTransactionTakesTheWriteLockAtOnce() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("locks.db")
        let first = try Database(path: path)
        try first.execute("PRAGMA journal_mode=WAL; CREATE TABLE t (v INTEGER)")
        let second = try Database(path: path, options: .init(busyTimeoutMilliseconds: 0))
        try first.transaction {
            try first.run("INSERT INTO t VALUES (1)")
            do {
                try second.transaction { try second.run("INSERT INTO t VALUES (2)") }
                Issue.record("two writers at once")
            } catch let error as SQLiteError {
                #expect(error.isBusy)
            }
        }
        try second.transaction { try second.run("INSERT INTO t VALUES (2)") }
        #expect(try first.queryValue("SELECT count(*) FROM t")?.int == 2)
    }

    @Test func userVersionPersists() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("version.db")
        do {
            let db = try Database(path: path)
            #expect(try db.userVersion() == 0)
            try db.transaction { try db.setUserVersion(7) }
        }
        #expect(try Database(path: path).userVersion() == 7)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsDamaged() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("garbage.db")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        do {
            _ = try db.userVersion()
            Issue.record("garbage read as a database")
        } catch let error as SQLiteError {
            #expect(error.isDamagedFile)
        }
    }

    @Test func readOnlyRefusesWritesAndMissingFiles() throws {
        let dir = try TemporaryDirectory()
        #expect(throws: SQLiteError.self) {
            _ = try Database(path: dir.path("missing.db"), options: .init(readOnly: true))
        }
        let path = dir.path("ro.db")
        try Database(path: path).execute("CREATE TABLE t (v)")
        let ro = try Database(path: path, options: .init(readOnly: true))
        #expect(throws: SQLiteError.self) { try ro.run("INSERT INTO t VALUES (1)") }
    }

    @Test func closedDatabaseFailsCleanly() throws {
        let db = try Database.inMemory()
        db.close()
        #expect(throws: SQLiteError.self) { try db.execute("SELECT 1") }
        #expect(throws: SQLiteError.self) { try db.query("SELECT 1") }
    }

    @Test func cachedStatementsSurviveNestedUseOfTheSameSQL() throws {
        let db = try Database(path: ":memory:", options: .init(statementCacheSize: 2))
        try db.execute("CREATE TABLE t (v INTEGER)")
        for v in 0..<10 { try db.run("INSERT INTO t VALUES (?)", [.integer(Int64(v))]) }
        var pairs = 0
        try db.forEachRow("SELECT v FROM t WHERE v < ?", [3]) { outer in
            // The same SQL while the outer statement is still stepping.
            pairs += try db.query("SELECT v FROM t WHERE v < ?", [3]).count
            _ = outer
        }
        #expect(pairs == 9)
        // More distinct statements than the cache holds.
        for v in 0..<5 { _ = try db.query("SELECT v + \(v) FROM t") }
        #expect(try db.queryValue("SELECT sum(v) FROM t")?.int == 45)
    }

    @Test func oneConnectionIsSafeFromManyThreads() async throws {
        let dir = try TemporaryDirectory()
        let db = try Database(path: dir.path("threads.db"))
        try db.execute("PRAGMA journal_mode=WAL; CREATE TABLE t (task INTEGER, n INTEGER)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<25 {
                        try db.transaction {
                            // Read-then-write inside one transaction: another thread's statement
                            // never lands between these two.
                            let count = try db.queryValue("SELECT count(*) FROM t WHERE task = ?", [.integer(Int64(task))])?.int ?? -1
                            try db.run("INSERT INTO t VALUES (?, ?)", [.integer(Int64(task)), .integer(Int64(count))])
                            _ = n
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try db.queryValue("SELECT count(*) FROM t")?.int == 200)
        // Each task's rows numbered 0…24 without a gap or a repeat.
        let bad = try db.queryValue("""
            SELECT count(*) FROM (SELECT task, count(DISTINCT n) AS d, max(n) AS m FROM t GROUP BY task)
            WHERE d != 25 OR m != 24
            """)?.int
        #expect(bad == 0)
    }
}

@Suite struct SymlinkTests {
    /// Home directories are often reached through a symlinked parent.
    @Test func aDatabaseInASymlinkedDirectoryOpens() throws {
        let dir = try TemporaryDirectory()
        let real = dir.url.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = dir.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let db = try Database(path: link.appendingPathComponent("a.db").path)
        try db.execute("CREATE TABLE t (v)")
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("a.db").path))
    }
}
