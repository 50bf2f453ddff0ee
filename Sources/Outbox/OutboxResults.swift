import Foundation
import OfflineStore

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

extension OutboxRoundReport {
    /// The round as the app reads it: whether the instance answered (false when it could not be
    /// reached, nil when the round tried nothing), and when the outbox tries again by itself.
    public func news(at now: Date) -> OutboxNews {
        let reached: Bool?
        switch stop {
        case .noAnswer?, .notSent?: reached = false
        case .retryLater?, .inProgress?, .unauthorized?: reached = true
        case .inactive?, .anotherSender?, .cancelled?, .unexpected?, nil:
            reached = sent.isEmpty && held.isEmpty ? nil : true
        }
        return .roundFinished(partition: partition, sent: sent, held: held, reachedInstance: reached,
                              retryAt: retryIn.map { now.addingTimeInterval(Double($0.components.seconds)) })
    }
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
