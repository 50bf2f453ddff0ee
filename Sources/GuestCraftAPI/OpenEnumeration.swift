import Foundation

/// A closed list of values the contract names today, plus `unknown(String)`, so a newer instance never breaks decoding.
public protocol OpenEnumeration: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The values api.md names, in its order.
    static var knownCases: [Self] { get }
    /// The value for a string the contract does not name.
    init(unknownValue: String)
    /// The wire string.
    var rawValue: String { get }
}

extension OpenEnumeration {
    /// The known case with this wire string, else `unknown`.
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? Self(unknownValue: rawValue)
    }

    /// Whether the value is one api.md names (servers refuse requests with unknown values).
    public var isKnown: Bool { Self.knownCases.contains(self) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A string-backed open vocabulary (capabilities, permissions, roles, problem codes): any string decodes.
public protocol OpenVocabulary: RawRepresentable, Codable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral where RawValue == String {
    init(rawValue: String)
}

extension OpenVocabulary {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
