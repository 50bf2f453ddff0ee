import Catalog

/// A sentence shown above the key hints: information, a warning or an error, never a raw code.
public struct Notice: Equatable, Sendable {
    public enum Level: Equatable, Sendable {
        case info, warning, error

        /// The token it is drawn with.
        public var style: StyleToken {
            switch self {
            case .info: .noticeInfo
            case .warning: .noticeWarning
            case .error: .noticeError
            }
        }
    }

    public var level: Level
    /// The sentence (wrapped to the width of the screen).
    public let text: String

    public init(_ level: Level, _ text: String) {
        self.level = level
        self.text = InertText.sanitize(text, singleLine: true)
    }
}
