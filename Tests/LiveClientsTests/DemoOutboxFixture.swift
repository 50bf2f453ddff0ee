import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
import LiveClients
import OfflineStore
import Testing
@testable import Outbox
import TestSupport

let harbour: PropertyID = "prp_harbour"
let housekeeperDesk = Partition(instanceKey: "demo-instance", personID: "usr_housekeeper", workspaceID: "wsp_demo")

/// The real demo instance on 127.0.0.1, a real offline store in a temp dir and an outbox engine
/// with the app's operations (`WorkOperations`), for the housekeeper at Harbour View. Retries wait on a
/// manual sleep the test releases (nothing waits in real time).
final class DemoOutboxFixture: @unchecked Sendable {
    let dir: TemporaryDirectory
    let demo: DemoInstance
    let store: OfflineStore
    let admin: DemoAdminClient
    let client: InstanceClient
    let sleeper = ManualSleeper()
    let engine: OutboxEngine<InstanceClient>
    let unauthorized = Recorder<Partition>()
    /// The rounds the engine reported, collected by a background task.
    let rounds = Recorder<ReportedRound>()
    var generation: GenerationID

    init(rooms: Int = 20) throws {
        dir = try TemporaryDirectory()
        demo = try DemoInstance.start(DemoConfiguration(dataDirectory: dir.url.appendingPathComponent("demo"), rooms: rooms))
        let origin = try #require(InstanceOrigin(string: demo.origin))
        admin = DemoAdminClient(origin: origin, adminKey: demo.adminKey)
        client = InstanceClient(session: Self.session(origin: origin, token: try demo.deviceToken(for: .housekeeper)))
        store = try OfflineStore(directory: dir.url.appendingPathComponent("state"))
        engine = Self.engine(store: store, sleeper: sleeper, unauthorized: unauthorized)
        generation = try store.beginGeneration(housekeeperDesk)
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

    /// The next round the engine reports that `matches` (every other one is dropped), waiting with a
    /// deadline (nil then).
    func nextRound(where matches: (ReportedRound) -> Bool = { _ in true }) async -> ReportedRound? {
        // No bound of its own (#33: it was 20 s of wall time): nil once the suite's time limit
        // cancels the wait.
        while !Task.isCancelled {
            while let report = rounds.takeFirst() {
                if matches(report) { return report }
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    deinit { demo.stop() }

    static func session(origin: InstanceOrigin, token: String) -> StoredSession {
        StoredSession(origin: origin, token: token, sessionID: "dvs_test", createdAt: Instant(millisecondsSinceEpoch: 0),
                      user: User(id: "usr_housekeeper", name: "Hana Kowalski", email: "hana@example.test"),
                      deviceName: "outbox tests")
    }

    static func engine(store: OfflineStore, sleeper: ManualSleeper, unauthorized: Recorder<Partition>,
                       window: Int = OutboxEngine<InstanceClient>.defaultWindow,
                       requestsAtOnce: @escaping @Sendable (InstanceClient) -> Int? = { $0.requestsAtOnce })
        -> OutboxEngine<InstanceClient> {
        let timing = OutboxTiming(sleep: { try await sleeper.sleep($0) }, jitter: { 0.5 },
                                  backoffBase: .seconds(2), backoffCap: .seconds(60), retryAfterCap: .seconds(120))
        return OutboxEngine(store: store, registry: WorkOperations.registry(), timing: timing, window: window,
                            requestsAtOnce: requestsAtOnce, onUnauthorized: { unauthorized.append($0) })
    }

    @discardableResult
    func activate() async -> OutboxRoundReport {
        await engine.activate(partition: housekeeperDesk, generation: generation, client: client)
    }

    /// Every room of Harbour View as the instance has it now.
    func rooms() async throws -> [String: RoomUnit] {
        let list = try #require(try await client.units(property: harbour).value)
        return Dictionary(uniqueKeysWithValues: list.units.map { ($0.number, $0) })
    }

    func room(_ number: String) async throws -> RoomUnit {
        try #require(try await rooms()[number])
    }

    /// A change of `room` to `status` with the version the device read.
    func change(_ room: RoomUnit, to status: HousekeepingStatus, version: Int? = nil) -> RoomStatusChange {
        RoomStatusChange(property: harbour, unit: room.id, number: room.number, status: status,
                         expectedVersion: version ?? room.housekeepingVersion)
    }

    /// Saves a change as if made offline earlier (no round runs).
    @discardableResult
    func queue(_ change: RoomStatusChange, partition: Partition = housekeeperDesk,
               generation: GenerationID? = nil) throws -> Int64 {
        try #require(try store.enqueue(operation: RoomStatusOperation.name, subject: RoomStatusOperation.subject(change.unit),
                                       payload: try PayloadCoding.encode(change), partition: partition,
                                       generation: generation ?? self.generation, now: Date()))
    }

    func stats() async throws -> DemoStats { try await admin.stats() }

    func writes(_ operation: String = "units.housekeeping") async throws -> Int {
        try await stats().writesApplied[operation] ?? 0
    }

    func requests(_ operation: String = "units.housekeeping") async throws -> Int {
        try await stats().requests[operation] ?? 0
    }

    func arm(_ kind: DemoFaultKind, _ operation: OperationID? = .unitsHousekeeping, count: Int = 1,
             delayMS: Int? = nil, status: Int? = nil, retryAfter: Int? = nil) async throws {
        _ = try await admin.armFault(DemoFaultRequest(operation: operation, kind: kind, count: count, delayMS: delayMS,
                                                      status: status, retryAfter: retryAfter))
    }

    /// A status other than `status` that `units.housekeeping` accepts.
    static func other(than status: HousekeepingStatus) -> HousekeepingStatus {
        status == .clean ? .dirty : .clean
    }

    /// Rooms the housekeeper may set (not blocked), by number.
    func settableRooms() async throws -> [RoomUnit] {
        try await rooms().values
            .filter { HousekeepingStatus.settable.contains($0.housekeepingStatus) }
            .sorted { $0.number < $1.number }
    }
}

/// A round as the engine's news tells it (what the app reads).
struct ReportedRound: Sendable {
    let sent: [Int64]
    let held: [Int64]
    let reachedInstance: Bool?
}
