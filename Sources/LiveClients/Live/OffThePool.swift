import Dispatch

/// The store's writes that wait for the disk (a generation's row: the log, its directory and the
/// log again; a read's answer saved), run on a thread of their own, in the order they came: an
/// answer saved after its generation's row.
///
/// Swift concurrency runs effects on as many threads as there are cores — two on a handheld. A
/// write blocking one of them for its disk syncs held back every other effect behind it: at the
/// start, the first screen's saved read waited for the generation's row and the start-up
/// clean-up to finish (#18). A serial queue of its own gets a thread of its own; the store
/// serializes its writes anyway.
enum OffThePool {
    private static let key = DispatchSpecificKey<Bool>()
    private static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "guestcraft.store-writes", qos: .userInitiated)
        queue.setSpecific(key: key, value: true)
        return queue
    }()

    /// Whether the caller runs on the writes' queue (for tests).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
