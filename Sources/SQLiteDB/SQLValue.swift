import Foundation

/// One SQLite value, as bound to a parameter or read from a column (SQLite's five storage classes).
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    /// The value of an optional integer (nil → NULL).
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    /// The value of an optional integer (nil → NULL).
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// The value of an optional double (nil → NULL).
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    /// The value of an optional string (nil → NULL).
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// The value of optional bytes (nil → NULL).
    public init(_ value: Data?) { self = value.map { .blob($0) } ?? .null }
    /// A Boolean as 1 or 0 (nil → NULL).
    public init(_ value: Bool?) { self = value.map { .integer($0 ? 1 : 0) } ?? .null }

    /// Whether this is NULL.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The integer, when this is an integer.
    public var int64: Int64? { if case .integer(let v) = self { return v } else { return nil } }

    /// The integer as `Int`, when this is an integer.
    public var int: Int? { int64.map { Int($0) } }

    /// The number, when this is a real or an integer.
    public var double: Double? {
        switch self {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        default: return nil
        }
    }

    /// The text, when this is text.
    public var string: String? { if case .text(let v) = self { return v } else { return nil } }

    /// The bytes, when this is a blob (a zero-length blob reads as empty `Data`).
    public var data: Data? { if case .blob(let v) = self { return v } else { return nil } }

    /// An integer read as a Boolean (0 is false).
    public var bool: Bool? { int64.map { $0 != 0 } }

    /// The storage class name, as SQLite's `typeof()` says it.
    public var typeName: String {
        switch self {
        case .integer: return "integer"
        case .real: return "real"
        case .text: return "text"
        case .blob: return "blob"
        case .null: return "null"
        }
    }

    public var description: String {
        switch self {
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .text(let v): return "'\(v)'"
        case .blob(let v): return "blob(\(v.count) bytes)"
        case .null: return "NULL"
        }
    }
}

/// Literals stand for values in parameter lists (`[42, "text", 1.5, true]`). There is deliberately
/// no nil literal: with one, `optionalValue != nil` would compare against `.null`; write `.null`.
extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
