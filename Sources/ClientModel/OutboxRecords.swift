import Foundation

/// Why an entry is held for the person's decision.
public enum HoldReason: String, Sendable, Codable, Hashable {
    /// Someone else changed the subject meanwhile (409, 412).
    case conflict
    /// The instance refused the change (another 4xx).
    case refused
}

/// An entry held for the person's decision: never sent again by itself.
public struct OutboxHold: Sendable, Equatable {
    public let reason: HoldReason
    /// The HTTP status of the refusal.
    public let status: Int?
    /// The instance's problem code (`unit.status_conflict`, …), for the catalog's sentence.
    public let code: String?
    /// The instance's own explanation (problem `detail`), shown for a refusal.
    public let detail: String?
    /// The request member the refusal names (problem `field`: `block.from`, `description`, …), if any.
    public let field: String?
    public let heldAt: Date

    public init(reason: HoldReason, status: Int?, code: String?, detail: String?, field: String? = nil, heldAt: Date) {
        self.reason = reason
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field
        self.heldAt = heldAt
    }
}

/// A change waiting in the outbox.
public struct OutboxEntry: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let partition: Partition
    /// The operation's stable name, saved with the entry (never renamed once released).
    public let operation: String
    /// The operation-defined key of what it changes; a held entry blocks later ones of it.
    public let subject: String
    /// The operation's encoded payload; frozen once attempted.
    public let payload: Data
    /// Sent with every attempt, so the instance applies the change once.
    public let idempotencyKey: String
    public let createdAt: Date
    /// How many attempts were started.
    public let attempts: Int
    public let lastAttemptAt: Date?
    /// An attempt's answer was lost: the instance may have applied it.
    public let outcomeUnknown: Bool
    /// Set when held for a decision.
    public let hold: OutboxHold?

    public init(id: Int64, partition: Partition, operation: String, subject: String, payload: Data,
                idempotencyKey: String, createdAt: Date, attempts: Int, lastAttemptAt: Date?, outcomeUnknown: Bool,
                hold: OutboxHold?) {
        self.id = id
        self.partition = partition
        self.operation = operation
        self.subject = subject
        self.payload = payload
        self.idempotencyKey = idempotencyKey
        self.createdAt = createdAt
        self.attempts = attempts
        self.lastAttemptAt = lastAttemptAt
        self.outcomeUnknown = outcomeUnknown
        self.hold = hold
    }

    /// Whether an attempt was started (its body may no longer change).
    public var isAttempted: Bool { attempts > 0 }
}

/// How many changes of a partition wait to be sent and how many need a decision.
public struct OutboxCounts: Sendable, Equatable {
    public let toSend: Int
    public let toReview: Int
    /// Of those to send, how many had an answer lost.
    public let outcomeUnknown: Int

    public init(toSend: Int, toReview: Int, outcomeUnknown: Int) {
        self.toSend = toSend
        self.toReview = toReview
        self.outcomeUnknown = outcomeUnknown
    }

    public static let zero = OutboxCounts(toSend: 0, toReview: 0, outcomeUnknown: 0)
}

/// The outbox of one partition, for `guestcraft status`.
public struct OutboxSummary: Sendable, Equatable {
    public let partition: Partition
    public let counts: OutboxCounts

    public init(partition: Partition, counts: OutboxCounts) {
        self.partition = partition
        self.counts = counts
    }
}
