/// A key and what it does, for the key-hint line and the help overlay ("r Refresh").
public struct KeyHint: Equatable, Sendable {
    /// The key as a person reads it ("r", "Enter", "F5").
    public let key: String
    /// What it does, from the catalog.
    public let label: String

    public init(key: String, label: String) {
        self.key = InertText.sanitize(key)
        self.label = InertText.sanitize(label)
    }
}
