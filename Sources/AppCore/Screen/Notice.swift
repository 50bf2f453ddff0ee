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

/// The sentence a held change put up, and what it is about (a room, a task): when that change
/// leaves the outbox (discarded in Review), the sentence is taken down with it.
public struct HeldNotice<Subject: Hashable & Sendable>: Equatable, Sendable {
    public var subject: Subject
    public var notice: Notice

    public init(subject: Subject, notice: Notice) {
        self.subject = subject
        self.notice = notice
    }

    /// Takes `notice` down when it is still this sentence and `stillHeld` says the change is gone.
    /// Answers whether this held notice is still worth keeping.
    public func withdraw(from notice: inout Notice?, stillHeld: (Subject) -> Bool) -> Bool {
        guard notice == self.notice else { return false }
        if stillHeld(subject) { return true }
        notice = nil
        return false
    }
}
