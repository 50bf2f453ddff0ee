import Foundation
import OfflineStore
import Testing
@testable import Outbox
import TestSupport

let t0 = Date(timeIntervalSince1970: 1_800_000_000)
let desk = Partition(instanceKey: "inst-1", personID: "p-anna", workspaceID: "ws-1")
let otherWorkspace = Partition(instanceKey: "inst-1", personID: "p-anna", workspaceID: "ws-2")

/// A real store in a temp dir, an engine over it with the scripted operation, a manual clock
/// and sleep (jitter fixed at 0.5, so delays are ¾ of the backoff step), sending `window` entries
/// at once (#34; 1: one after another).
final class EngineFixture: @unchecked Sendable {
    let dir: TemporaryDirectory
    let store: OfflineStore
    let sleeper = ManualSleeper()
    let clock = ManualClock(now: t0)
    let engine: OutboxEngine<ScriptedClient>
    let window: Int
    /// The rounds the engine reported, collected by a background task.
    private let rounds = Recorder<ReportedRound>()

    var sessionsEnded: [Partition] { recorder.all }

    init(window: Int = OutboxEngine<ScriptedClient>.defaultWindow) throws {
        dir = try TemporaryDirectory()
        store = try OfflineStore(directory: dir.url, now: t0)
        self.window = window
        let recorder = Recorder<Partition>()
        engine = OutboxEngine(store: store, registry: Self.registry(), timing: Self.timing(clock, sleeper),
                              window: window, requestsAtOnce: { $0.requestsAtOnce },
                              onUnauthorized: { recorder.append($0) })
        self.recorder = recorder
        let events = engine.events
        let rounds = self.rounds
        Task {
            for await event in events {
                if case .roundFinished(_, let sent, let held, let reached, _) = event {
                    rounds.append(ReportedRound(sent: sent, held: held, reachedInstance: reached))
                }
            }
        }
    }

    let recorder: Recorder<Partition>

    static func registry() -> OutboxRegistry<ScriptedClient> {
        var registry = OutboxRegistry<ScriptedClient>()
        registry.register(RoomStatus())
        registry.register(RoomNote())
        registry.register(Ticket())
        registry.register(Photo())
        return registry
    }

    static func timing(_ clock: ManualClock, _ sleeper: ManualSleeper) -> OutboxTiming {
        OutboxTiming(now: { clock.now }, sleep: { try await sleeper.sleep($0) }, jitter: { 0.5 },
                     backoffBase: .seconds(2), backoffCap: .seconds(60), retryAfterCap: .seconds(120))
    }

    /// Another process on the same file (`guestcraft send` while the app is closed or open): its
    /// own connection to the store and its own engine, with the same operations and clock.
    func otherProcess() throws -> (store: OfflineStore, engine: OutboxEngine<ScriptedClient>) {
        let store = try OfflineStore(directory: dir.url, now: clock.now)
        return (store, OutboxEngine(store: store, registry: Self.registry(), timing: Self.timing(clock, sleeper),
                                    window: window))
    }

    /// Queues changes directly in the store (as if made offline earlier), in order.
    @discardableResult
    func queue(_ changes: [RoomChange], partition: Partition = desk, generation: GenerationID) throws -> [Int64] {
        try changes.map { change in
            try #require(try store.enqueue(operation: "units.housekeeping", subject: "unit:\(change.unit)",
                                           payload: try JSONEncoder().encode(change), partition: partition,
                                           generation: generation, now: t0))
        }
    }

    func payloads(_ partition: Partition = desk) throws -> [RoomChange] {
        try store.pendingEntries(partition).map { try JSONDecoder().decode(RoomChange.self, from: $0.payload) }
    }

    /// The next round the engine reports (rounds started by retries included), waiting for it
    /// with no bound of its own (#33: it was 20 s of wall time): nil once the suite's time limit
    /// cancels the wait, and the test fails instead of hanging.
    func nextRound() async -> ReportedRound? {
        while !Task.isCancelled {
            if let report = rounds.takeFirst() { return report }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    /// Wakes the scheduled retry once its sleep has started (no bound of its own: false once the
    /// suite's time limit cancels the wait).
    func wakeRetry() async -> Bool {
        while !Task.isCancelled {
            if sleeper.wakeAll() > 0 { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }
}

func change(_ unit: String, _ status: String, expected: Int = 1) -> RoomChange {
    RoomChange(unit: unit, status: status, expectedVersion: expected)
}

/// A round as the engine's news tells it (what the app reads).
struct ReportedRound: Sendable {
    let sent: [Int64]
    let held: [Int64]
    let reachedInstance: Bool?
}
