/// One tab of the tab bar: the key that opens it, its title and whether it is in use.
public struct Tab: Equatable, Sendable {
    /// What a click on it reports (`HitTarget.tab`).
    public var id: String
    /// The key shown before the title ("1").
    public let key: String
    public let title: String
    public var isActive: Bool

    public init(id: String, key: String, title: String, isActive: Bool) {
        self.id = id
        self.key = InertText.sanitize(key)
        self.title = InertText.sanitize(title)
        self.isActive = isActive
    }
}
