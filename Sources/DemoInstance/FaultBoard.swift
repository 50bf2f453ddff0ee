import Foundation
import GuestCraftAPI
import Synchronization

/// Faults armed through `/demo/faults`, used by the next matching requests in the order armed.
final class FaultBoard: Sendable {
    private struct Armed {
        var fault: DemoFault
        var remaining: Int
    }

    private let state = Mutex<(issued: Int, armed: [Armed])>((0, []))

    /// Arms a fault and answers it with its new `flt_` id.
    func arm(_ request: DemoFaultRequest) -> DemoFault {
        state.withLock { state in
            state.issued += 1
            let fault = DemoFault(id: FaultID(Ids.make("flt_", state.issued)), request: request)
            state.armed.append(Armed(fault: fault, remaining: request.count))
            return fault
        }
    }

    /// The first armed fault that catches this request, used once; nil when none does.
    /// A fault without an operation catches any `/api/v1` operation.
    func take(operation: OperationID, path: String) -> DemoFault? {
        state.withLock { state in
            guard let index = state.armed.firstIndex(where: { armed in
                armed.fault.operation.map { $0 == operation } ?? path.hasPrefix("/api/v1/")
            }) else { return nil }
            let fault = state.armed[index].fault
            state.armed[index].remaining -= 1
            if state.armed[index].remaining <= 0 { state.armed.remove(at: index) }
            return fault
        }
    }
}

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

/// Failed attempts per address in the last minute, so guessing codes is slowed before any look-up.
final class AttemptLimiter: Sendable {
    private let failures = Mutex<[String: [Int64]]>([:])

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
