import Foundation

/// The one JSON configuration of the wire: sorted keys for stable bytes, errors that say path and reason.
public enum APIJSON {
    /// A fresh encoder with sorted keys and unescaped slashes, as every example in docs/api.md.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A fresh decoder; types carry their own snake_case keys and date formats.
    public static var decoder: JSONDecoder { JSONDecoder() }

    /// Decodes a body, throwing a `ContractError` that names the member and what was wrong with it.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ContractError) -> T {
        // A room list (2,000 rooms on a refresh) and Today (thousands of stays) are read straight
        // from the bytes when they stay in the plain subset; that reader answers nil for anything
        // JSONDecoder might read otherwise.
        if let readable = T.self as? PlainEnvelopeReadable.Type, let value = readable.init(plainJSON: data) as? T {
            return value
        }
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            let contractError = ContractError(error)
            // Foundation reports a fraction or an out-of-range number for an integer member as "not valid JSON"
            // without a path; the contract has no fractional numbers, so find the offending member ourselves.
            if contractError.path.isEmpty, contractError.reason == "not valid JSON",
               let located = NumberCheck.firstNonInteger(in: data) {
                throw located
            }
            throw contractError
        } catch let error as ContractError {
            throw error
        } catch {
            throw ContractError(path: "", reason: "not valid JSON")
        }
    }

    /// Encodes a body with sorted keys.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value)
    }
}

/// Finds numbers that are not integers in a document that parses as JSON (every number of the contract is an integer).
enum NumberCheck {
    static func firstNonInteger(in data: Data) -> ContractError? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return walk(root, path: "")
    }

    private static func walk(_ value: Any, path: String) -> ContractError? {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                if let found = walk(object[key]!, path: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                if let found = walk(element, path: "\(path)[\(index)]") { return found }
            }
        } else if let number = value as? NSNumber, !(value is Bool) {
            let double = number.doubleValue
            if double != double.rounded() || abs(double) >= 9_007_199_254_740_992 {
                return ContractError(path: path, reason: "expected an integer, found \(number)")
            }
        }
        return nil
    }
}
