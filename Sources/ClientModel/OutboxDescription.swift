/// A change's description for people: a catalog key with placeholders (never raw text).
public struct OutboxDescription: Sendable, Equatable {
    public let catalogKey: String
    public let placeholders: [String: String]

    public init(catalogKey: String, placeholders: [String: String] = [:]) {
        self.catalogKey = catalogKey
        self.placeholders = placeholders
    }
}
