import Foundation
import GuestCraftAPI
import Locking

/// Failed attempts per address in the last minute, so guessing codes is slowed before any look-up.
final class AttemptLimiter: Sendable {
    private let failures = Locked<[String: [Int64]]>([:])

    /// Seconds to wait when `address` already failed `limit` times in the minute before `now`; nil when it may try.
    func retryAfter(address: String, now: Instant, limit: Int) -> Int? {
        failures.withLock { failures in
            let recent = (failures[address] ?? []).filter { now.millisecondsSinceEpoch - $0 < 60_000 }
            failures[address] = recent
            return recent.count >= limit ? 30 : nil
        }
    }

    func failed(address: String, now: Instant) {
        failures.withLock { $0[address, default: []].append(now.millisecondsSinceEpoch) }
    }
}
