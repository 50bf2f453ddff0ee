/// A key and what it does, for the key-hint line and the help overlay ("r Refresh").
public struct KeyHint: Equatable, Sendable {
    /// The key as a person reads it ("r", "Enter", "F5").
    public let key: String
    /// What it does, from the catalog; for a disabled key, why it is not offered.
    public let label: String
    /// False for an action the role (or the capability, or the connection) does not allow: drawn
    /// muted, with its reason as the label.
    public let isEnabled: Bool

    public init(key: String, label: String, isEnabled: Bool = true) {
        self.key = InertText.sanitize(Glyphs.current.text(key))
        self.label = InertText.sanitize(Glyphs.current.text(label))
        self.isEnabled = isEnabled
    }
}
