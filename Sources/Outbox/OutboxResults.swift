import OfflineStore

/// What a submitted change became.
public enum OutboxSubmitOutcome<Result: Sendable>: Sendable {
    /// Sent now; the instance's answer.
    case sent(Result)
    /// Saved, waiting for a connection or for a decision on an earlier change of its subject.
    case queued(waitingFor: OutboxWait)
    /// Held for the person's decision (conflict or refused), with the instance's problem code.
    case held(reason: HoldReason, code: String?)
    /// Not saved: its generation had ended (signed out, another account or workspace).
    case expired
}

/// What a queued change waits for.
public enum OutboxWait: Sendable, Equatable {
    case connection
    case decision
}

/// Why a round stopped before the end of the partition's entries.
public enum OutboxStop: Sendable, Equatable {
    /// No partition is active.
    case inactive
    /// Another process (or engine) is sending from this state directory.
    case anotherSender
    /// An attempt got no answer.
    case noAnswer
    /// An attempt could not reach the instance (nothing was sent).
    case notSent
    /// The instance asked to try later (408, 429, 5xx), with the status.
    case retryLater(status: Int)
    /// The instance is still processing the same key (409 `idempotency.in_progress`).
    case inProgress
    /// 401: the session ended.
    case unauthorized
    /// The partition stopped being active or its generation ended during the round.
    case cancelled
    /// An error that says nothing about the instance (a bug); the entry stays.
    case unexpected(String)
}

/// What one sending round did.
public struct OutboxRoundReport: Sendable {
    /// The partition it sent for (nil when none was active).
    public let partition: Partition?
    /// Entries sent, in order.
    public let sent: [Int64]
    /// Entries held in this round.
    public let held: [Int64]
    /// Why it stopped early, if it did.
    public let stop: OutboxStop?
    /// When a retry is scheduled, its delay.
    public let retryIn: Duration?
    /// The results of the entries sent.
    let results: [Int64: any Sendable]

    public init(partition: Partition?, sent: [Int64], held: [Int64], stop: OutboxStop?, retryIn: Duration?,
                results: [Int64: any Sendable] = [:]) {
        self.partition = partition
        self.sent = sent
        self.held = held
        self.stop = stop
        self.retryIn = retryIn
        self.results = results
    }
}

/// What the engine tells the app while it runs.
public enum OutboxEvent: Sendable {
    /// A round is about to send its first entry: the changes waiting are being sent now (the
    /// header counts them as sending, never "All sent", while the answer is awaited — #31).
    case sending(Partition)
    /// A round ended (screens read again what a background send changed).
    case roundFinished(OutboxRoundReport)
    /// A 401: the session of this partition ended.
    case sessionEnded(Partition)
    /// A round for another account's partition, sent in the background (#31).
    case backgroundRoundFinished(OutboxRoundReport)
}

/// Another account's partition and its own session's client (its token, its origin), for the
/// background (`OutboxEngine.keepSendingOthers`).
public struct OutboxBackgroundAccount<Client: Sendable>: Sendable {
    public let partition: Partition
    public let client: Client

    public init(partition: Partition, client: Client) {
        self.partition = partition
        self.client = client
    }
}
