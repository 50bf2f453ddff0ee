import Foundation

/// What became of a change handed to the outbox: the engine's answer, as the screens read it
/// (one type from the engine to the row, #32).
public enum ChangeOutcome<Result: Sendable>: Sendable {
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

extension ChangeOutcome: Equatable where Result: Equatable {}

/// What the outbox engine reports while it runs: the app's one listener reads it as it comes.
public enum OutboxNews: Equatable, Sendable {
    /// A round ended for `partition`: entries sent and held, and whether the instance answered
    /// (false when it could not be reached, nil when nothing was tried); `retryAt`: when the
    /// outbox tries again by itself.
    case roundFinished(partition: Partition?, sent: [Int64], held: [Int64], reachedInstance: Bool?, retryAt: Date? = nil)
    /// A round of `partition` began sending: its waiting changes are on their way (the header
    /// counts them as sending, never "All sent", while the answer is awaited — #31).
    case sending(Partition)
    /// A 401 ended the session of `partition`.
    case sessionEnded(Partition)
    /// Another account's changes were sent (or held) in the background (#31): only counts change.
    case othersRoundFinished(sent: Int, held: Int)
}
