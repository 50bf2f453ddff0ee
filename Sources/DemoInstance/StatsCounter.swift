import Foundation
import GuestCraftAPI
import Synchronization

/// Requests received and writes applied per operation id, for `/demo/stats`.
final class StatsCounter: Sendable {
    private let counts = Mutex<(requests: [String: Int], writes: [String: Int])>(([:], [:]))

    /// Counts a request and answers the counts as they were before it.
    func received(_ operation: OperationID) -> (requests: [String: Int], writes: [String: Int]) {
        counts.withLock { counts in
            let before = counts
            counts.requests[operation.rawValue, default: 0] += 1
            return before
        }
    }

    func applied(_ operation: OperationID) {
        counts.withLock { $0.writes[operation.rawValue, default: 0] += 1 }
    }
}
