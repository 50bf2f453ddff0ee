import Foundation

/// A strong entity tag; on the wire it is quoted (`"7"`), here it holds the text between the quotes.
public struct ETag: Hashable, Sendable, CustomStringConvertible {
    /// The opaque text between the quotes.
    public let value: String

    public init(_ value: String) { self.value = value }

    /// The ETag of a versioned resource (reservation, task): its version number.
    public static func version(_ version: Int) -> ETag { ETag(String(version)) }

    /// The header form, quoted.
    public var headerValue: String { "\"\(value)\"" }

    public var description: String { headerValue }

    /// The version number this ETag carries, for reservations and tasks.
    public var version: Int? { Int(value) }

    /// Parses one strong ETag header value (`"abc"`); a weak (`W/"…"`) or unquoted one is nil.
    public init?(header: String) {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("\"") else { return nil }
        value = String(inner)
    }

    /// Parses an answer's ETag as a validator for a later `If-None-Match`: strong, or weak (`W/"…"`, as nginx makes
    /// the instance's strong tag when it gzips the answer). `If-None-Match` compares weakly (RFC 9110 §13.1.2), so the
    /// opaque text alone names the same tag; `If-Match` never takes one read this way (versions come from bodies).
    public init?(validator header: String) {
        let text = header.trimmingCharacters(in: .whitespaces)
        self.init(header: text.hasPrefix("W/") ? String(text.dropFirst(2)) : text)
    }

    /// Whether an `If-None-Match` header value (a list, or `*`) names this tag (weak comparison, RFC 9110).
    public func matches(ifNoneMatch header: String) -> Bool {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return ETag(header: tag) == self
        }
    }

    /// Whether an `If-Match` header value names this tag (strong comparison: weak tags never match).
    public func matches(ifMatch header: String) -> Bool {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { ETag(header: String($0)) == self }
    }
}
