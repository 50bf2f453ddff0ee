import CSQLite
import Foundation

/// One result row, read out of a statement: values by position or by column name.
public struct Row: Sendable, Hashable {
    /// The column names of the statement, in order.
    public let columns: [String]
    /// The values, in column order.
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        precondition(columns.count == values.count, "a row has one value per column")
        self.columns = columns
        self.values = values
    }

    /// The value at `index`.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the column named `name` (the first one, if several share it).
    public subscript(name: String) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else {
            preconditionFailure("no column \(name) in \(columns)")
        }
        return values[index]
    }

    /// The integer in `column`; throws `SQLITE_MISMATCH` when it holds anything else.
    public func int64(_ column: String) throws -> Int64 { try typed(column, "integer") { $0.int64 } }
    /// The integer in `column` as `Int`.
    public func int(_ column: String) throws -> Int { Int(try int64(column)) }
    /// The number in `column` (a real or an integer).
    public func double(_ column: String) throws -> Double { try typed(column, "real") { $0.double } }
    /// The text in `column`.
    public func string(_ column: String) throws -> String { try typed(column, "text") { $0.string } }
    /// The bytes in `column`.
    public func data(_ column: String) throws -> Data { try typed(column, "blob") { $0.data } }
    /// The integer in `column` as a Boolean (0 is false).
    public func bool(_ column: String) throws -> Bool { try typed(column, "integer") { $0.bool } }

    /// The integer in `column`, or nil when it is NULL.
    public func optionalInt64(_ column: String) throws -> Int64? { try optional(column, "integer") { $0.int64 } }
    /// The text in `column`, or nil when it is NULL.
    public func optionalString(_ column: String) throws -> String? { try optional(column, "text") { $0.string } }
    /// The bytes in `column`, or nil when it is NULL.
    public func optionalData(_ column: String) throws -> Data? { try optional(column, "blob") { $0.data } }
    /// The number in `column`, or nil when it is NULL.
    public func optionalDouble(_ column: String) throws -> Double? { try optional(column, "real") { $0.double } }

    private func typed<T>(_ column: String, _ expected: String, _ read: (SQLValue) -> T?) throws -> T {
        let value = self[column]
        guard let result = read(value) else {
            throw SQLiteError(code: SQLITE_MISMATCH,
                              message: "column \(column) holds \(value.typeName), expected \(expected)")
        }
        return result
    }

    private func optional<T>(_ column: String, _ expected: String, _ read: (SQLValue) -> T?) throws -> T? {
        if self[column].isNull { return nil }
        return try typed(column, expected, read)
    }
}
