import Foundation
import Locking

/// Holds the network back at the app's start (#18): the first frame is drawn from saved reads
/// before libcurl and its thirty libraries are loaded, not beside it on a two-core handheld.
/// While held, requests wait here — on no thread: each is queued and submitted when the app
/// releases the network (after its first frame) or when `atMost` has passed, whichever is first.
/// Nothing holds it unless asked: the command line's commands and the tests never wait.
public final class NetworkStart: Sendable {
    private struct State {
        var held = false
        var waiting: [@Sendable () -> Void] = []
    }

    /// The app's: every client uses it unless given another.
    public static let app = NetworkStart()

    private let state = Locked(State())

    public init() {}

    /// Holds every request until `release()`, and never longer than `atMost`.
    public func hold(atMost: Duration) {
        state.withLock { $0.held = true }
        let (seconds, attoseconds) = atMost.components
        let delay = Double(seconds) + Double(attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in release() }
    }

    /// Lets the requests that waited go, and every later one at once. Safe to call often.
    /// The waiting ones are submitted on another thread, in order: the app releases from its UI
    /// thread right after the first frame, and the first submission loads libcurl (about 7 ms in
    /// which no key would have been read).
    public func release() {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            guard state.held else { return [] }
            state.held = false
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        guard !waiting.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async {
            for submit in waiting { submit() }
        }
    }

    /// Whether requests are being held.
    public var isHeld: Bool { state.withLock { $0.held } }

    /// How many requests and `released()` calls wait for the release (for tests, which wait for
    /// one to be held rather than for a time).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Returns when the network is released (at once when it is not held): work that only
    /// prepares a request (reading the saved copy's ETag) waits here rather than take a core from
    /// the first frame.
    public func released() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            whenReleased { continuation.resume() }
        }
    }

    /// Runs `submit` now, or when the network is released.
    func whenReleased(_ submit: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard state.held else { return true }
            state.waiting.append(submit)
            return false
        }
        if now { submit() }
    }
}
