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
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw ContractError(error)
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

    /// Encodes with sorted keys and two-space indentation, the layout of docs/examples.
    public static func encodePretty<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return try encoder.encode(value)
    }
}
