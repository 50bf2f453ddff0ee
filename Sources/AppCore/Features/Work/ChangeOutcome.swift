import ClientModel

/// What became of a change handed to the outbox, as a screen needs to know it.
public enum ChangeOutcome<Result: Sendable & Equatable>: Sendable, Equatable {
    /// Sent now; the instance's answer.
    case sent(Result)
    /// Saved; waits for a connection, or for a decision on an earlier change of the same thing.
    case queued(waitsForDecision: Bool)
    /// Held for the person's decision: someone changed it first (409, 412) or the instance refused.
    case held(HoldReason, code: String?)
    /// Not saved: the session or workspace had ended.
    case expired
    /// Not saved: the device could not write it.
    case failed
}
