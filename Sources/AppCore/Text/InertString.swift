/// Text that has been through `InertText.sanitize`: the only kind a `Screen` holds.
///
/// The initializer sanitizes, so no path puts raw instance text on screen.
public struct InertString: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The safe text.
    public let value: String

    /// Sanitizes `untrusted`; `singleLine` turns line breaks into spaces.
    public init(_ untrusted: String, singleLine: Bool = true) {
        value = InertText.sanitize(untrusted, singleLine: singleLine)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public static let empty = InertString("")

    public var description: String { value }
    public var isEmpty: Bool { value.isEmpty }
}
