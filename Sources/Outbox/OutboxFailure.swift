/// How a failed send is classified; the engine's rules follow from it alone.
public enum OutboxFailure: Sendable, Equatable {
    /// No answer (network down, timeout, connection closed mid-answer, unreadable answer):
    /// the instance may have applied the change.
    case noAnswer
    /// The request never reached the instance (no route, connection refused, name not
    /// resolved): nothing can have been applied, so the outcome is known — not sent yet.
    case notSent
    /// The instance answered with a failure status (`field`: the request member its problem names).
    case status(code: Int, problemCode: String?, detail: String?, retryAfter: Duration?, field: String? = nil)
    /// The session is no longer valid (401).
    case unauthorized
}

/// An error an operation's `send` throws, which says how the outbox should treat it.
/// The client layer's error conforms (in a layer that sees both), so the engine stays generic.
public protocol OutboxClassifiable: Error {
    var outboxFailure: OutboxFailure { get }
}
