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
    private static let writes = OwnQueue(label: "guestcraft.store-writes")

    /// Whether the caller runs on the writes' queue (for tests).
    static var isCurrent: Bool { writes.isCurrent }

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await writes.run(work)
    }
}

/// The lock's PIN hashes and checks (Argon2id: tens of milliseconds of CPU and 64 MiB each) on a
/// thread of their own: on one of Swift concurrency's threads — two on a handheld — each held
/// back every other effect behind it (and, under AddressSanitizer, stalled a test suite's
/// threads for half a minute).
enum PINHashing {
    private static let hashes = OwnQueue(label: "guestcraft.pin-hashes")

    /// Whether the caller runs on the hashes' queue (for tests).
    static var isCurrent: Bool { hashes.isCurrent }

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await hashes.run(work)
    }
}

/// A serial queue, so a thread, of its own for work that blocks, in the order it came.
final class OwnQueue: Sendable {
    private let key = DispatchSpecificKey<Bool>()
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        queue.setSpecific(key: key, value: true)
    }

    /// Whether the caller runs on this queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
