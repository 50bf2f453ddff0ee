import AppCore
import DeviceServices
import Dispatch
import Foundation
import Locking

extension ClockClient {
    /// The system's clock, its sleeps on dispatch timers (#18): `Task.sleep`'s first use in a
    /// process asks whether the executor schedules its own timers — a dynamic cast, answered by a
    /// scan of every conformance record of the static binary, on a pool thread beside the first
    /// frame (the header's "updated … ago" ticks start with it).
    static let dispatch = ClockClient(now: { Date() }, sleep: { try await DispatchSleep.sleep(for: $0) })
}

/// A cancellable sleep on `DispatchQueue.global().asyncAfter`.
enum DispatchSleep {
    /// Returns after `duration`; throws `CancellationError` as soon as the task is cancelled
    /// (at once when it already was). `armed` is called once the timer is set (a test's sign
    /// that the sleep has begun).
    static func sleep(for duration: Duration, armed: (@Sendable () -> Void)? = nil) async throws {
        let nanoseconds = Int(max(0, duration.nanoseconds))
        let wake = OneWake()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard wake.hold(continuation) else { return }
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { wake.finish(nil) }
                armed?()
            }
        } onCancel: {
            wake.finish(CancellationError())
        }
    }

    /// The sleeper's continuation, resumed once: by the timer, or by the cancellation (which may
    /// come before the continuation is held).
    private final class OneWake: Sendable {
        private enum State {
            case waiting
            case holding(CheckedContinuation<Void, any Error>)
            case cancelled
            case done
        }

        private let state = Locked(State.waiting)

        /// Keeps `continuation`; false (and it is resumed, cancelled) when the task was cancelled first.
        func hold(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
            let held = state.withLock { state -> Bool in
                guard case .waiting = state else { return false }
                state = .holding(continuation)
                return true
            }
            if !held { continuation.resume(throwing: CancellationError()) }
            return held
        }

        /// Resumes the sleeper (with `error`, or normally); later calls do nothing.
        func finish(_ error: (any Error)?) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                switch state {
                case .waiting:
                    if error != nil { state = .cancelled }
                    return nil
                case .holding(let continuation):
                    state = .done
                    return continuation
                case .cancelled, .done:
                    return nil
                }
            }
            guard let continuation else { return }
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }
}
