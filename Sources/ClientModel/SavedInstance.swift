import GuestCraftAPI

/// An instance saved on this device, as Connect lists it: its key, origin, and name and
/// capabilities as last read.
public struct SavedInstance: Codable, Sendable, Equatable, Hashable {
    /// A random key the origin gets when first saved and keeps (`ins_` + 16 hex digits);
    /// the offline store partitions by it.
    public let key: String
    public let origin: InstanceOrigin
    public var name: String
    public var capabilities: [Capability]
    /// When it was first saved.
    public let savedAt: Instant
    /// When its discovery was last read.
    public var checkedAt: Instant

    public init(key: String, origin: InstanceOrigin, name: String, capabilities: [Capability], savedAt: Instant,
                checkedAt: Instant) {
        self.key = key
        self.origin = origin
        self.name = name
        self.capabilities = capabilities
        self.savedAt = savedAt
        self.checkedAt = checkedAt
    }

    enum CodingKeys: String, CodingKey {
        case key, origin, name, capabilities
        case savedAt = "saved_at"
        case checkedAt = "checked_at"
    }
}
