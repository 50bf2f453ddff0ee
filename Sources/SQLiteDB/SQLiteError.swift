import CSQLite

/// A failed SQLite call: its (extended) result code, SQLite's message and the SQL it came from.
///
/// Only SQL text is kept, never bound values, so an error can go to a log without the data.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …); `primaryCode` is its low byte.
    public let code: Int32
    /// SQLite's message (`sqlite3_errmsg`) or ours for wrapper-level failures.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    public var primaryCode: Int32 { code & 0xff }

    /// The file is not a database, or a database that is damaged.
    public var isDamagedFile: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// Another connection held a lock longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// A constraint (unique, check, foreign key, not null) refused the change.
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }

    /// The error SQLite reports for `db` after result `rc`.
    static func from(_ db: OpaquePointer?, code rc: Int32, sql: String?) -> SQLiteError {
        let message: String
        if let db, let text = sqlite3_errmsg(db) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(rc) {
            message = String(cString: text)
        } else {
            message = "unknown error"
        }
        let extended = db.map { sqlite3_extended_errcode($0) } ?? rc
        // sqlite3_extended_errcode describes the latest call; keep it only when it matches rc.
        return SQLiteError(code: (extended & 0xff) == (rc & 0xff) ? extended : rc, message: message, sql: sql)
    }
}
