import CSQLite
import Foundation

/// One SQLite connection, shared by OfflineStore and the demo instance.
///
/// Threading: the connection is opened with `SQLITE_OPEN_FULLMUTEX`, and every call of this
/// wrapper also takes one recursive lock per connection, held for the whole of `transaction { }`.
/// So a `Database` can be used from any thread, and a transaction's statements never interleave
/// with another thread's (which would otherwise join the open transaction).
public final class Database: @unchecked Sendable {
    /// How to open the file.
    public struct Options: Sendable {
        /// Open read-only (no writes, no creation).
        public var readOnly: Bool
        /// Create the file when missing (ignored when read-only).
        public var create: Bool
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int32
        /// Keep up to this many prepared statements of `run`/`query` for reuse (0: none).
        public var statementCacheSize: Int

        public init(readOnly: Bool = false, create: Bool = true, busyTimeoutMilliseconds: Int32 = 5_000,
                    statementCacheSize: Int = 64) {
            self.readOnly = readOnly
            self.create = create
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.statementCacheSize = statementCacheSize
        }
    }

    /// The path it was opened with (`:memory:` for an in-memory database).
    public let path: String
    private let options: Options
    private let lock = NSRecursiveLock()
    private var handle: OpaquePointer?
    private var cache: [String: OpaquePointer] = [:]
    private var cacheOrder: [String] = []

    /// Opens (and by default creates) the database at `path`.
    public init(path: String, options: Options = Options()) throws {
        self.path = path
        self.options = options
        // Not SQLITE_OPEN_NOFOLLOW: it refuses a symlink anywhere in the path (a symlinked
        // home directory), not just the file; callers that care check the file itself.
        var flags = SQLITE_OPEN_FULLMUTEX
        if options.readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if options.create { flags |= SQLITE_OPEN_CREATE }
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError.from(db, code: rc, sql: nil)
            sqlite3_close_v2(db)
            throw SQLiteError(code: error.code, message: "cannot open \(path): \(error.message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, options.busyTimeoutMilliseconds)
    }

    /// A private in-memory database (for tests and scratch work).
    public static func inMemory() throws -> Database {
        try Database(path: ":memory:")
    }

    deinit {
        closeHandle()
    }

    /// Closes the connection; later calls fail with `SQLITE_MISUSE`. Statements still alive are
    /// finalized when they go (sqlite3_close_v2 waits for them).
    public func close() {
        locked { closeHandle() }
    }

    private func closeHandle() {
        for (_, statement) in cache { sqlite3_finalize(statement) }
        cache.removeAll()
        cacheOrder.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    // MARK: Running SQL

    /// Runs one or more statements without parameters (schema, pragmas); rows are ignored.
    public func execute(_ sql: String) throws {
        try locked {
            let db = try openHandle(sql: sql)
            var message: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(db, sql, nil, nil, &message)
            defer { sqlite3_free(message) }
            guard rc == SQLITE_OK else {
                let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
                throw SQLiteError(code: sqlite3_extended_errcode(db), message: text, sql: sql)
            }
        }
    }

    /// Runs one statement with `parameters` and answers how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLValue] = []) throws -> Int {
        try withCachedStatement(sql) { statement in
            try statement.bind(parameters)
            try statement.run()
            return Int(sqlite3_changes(handle))
        }
    }

    /// Runs one query with `parameters` and answers every row.
    public func query(_ sql: String, _ parameters: [SQLValue] = []) throws -> [Row] {
        try withCachedStatement(sql) { statement in
            try statement.bind(parameters)
            return try statement.allRows()
        }
    }

    /// The first row of a query, or nil.
    public func queryFirst(_ sql: String, _ parameters: [SQLValue] = []) throws -> Row? {
        try withCachedStatement(sql) { statement in
            try statement.bind(parameters)
            return try statement.step() ? statement.currentRow() : nil
        }
    }

    /// The first column of the first row of a query, or nil when there is no row.
    public func queryValue(_ sql: String, _ parameters: [SQLValue] = []) throws -> SQLValue? {
        try withCachedStatement(sql) { statement in
            try statement.bind(parameters)
            return try statement.step() ? statement.value(at: 0) : nil
        }
    }

    /// Calls `body` for each row without keeping them all (rows are read one at a time).
    public func forEachRow(_ sql: String, _ parameters: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        try withCachedStatement(sql) { statement in
            try statement.bind(parameters)
            let names = statement.columnNames
            while try statement.step() { try body(statement.currentRow(columns: names)) }
        }
    }

    /// A prepared statement for repeated use; the caller owns it.
    public func prepare(_ sql: String) throws -> Statement {
        try locked { Statement(database: self, sql: sql, handle: try prepareHandle(sql)) }
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` (takes the write lock at once, so it never
    /// fails half-way with SQLITE_BUSY on upgrade), `COMMIT` when it returns, `ROLLBACK` when it
    /// throws. Inside another transaction it runs as a savepoint of it.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try locked {
            let db = try openHandle(sql: nil)
            if sqlite3_get_autocommit(db) == 0 {
                try execute("SAVEPOINT gc_nested")
                do {
                    let result = try body()
                    try execute("RELEASE gc_nested")
                    return result
                } catch {
                    try? execute("ROLLBACK TO gc_nested")
                    try? execute("RELEASE gc_nested")
                    throw error
                }
            }
            return try committed(db, begin: "BEGIN IMMEDIATE", body)
        }
    }

    /// Runs `body` in a read transaction (`BEGIN`, deferred): what it reads is one snapshot of the
    /// file, whatever other connections commit meanwhile. Inside another transaction it runs as
    /// part of it.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try locked {
            let db = try openHandle(sql: nil)
            guard sqlite3_get_autocommit(db) != 0 else { return try body() }
            return try committed(db, begin: "BEGIN", body)
        }
    }

    /// `begin`, `body`, then `COMMIT`; `ROLLBACK` when `body` throws. Called with the lock held.
    private func committed<T>(_ db: OpaquePointer, begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(db) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool {
        locked { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }
    }

    // MARK: Facts about the connection

    /// `PRAGMA user_version`: the schema step the file is at (0 for a new file).
    public func userVersion() throws -> Int {
        try queryValue("PRAGMA user_version")?.int ?? 0
    }

    /// Sets `PRAGMA user_version` (inside the caller's transaction, if any).
    public func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// The rowid of the latest successful INSERT on this connection.
    public var lastInsertRowID: Int64 {
        locked { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }
    }

    /// The rows changed by the latest INSERT, UPDATE or DELETE on this connection.
    public var changes: Int {
        locked { handle.map { Int(sqlite3_changes($0)) } ?? 0 }
    }

    /// The first `length` bytes (fewer when shorter) of the blob or text in `column` of the row
    /// `rowid` of `table`, read through SQLite's incremental blob I/O: only the pages that hold
    /// them are read, not the whole value (a saved list's head, #18). nil when the row is missing.
    /// With a `length` past its end, the whole value, read into a buffer of its own (through the
    /// row, a value over several pages is first gathered by SQLite, then copied again).
    public func blobPrefix(table: String, column: String, rowid: Int64, length: Int) throws -> Data? {
        try locked {
            guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed") }
            var blob: OpaquePointer?
            let rc = sqlite3_blob_open(handle, "main", table, column, rowid, 0, &blob)
            guard rc == SQLITE_OK, let blob else {
                sqlite3_blob_close(blob)
                if rc == SQLITE_ERROR, sqlite3_errmsg(handle).map({ String(cString: $0) })?.hasPrefix("no such rowid") == true {
                    return nil
                }
                throw SQLiteError.from(handle, code: rc, sql: nil)
            }
            defer { sqlite3_blob_close(blob) }
            let count = min(Int(sqlite3_blob_bytes(blob)), max(0, length))
            var data = Data(count: count)
            guard count > 0 else { return data }
            let read = data.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(count), 0) }
            guard read == SQLITE_OK else { throw SQLiteError.from(handle, code: read, sql: nil) }
            return data
        }
    }

    /// The pages this connection has had to read from the file since it opened (its page cache's
    /// misses, `SQLITE_DBSTATUS_CACHE_MISS`): how tests see that a read walked a long value once.
    public var cacheMisses: Int {
        locked {
            var current: Int32 = 0
            var highest: Int32 = 0
            guard let handle, sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 0) == SQLITE_OK
            else { return 0 }
            return Int(current)
        }
    }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    // MARK: Internals

    /// Runs `body` under the connection's lock (recursive: nested calls from one thread are fine).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func error(code: Int32, sql: String?) -> SQLiteError {
        locked { SQLiteError.from(handle, code: code, sql: sql) }
    }

    private func openHandle(sql: String?) throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", sql: sql) }
        return handle
    }

    private func prepareHandle(_ sql: String) throws -> OpaquePointer {
        let db = try openHandle(sql: sql)
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let rc = sql.withCString { text in
            let rc = sqlite3_prepare_v3(db, text, -1, 0, &statement, &tail)
            if rc == SQLITE_OK, let tail, tail.pointee != 0,
               !String(cString: tail).allSatisfy({ $0.isWhitespace || $0 == ";" }) {
                return SQLITE_MISUSE
            }
            return rc
        }
        if rc == SQLITE_MISUSE, statement != nil {
            sqlite3_finalize(statement)
            throw SQLiteError(code: SQLITE_MISUSE, message: "more than one statement; use execute", sql: sql)
        }
        guard rc == SQLITE_OK, let statement else {
            throw SQLiteError.from(db, code: rc == SQLITE_OK ? SQLITE_MISUSE : rc, sql: sql)
        }
        return statement
    }

    /// Runs `body` with a statement for `sql`, taken from the cache (or prepared), then reset and
    /// put back. A statement in use is out of the cache, so a nested use of the same SQL prepares
    /// its own.
    private func withCachedStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        try locked {
            let raw = try cache.removeValue(forKey: sql) ?? prepareHandle(sql)
            let statement = Statement(unowned: self, sql: sql, handle: raw)
            defer {
                sqlite3_reset(raw)
                sqlite3_clear_bindings(raw)
                giveBack(sql, raw)
            }
            return try body(statement)
        }
    }

    private func giveBack(_ sql: String, _ raw: OpaquePointer) {
        guard options.statementCacheSize > 0, handle != nil, cache[sql] == nil else {
            sqlite3_finalize(raw)
            return
        }
        cacheOrder.removeAll { $0 == sql }
        cacheOrder.append(sql)
        cache[sql] = raw
        while cacheOrder.count > options.statementCacheSize {
            let oldest = cacheOrder.removeFirst()
            if let evicted = cache.removeValue(forKey: oldest) { sqlite3_finalize(evicted) }
        }
    }
}
