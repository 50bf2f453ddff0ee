import Foundation
import GuestCraftAPI
import Locking

/// What `/demo/stats` counts per operation id: requests received, writes applied, 304 answers.
struct StatsCounts: Sendable {
    var requests: [String: Int] = [:]
    var writes: [String: Int] = [:]
    var notModified: [String: Int] = [:]
}

/// Requests received, writes applied and reads answered 304 per operation id, for `/demo/stats`.
final class StatsCounter: Sendable {
    private let counts = Locked(StatsCounts())

    /// Counts a request and answers the counts as they were before it.
    func received(_ operation: OperationID) -> StatsCounts {
        counts.withLock { counts in
            let before = counts
            counts.requests[operation.rawValue, default: 0] += 1
            return before
        }
    }

    func applied(_ operation: OperationID) {
        counts.withLock { $0.writes[operation.rawValue, default: 0] += 1 }
    }

    /// A conditional read answered 304: what a refresh that changed nothing cost.
    func notModified(_ operation: OperationID) {
        counts.withLock { $0.notModified[operation.rawValue, default: 0] += 1 }
    }
}
