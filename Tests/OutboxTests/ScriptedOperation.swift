import Foundation
import OfflineStore
@testable import Outbox

/// What the scripted instance answers to one attempt.
enum Planned: Sendable {
    /// Applied: the room's new version.
    case applied(version: Int)
    /// The instance's precondition with the room at `current`: applied (`current + 1`) when the
    /// change expects `current`, else 409 `unit.status_conflict` and nothing written.
    case precondition(current: Int)
    /// A classified failure.
    case fail(OutboxFailure)
    /// An error that is not `OutboxClassifiable` (a bug in an operation).
    case plainError
    /// Never answers until the attempt is cancelled.
    case hang
    /// Answers `applied(version:)` once the gate opens.
    case after(Gate, version: Int)
    /// Fails with `failure` once the gate opens.
    case failAfter(Gate, OutboxFailure)
}

/// Holds an attempt until the test opens it.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { continuation in
            let now: Bool = lock.withLock {
                if isOpen { return true }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// How many attempts wait at it now (0 once it is open).
    var waiters: Int { lock.withLock { waiting.count } }

    func open() {
        let all: [CheckedContinuation<Void, Never>] = lock.withLock {
            isOpen = true
            defer { waiting.removeAll() }
            return waiting
        }
        for continuation in all { continuation.resume() }
    }
}

/// One attempt as the instance saw it.
struct Call: Sendable, Equatable {
    let client: String
    let change: RoomChange
    let idempotencyKey: String
    let attempt: Int
}

/// A fake client whose answers follow a plan; it records every attempt. Unplanned attempts
/// get no answer. `plans` answers one unit's attempts (a room, a ticket or photo id) in their
/// order, before `plan`, which answers the attempts in the order they reach it: with a window,
/// attempts of different units reach it in any order, so a plan for more than one unit names them.
final class ScriptedClient: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var plan: [Planned]
    private var plans: [String: [Planned]]
    private var recorded: [Call] = []
    /// Checked at each attempt, e.g. that the entry was saved before it.
    var onAttempt: (@Sendable (Call) -> Void)?
    private var atOnce: Int?
    /// What the client says its connection carries at once (nil: the whole window), as an
    /// `InstanceClient` learns it from an answer.
    var requestsAtOnce: Int? {
        get { lock.withLock { atOnce } }
        set { lock.withLock { atOnce = newValue } }
    }

    init(_ name: String, plan: [Planned] = [], plans: [String: [Planned]] = [:]) {
        self.name = name
        self.plan = plan
        self.plans = plans
    }

    var calls: [Call] { lock.withLock { recorded } }

    /// The units attempted, in the order their attempts reached the client.
    var units: [String] { calls.map(\.change.unit) }

    func answer(_ more: Planned...) { lock.withLock { plan += more } }

    /// More answers for `unit`'s attempts.
    func answer(_ unit: String, _ more: Planned...) { lock.withLock { plans[unit, default: []] += more } }

    func next(_ call: Call) -> Planned {
        onAttempt?(call)
        return lock.withLock {
            recorded.append(call)
            if var own = plans[call.change.unit], !own.isEmpty {
                defer { plans[call.change.unit] = own }
                return own.removeFirst()
            }
            return plan.isEmpty ? .fail(.noAnswer) : plan.removeFirst()
        }
    }
}

/// Whether `seen` is `expected` as a window may give it: with a window of 1 exactly, with a wider
/// one the same attempts with each unit's in the same order (units go side by side).
func inOrder<T: Equatable>(_ seen: [T], _ expected: [T], window: Int, unit: (T) -> String) -> Bool {
    if window == 1 { return seen == expected }
    guard seen.count == expected.count else { return false }
    let units = Set(expected.map(unit))
    return units.allSatisfy { name in seen.filter { unit($0) == name } == expected.filter { unit($0) == name } }
        && Set(seen.map(unit)) == units
}

func inOrder(_ seen: [String], _ expected: [String], window: Int) -> Bool {
    inOrder(seen, expected, window: window) { $0 }
}

func inOrder(_ seen: [RoomChange], _ expected: [RoomChange], window: Int) -> Bool {
    inOrder(seen, expected, window: window) { $0.unit }
}

/// The windows every engine test runs with: one after another as before #34, and the default.
let windows = [1, OutboxEngine<ScriptedClient>.defaultWindow]

struct TestFailure: Error, OutboxClassifiable {
    let outboxFailure: OutboxFailure
}

struct PlainError: Error {}

/// A room status change, as the real operation will carry it.
struct RoomChange: OutboxVersionedPayload, Equatable {
    let unit: String
    let status: String
    var expectedVersion: Int

    static var expectedVersionKey: WritableKeyPath<RoomChange, Int> { \.expectedVersion }
}

struct RoomResult: Sendable, Equatable {
    let unit: String
    let version: Int
}

/// The scripted room-status operation.
struct RoomStatus: OutboxOperation {
    var name: String { "units.housekeeping" }

    func subject(_ payload: RoomChange) -> String { "unit:\(payload.unit)" }

    func send(_ client: ScriptedClient, _ payload: RoomChange, _ context: OutboxSendContext) async throws -> RoomResult {
        let call = Call(client: client.name, change: payload, idempotencyKey: context.idempotencyKey, attempt: context.attempt)
        switch client.next(call) {
        case .applied(let version):
            return RoomResult(unit: payload.unit, version: version)
        case .precondition(let current) where payload.expectedVersion == current:
            return RoomResult(unit: payload.unit, version: current + 1)
        case .precondition:
            throw TestFailure(outboxFailure: .status(code: 409, problemCode: "unit.status_conflict", detail: nil,
                                                     retryAfter: nil))
        case .fail(let failure):
            throw TestFailure(outboxFailure: failure)
        case .plainError:
            throw PlainError()
        case .hang:
            while !context.cancellation.isCancelled { try await Task.sleep(for: .milliseconds(5)) }
            throw TestFailure(outboxFailure: .noAnswer)
        case .after(let gate, let version):
            await gate.wait()
            return RoomResult(unit: payload.unit, version: version)
        case .failAfter(let gate, let failure):
            await gate.wait()
            throw TestFailure(outboxFailure: failure)
        }
    }

    func version(of result: RoomResult) -> Int? { result.version }
}

/// A second operation on the same rooms (a note, without a version), to show that subjects
/// block across operations.
struct RoomNote: OutboxOperation {
    struct Note: Codable, Sendable, Equatable {
        let unit: String
        let text: String
    }

    var name: String { "units.note" }

    func subject(_ payload: Note) -> String { "unit:\(payload.unit)" }

    func send(_ client: ScriptedClient, _ payload: Note, _ context: OutboxSendContext) async throws -> String {
        let call = Call(client: client.name, change: RoomChange(unit: payload.unit, status: "note:" + payload.text, expectedVersion: 0),
                        idempotencyKey: context.idempotencyKey, attempt: context.attempt)
        switch client.next(call) {
        case .applied, .precondition: return payload.text
        case .after(let gate, _):
            await gate.wait()
            return payload.text
        case .failAfter(let gate, let failure):
            await gate.wait()
            throw TestFailure(outboxFailure: failure)
        case .fail(let failure): throw TestFailure(outboxFailure: failure)
        case .plainError: throw PlainError()
        case .hang: throw TestFailure(outboxFailure: .noAnswer)
        }
    }
}
