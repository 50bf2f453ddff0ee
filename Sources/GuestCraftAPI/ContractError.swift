import Foundation

/// A document that does not follow docs/api.md: where (the coding path) and what was wrong.
public struct ContractError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The coding path of the offending member, such as `units[3].housekeeping_version`; empty for the whole document.
    public let path: String
    /// What was wrong there, such as `expected an integer, found a string`.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

    /// Renders a coding path the way api.md names members: `units[3].housekeeping_version`.
    public static func render(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }

    /// Translates a `DecodingError` into the path and a reason a person can act on.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            let found = ContractError.foundPhrase(in: context.debugDescription)
            let expected = "expected \(ContractError.phrase(for: type))"
            self.init(path: ContractError.render(context.codingPath),
                      reason: found.map { "\(expected), found \($0)" } ?? expected)
        case .valueNotFound(let type, let context):
            self.init(path: ContractError.render(context.codingPath),
                      reason: "expected \(ContractError.phrase(for: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(path: ContractError.render(context.codingPath + [key]), reason: "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.underlyingError != nil || context.debugDescription.contains("not valid JSON") {
                self.init(path: "", reason: "not valid JSON")
            } else {
                self.init(path: ContractError.render(context.codingPath),
                          reason: ContractError.ownReason(context.debugDescription))
            }
        @unknown default:
            self.init(path: "", reason: String(describing: error))
        }
    }

    /// The words for a Swift type as JSON sees it.
    static func phrase(for type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type,
             is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
            return "an integer"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "an array" }
            return name
        }
    }

    /// Pulls "a string" out of Foundation's "Expected to decode Int but found a string instead."
    static func foundPhrase(in text: String) -> String? {
        guard let start = text.range(of: "but found "), let end = text.range(of: " instead", range: start.upperBound..<text.endIndex)
        else { return nil }
        let found = String(text[start.upperBound..<end.lowerBound])
        switch found {
        case "a dictionary": return "an object"
        case "a number": return "a number"
        default: return found
        }
    }

    /// Foundation's own texts start with a capital and end with a period; ours are already phrased.
    static func ownReason(_ text: String) -> String {
        if text.hasPrefix("Number "), text.hasSuffix("is not representable in Swift.") { return "expected an integer, found a fraction or a number too large" }
        var reason = text
        if reason.hasSuffix(".") { reason.removeLast() }
        return reason
    }
}
