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
    /// Drawn on one line (cut with "…"): the instance's passing sentences, so that on a 40×12
    /// handheld they never take the list's lines.
    public var isBrief: Bool

    public init(_ level: Level, _ text: String, isBrief: Bool = false) {
        self.level = level
        self.text = InertText.sanitize(text, singleLine: true)
        self.isBrief = isBrief
    }

    /// The same sentence on one line.
    public var brief: Notice { Notice(level, text, isBrief: true) }
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
