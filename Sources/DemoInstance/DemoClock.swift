import Foundation
import GuestCraftAPI
import Locking

/// The demo instance's clock: the system time, or a time a test sets and moves.
public final class DemoClock: Sendable {
    private let fixed: Locked<Instant?>

    /// The system clock until `set` is called.
    public init() { fixed = Locked(nil) }

    /// A clock that stays at `instant` until set or advanced.
    public init(fixedAt instant: Instant) { fixed = Locked(instant) }

    /// Now, cut to the millisecond.
    public var now: Instant { fixed.withLock { $0 } ?? Instant(Date()) }

    /// Stops the clock at `instant`.
    public func set(_ instant: Instant) { fixed.withLock { $0 = instant } }

    /// Moves a stopped clock forward (a running one is stopped at now plus `seconds`).
    public func advance(seconds: Double) {
        fixed.withLock { current in
            let base = current ?? Instant(Date())
            current = Instant(millisecondsSinceEpoch: base.millisecondsSinceEpoch + Int64(seconds * 1000))
        }
    }

    /// Back to the system time.
    public func useSystemTime() { fixed.withLock { $0 = nil } }
}
