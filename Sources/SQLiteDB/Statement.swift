import CSQLite
import Foundation

/// A prepared statement: bind typed parameters (1-based, as in SQLite), step, read columns (0-based).
///
/// Use one statement from one thread at a time; every call takes its database's lock, so a
/// statement never runs in the middle of another thread's transaction.
public final class Statement {
    /// The SQL it was prepared from.
    public let sql: String
    let database: Database
    let handle: OpaquePointer
    /// False for the database's cached statements, which the cache finalizes.
    private let ownsHandle: Bool

    init(database: Database, sql: String, handle: OpaquePointer) {
        self.database = database
        self.sql = sql
        self.handle = handle
        self.ownsHandle = true
    }

    init(unowned database: Database, sql: String, handle: OpaquePointer) {
        self.database = database
        self.sql = sql
        self.handle = handle
        self.ownsHandle = false
    }

    deinit {
        if ownsHandle { database.locked { _ = sqlite3_finalize(handle) } }
    }

    // MARK: Binding

    /// The number of parameters the SQL has.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// The 1-based index of the parameter named `name` (with its `:`, `@` or `$`), or nil.
    public func parameterIndex(_ name: String) -> Int32? {
        let index = sqlite3_bind_parameter_index(handle, name)
        return index == 0 ? nil : index
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int64, at index: Int32) throws {
        try check(database.locked { sqlite3_bind_int64(handle, index, value) })
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int, at index: Int32) throws {
        try bind(Int64(value), at: index)
    }

    /// Binds a number to parameter `index`.
    public func bind(_ value: Double, at index: Int32) throws {
        try check(database.locked { sqlite3_bind_double(handle, index, value) })
    }

    /// Binds text to parameter `index` (SQLite copies it).
    public func bind(_ value: String, at index: Int32) throws {
        // A trailing NUL keeps the buffer non-empty: a null pointer would bind NULL, not ''.
        let utf8 = Array(value.utf8) + [0]
        let length = utf8.count - 1
        guard length <= Int32.max else { throw SQLiteError(code: SQLITE_TOOBIG, message: "text too long", sql: sql) }
        let rc = database.locked {
            utf8.withUnsafeBufferPointer { buf in
                buf.withMemoryRebound(to: CChar.self) { chars in
                    gc_sqlite3_bind_text_transient(handle, index, chars.baseAddress!, Int32(length))
                }
            }
        }
        try check(rc)
    }

    /// Binds bytes to parameter `index` (SQLite copies them; empty bytes bind a zero-length blob).
    public func bind(_ value: Data, at index: Int32) throws {
        guard value.count <= Int32.max else { throw SQLiteError(code: SQLITE_TOOBIG, message: "blob too long", sql: sql) }
        let rc: Int32 = database.locked {
            if value.isEmpty { return sqlite3_bind_zeroblob(handle, index, 0) }
            return value.withUnsafeBytes { raw in
                gc_sqlite3_bind_blob_transient(handle, index, raw.baseAddress, Int32(raw.count))
            }
        }
        try check(rc)
    }

    /// Binds NULL to parameter `index`.
    public func bindNull(at index: Int32) throws {
        try check(database.locked { sqlite3_bind_null(handle, index) })
    }

    /// Binds any value to parameter `index`.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .integer(let v): try bind(v, at: index)
        case .real(let v): try bind(v, at: index)
        case .text(let v): try bind(v, at: index)
        case .blob(let v): try bind(v, at: index)
        case .null: try bindNull(at: index)
        }
    }

    /// Binds `values` to parameters 1…n; their count must match the SQL's parameters.
    public func bind(_ values: [SQLValue]) throws {
        guard values.count == Int(parameterCount) else {
            throw SQLiteError(code: SQLITE_RANGE,
                              message: "\(values.count) values for \(parameterCount) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds `value` to the parameter named `name` (`:name`, `@name` or `$name`).
    public func bind(_ value: SQLValue, named name: String) throws {
        guard let index = parameterIndex(name) else {
            throw SQLiteError(code: SQLITE_RANGE, message: "no parameter \(name)", sql: sql)
        }
        try bind(value, at: index)
    }

    /// Resets the statement to run again; bindings stay unless `clearBindings` is true.
    public func reset(clearBindings: Bool = false) {
        database.locked {
            _ = sqlite3_reset(handle)
            if clearBindings { _ = sqlite3_clear_bindings(handle) }
        }
    }

    // MARK: Stepping

    /// Runs one step: true when a row is ready to read, false when the statement is done.
    @discardableResult
    public func step() throws -> Bool {
        let rc = database.locked { sqlite3_step(handle) }
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code: rc, sql: sql)
        }
    }

    /// Steps to the end, for statements that return no rows.
    public func run() throws {
        while try step() {}
    }

    /// Steps to the end and collects every row.
    public func allRows() throws -> [Row] {
        var rows: [Row] = []
        let names = columnNames
        while try step() { rows.append(currentRow(columns: names)) }
        return rows
    }

    // MARK: Columns

    /// The number of columns a row has.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of column `index` (0-based).
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// Every column name, in order.
    public var columnNames: [String] { (0..<columnCount).map { columnName(at: $0) } }

    /// Whether column `index` of the current row is NULL.
    public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` of the current row as an integer (SQLite's conversion rules apply).
    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` of the current row as a number.
    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` of the current row as text (NULL reads as empty text).
    public func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as bytes (NULL reads as empty).
    public func data(at index: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Column `index` of the current row in its own storage class.
    public func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        case SQLITE_TEXT: return .text(string(at: index))
        case SQLITE_BLOB: return .blob(data(at: index))
        default: return .null
        }
    }

    /// The current row, every column in its own storage class.
    public func currentRow(columns: [String]? = nil) -> Row {
        database.locked {
            let names = columns ?? columnNames
            return Row(columns: names, values: (0..<Int32(names.count)).map { value(at: $0) })
        }
    }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }
}
