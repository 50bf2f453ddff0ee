import Foundation
import InstanceClient
import LiveClients
import OfflineStore
import ProcessSpawn
import Testing
import TestSupport
@testable import Outbox
#if canImport(Glibc)
import Glibc
#endif

/// The test binary run again as a child to be killed (`kill -9`): the parent hands it a plan in
/// an environment variable and runs only the child test (by filter); the child opens the state
/// directory and an outbox engine for the housekeeper at Harbour View, does its work and waits
/// to be killed (an orphan stops by itself).
enum CrashChild {
    /// The plan the parent gave, when this process is the child.
    static func plan<Plan: Decodable>(_ variable: String, as: Plan.Type) -> Plan? {
        guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
        return try? JSONDecoder().decode(Plan.self, from: Data(text.utf8))
    }

    /// Starts the child test `filter` with `plan` in `variable`.
    static func spawn(filter: String, variable: String, plan: some Encodable) throws -> SpawnedProcess {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)
        return try SpawnedProcess(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
                                  arguments: ["--testing-library", "swift-testing", "--filter", filter],
                                  environment: environment)
    }

    /// In the child: the engine over the state directory, active for the housekeeper's partition,
    /// sending `window` entries at once (`wholeWindow`: all of them, as before an https origin's first
    /// answer, libcurl queueing what six connections cannot carry; else as the app does over HTTP/1.1).
    static func engine(stateDirectory: String, origin: String, token: String,
                       window: Int, wholeWindow: Bool = false) async throws -> OutboxEngine<InstanceClient> {
        let store = try OfflineStore(directory: URL(fileURLWithPath: stateDirectory))
        let generation = try store.beginGeneration(housekeeperDesk)
        let origin = try #require(InstanceOrigin(string: origin))
        let client = InstanceClient(session: DemoOutboxFixture.session(origin: origin, token: token))
        let engine = DemoOutboxFixture.engine(store: store, sleeper: ManualSleeper(), unauthorized: Recorder<Partition>(),
                                              window: window,
                                              requestsAtOnce: { wholeWindow ? nil : $0.requestsAtOnce })
        await engine.activate(partition: housekeeperDesk, generation: generation, client: client)
        return engine
    }

    /// In the child, once its work is done: waits for the kill while the parent lives (a minute at most).
    static func waitToBeKilled(parent: pid_t) async throws {
        let giveUp = Date().addingTimeInterval(60)
        while getppid() == parent && Date() < giveUp { try await Task.sleep(for: .milliseconds(20)) }
    }
}
