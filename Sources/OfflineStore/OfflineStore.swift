import Foundation
import SQLiteDB
#if canImport(Glibc)
import Glibc
#endif

/// The offline layer: one SQLite file of saved reads, the outbox and live generations, with
/// methods named for what the app means. Every method takes the partition it works in.
///
/// Durability: the file is in WAL mode with `synchronous=FULL`, so a write that returned
/// (an outbox entry the person was told is saved) is on disk and survives a power loss;
/// NORMAL would be faster but could lose the latest commits. Writes are few and small.
///
/// Threading: methods are synchronous and safe from any thread (the connection serializes
/// them); call them off the UI thread.
public final class OfflineStore: Sendable {
    /// The database's file name inside the state directory.
    public static let fileName = "guestcraft.db"
    /// How long a saved read is shown at most: a lost handheld holds guest names, and three
    /// days cover a weekend without a connection.
    public static let savedReadLifetime: TimeInterval = 72 * 3600
    /// SQLite's page cache for this connection, in KiB (its default is 2,000).
    static let pageCacheKiB = 256
    /// The reading connection's page cache, in KiB: a saved read walks its body once (a cache
    /// does not help it), the rest of what it reads is a few pages of small tables.
    static let readerPageCacheKiB = 64
    /// How much of the file the reading connection maps rather than reads (#18: the saved rooms'
    /// 440 KB were 109 `pread` calls on the way to the first frame, the longest step of the read
    /// ahead after decoding). The file only grows (nothing here vacuums it), so no mapped page goes away.
    static let readerMapBytes = 64 << 20

    /// The state directory (0700).
    public let directory: URL
    /// The database file (0600).
    public let databaseURL: URL
    /// Set when the file was found damaged at opening and replaced; the app shows its sentence once.
    public let recoveredDamage: DamagedDatabase?

    let db: Database
    /// The reading connection, read-only (#18): saved reads and their heads, the outbox's pending
    /// list and counts. In WAL mode a reader sees the last commit and never waits for a writer:
    /// with one connection the start's first read waited behind the generation's row and its three
    /// disk syncs. Opened on its first use, after the writing one has migrated the file: its
    /// schema parse (half a million instructions) then falls to the thread that reads first —
    /// the app's read ahead — rather than to the UI thread opening the store.
    ///
    /// With `readsOnWriterWhile` (the full screen's start), reads go through the writing
    /// connection while it answers true and the reading one is not open: before the first frame
    /// nothing writes (the generation's row and the clean-up wait for it), and the reading
    /// connection's opening — its schema parse, the file's mapping — then waits for that frame too.
    var reader: Database {
        get throws(OfflineStoreError) {
            if let readsOnWriterWhile, !readerConnection.isOpen, readsOnWriterWhile() { return db }
            return try readerConnection.connection { () throws(OfflineStoreError) in try Self.openReader(path: databasePath) }
        }
    }
    private let readerConnection = LazyConnection()
    private let readsOnWriterWhile: (@Sendable () -> Bool)?
    private let databasePath: String
    /// Whether the reading connection has been opened (for tests).
    var readerIsOpen: Bool { readerConnection.isOpen }
    let observers = GenerationObservers()

    /// Opens (creating if needed) the store in `directory`, as of `now` (expired reads go).
    ///
    /// A file found damaged while opening is moved aside and replaced (see `recoveredDamage`).
    /// Opening reads only a few pages; with `verify`, it also runs `PRAGMA quick_check` over the
    /// whole file — use it to reopen after a call failed with `isDamagedFile`.
    ///
    /// With `cleanUpLater` the opening's clean-up (expired reads, the rows of processes that
    /// ended without closing theirs, old send records) waits for `cleanUpAfterOpening()`: the
    /// full screen runs it after its first frame (#18: after a start that was killed, it was a
    /// write and a disk sync on the way to that frame). Opening still checks the file's tables.
    /// `readsOnWriterWhile`: see `reader`.
    public init(directory: URL, now: Date = Date(), verify: Bool = false,
                cleanUpLater: Bool = false, readsOnWriterWhile: (@Sendable () -> Bool)? = nil) throws(OfflineStoreError) {
        self.directory = directory
        self.readsOnWriterWhile = readsOnWriterWhile
        self.databaseURL = directory.file(named: Self.fileName)
        try StateDirectory.prepare(directory)
        let path = databaseURL.filePath
        databasePath = path
        do {
            db = try Self.openPrepared(path: path, now: now, verify: verify, cleanUp: !cleanUpLater)
            recoveredDamage = nil
        } catch .database(let error) where error.isDamagedFile {
            let movedTo = try Self.moveAside(path: path, now: now)
            db = try Self.openPrepared(path: path, now: now, verify: false, cleanUp: !cleanUpLater)
            recoveredDamage = DamagedDatabase(originalPath: path, movedTo: movedTo, reason: error)
        }
    }

    /// The opening's clean-up, for a store opened with `cleanUpLater` (running it again is harmless).
    public func cleanUpAfterOpening(now: Date = Date()) throws(OfflineStoreError) {
        try wrap { try Self.cleanUp(db, now: now) }
    }

    deinit {
        // The reading connection first: SQLite copies the write-ahead log into the file (and
        // deletes it) when the last connection closes, and a read-only one cannot.
        readerConnection.close()
        db.close()
    }

    /// Opens the store in the state directory that `environment` names (see `StateDirectory`).
    public convenience init(environment: [String: String], now: Date = Date()) throws(OfflineStoreError) {
        try self.init(directory: StateDirectory.resolve(environment: environment), now: now)
    }

    /// SQLITE_CORRUPT (the C macro is not imported here: OfflineStore does not see CSQLite).
    static let sqliteCorrupt: Int32 = 11
    /// SQLITE_ERROR: what SQLite answers a statement naming a table or column that is not there.
    static let sqliteError: Int32 = 1

    /// Opening runs this app's own fixed statements only (pragmas, the schema steps, the start-up
    /// clean-up): one fails with SQLITE_ERROR only when the file is not one this app can use — a
    /// header SQLite does not support ("unsupported file format"), another program's SQLite file,
    /// tables that are not those its `user_version` says. Such a file is damaged: moved aside like
    /// one. (Full disk, I/O, locks and permissions have codes of their own and are not.)
    private static func notThisAppsFile(_ error: SQLiteError) -> SQLiteError {
        SQLiteError(code: sqliteCorrupt, message: "not a file of this app: \(error.message)")
    }

    /// The companion files SQLite may keep beside the database.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    private static func openPrepared(path: String, now: Date, verify: Bool, cleanUp: Bool) throws(OfflineStoreError) -> Database {
        try FilePermissions.createPrivateFile(path)
        for file in [path] + companionSuffixes.map({ path + $0 }) {
            try FilePermissions.tighten(file, to: 0o600)
        }
        let db: Database
        do {
            db = try Database(path: path)
            try db.execute("PRAGMA journal_mode = WAL")
            try db.execute("PRAGMA synchronous = FULL")
            // A saved read is read once per opening, row by row: SQLite's default 2 MiB page
            // cache only kept the overflow pages of Today and the rooms resident (about 2 MiB of
            // the 40 MiB bar, docs/performance.md). The tables' own pages fit in 256 KiB.
            try db.execute("PRAGMA cache_size = -\(Self.pageCacheKiB)")
            if verify {
                let problems = try db.query("PRAGMA quick_check").compactMap { $0[0].string }
                if problems != ["ok"] {
                    throw SQLiteError(code: sqliteCorrupt,
                                      message: "quick_check: " + problems.prefix(3).joined(separator: "; "))
                }
            }
        } catch let error as SQLiteError {
            throw .database(error.primaryCode == sqliteError ? notThisAppsFile(error) : error)
        } catch {
            throw .database(SQLiteError(code: 1, message: "\(error)"))
        }
        do {
            try OfflineSchema.migrate(db)
        } catch .database(let error) where error.primaryCode == sqliteError {
            throw .database(notThisAppsFile(error))
        }
        do {
            // The clean-up meets a table that is not there in a file whose tables are not those of
            // its version (another program's, a schema cut short); without it, the check does.
            if cleanUp { try Self.cleanUp(db, now: now) } else { try OfflineSchema.checkTables(db) }
        } catch let error as SQLiteError {
            throw .database(error.primaryCode == sqliteError ? notThisAppsFile(error) : error)
        } catch {
            throw .database(SQLiteError(code: 1, message: "\(error)"))
        }
        // SQLite gives -wal and -shm the database file's mode; make sure of it.
        for file in companionSuffixes.map({ path + $0 }) {
            try FilePermissions.tighten(file, to: 0o600)
        }
        return db
    }

    /// What opening leaves behind: no generation of an earlier start lives on (those of a running
    /// process do: `guestcraft send` may open the file while the app runs), no read past its
    /// lifetime, no send record older than any copy on screen.
    private static func cleanUp(_ db: Database, now: Date) throws {
        try db.transaction {
            for row in try db.query("SELECT DISTINCT owner_pid FROM live_generations") {
                let pid = try row.int64("owner_pid")
                if !processIsAlive(pid) {
                    try db.run("DELETE FROM live_generations WHERE owner_pid = ?", [.integer(pid)])
                }
            }
            try deleteExpiredReads(db, now: now)
            // A copy on screen is never older than a saved read lives, so a send before that
            // can never be newer than it: the record is of no more use.
            let oldest = OfflineTime.milliseconds(now.addingTimeInterval(-savedReadLifetime))
            try db.run("DELETE FROM outbox_sent_versions WHERE sent_at <= ?", [.integer(oldest)])
        }
    }

    /// The reading connection of a file `openPrepared` opened (and migrated).
    private static func openReader(path: String) throws(OfflineStoreError) -> Database {
        do {
            let reader = try Database(path: path, options: Database.Options(readOnly: true))
            try reader.execute("PRAGMA cache_size = -\(Self.readerPageCacheKiB)")
            try reader.execute("PRAGMA mmap_size = \(Self.readerMapBytes)")
            return reader
        } catch let error as SQLiteError {
            throw .database(error)
        } catch {
            throw .database(SQLiteError(code: 1, message: "\(error)"))
        }
    }

    private static func processIsAlive(_ pid: Int64) -> Bool {
        guard pid > 0, pid <= Int64(Int32.max) else { return false }
        if kill(pid_t(pid), 0) == 0 { return true }
        return errno == EPERM
    }

    /// Renames the damaged file and its companions with a timestamp suffix; answers the new path.
    private static func moveAside(path: String, now: Date) throws(OfflineStoreError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var target = path + ".damaged-" + formatter.string(from: now)
        var n = 2
        while FileManager.default.fileExists(atPath: target) {
            target = path + ".damaged-" + formatter.string(from: now) + "-\(n)"
            n += 1
        }
        for suffix in [""] + companionSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, target + suffix) == 0 else {
                throw .cannotSecure(path: path + suffix, reason: String(cString: strerror(errno)))
            }
        }
        return target
    }

    static func deleteExpiredReads(_ db: Database, now: Date) throws {
        let oldest = OfflineTime.milliseconds(now.addingTimeInterval(-savedReadLifetime))
        try db.run("DELETE FROM saved_reads WHERE saved_at <= ?", [.integer(oldest)])
    }

    /// The schema version of the open file (for diagnostics).
    public func schemaVersion() throws(OfflineStoreError) -> Int {
        try wrap { try db.userVersion() }
    }

    /// Runs `body`, turning SQLite's errors into `OfflineStoreError.database`.
    @discardableResult
    func wrap<T>(_ body: () throws -> T) throws(OfflineStoreError) -> T {
        do {
            return try body()
        } catch let error as OfflineStoreError {
            throw error
        } catch let error as SQLiteError {
            throw .database(error)
        } catch {
            throw .database(SQLiteError(code: 1, message: "\(error)"))
        }
    }

    /// The partition's columns as SQL values, in the schema's order.
    static func values(_ p: Partition) -> [SQLValue] {
        [.text(p.instanceKey), .text(p.personID), .text(p.workspaceID)]
    }
}

/// Handlers told which generations ended (so the app cancels their requests).
final class GenerationObservers: @unchecked Sendable {
    private let lock = NSLock()
    private var handlers: [@Sendable ([EndedGeneration]) -> Void] = []

    func add(_ handler: @escaping @Sendable ([EndedGeneration]) -> Void) {
        lock.lock()
        handlers.append(handler)
        lock.unlock()
    }

    func notify(_ ended: [EndedGeneration]) {
        guard !ended.isEmpty else { return }
        lock.lock()
        let current = handlers
        lock.unlock()
        for handler in current { handler(ended) }
    }
}

/// A connection opened on its first use, once, whichever thread asks first (the others wait).
final class LazyConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: Database?

    func connection(_ open: () throws(OfflineStoreError) -> Database) throws(OfflineStoreError) -> Database {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        let connection = try open()
        opened = connection
        return connection
    }

    var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return opened != nil
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        opened?.close()
        opened = nil
    }
}
