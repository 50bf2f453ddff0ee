import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import Testing
import TestSupport

/// The real live layer over a temporary state directory (`GUESTCRAFT_HOME`), paired through the
/// real pairing flow with the real demo instance on 127.0.0.1 (libcurl), as the housekeeper at
/// Harbour View: `LiveWork` of that context gives the tabs' closures.
final class LiveFixture: Sendable {
    let home: TemporaryDirectory
    let demo: DemoInstance
    let admin: DemoAdminClient
    let services: LiveServices
    let context: WorkContext

    /// `configure` changes the demo's configuration (its data directory, capabilities) before it starts.
    /// `property`: Harbour View (docs/api.md's small hotel) or Garden Court (`prp_garden`, the generated one).
    init(member: DemoMember = .housekeeper, property propertyID: PropertyID = "prp_harbour",
         demo configure: (inout DemoConfiguration) -> Void = { _ in }) async throws {
        home = try TemporaryDirectory(prefix: "guestcraft-live-tests")
        var configuration = DemoConfiguration(rooms: 8, log: { _ in })
        configure(&configuration)
        demo = try DemoInstance.start(configuration)
        let origin = try #require(InstanceOrigin(string: demo.origin))
        admin = DemoAdminClient(origin: origin, adminKey: demo.adminKey)
        services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])

        let pairing = Pairing(connector: services.connector, credentials: services.credentials)
        let session = try await pairing.exchange(try await pairing.check(try demo.pairingURL(for: member)),
                                                 deviceName: "live clients tests")
        let instance = try #require(try services.credentials.instance(for: session.origin))
        let client = services.client(for: session)
        let workspace = try #require(try await client.workspaces().value?.workspaces.first { $0.id == "wsp_demo" })
        let property = try #require(workspace.properties.first { $0.id == propertyID })
        let partition = WorkContext.partition(instance: instance, session: session, workspace: workspace.id)
        let generation = try services.offline.beginGeneration(partition)
        context = WorkContext(instance: instance, session: session, workspace: workspace, property: property,
                              capabilities: instance.capabilities, partition: partition, generation: generation)
    }

    deinit { demo.stop() }

    var work: LiveWork { LiveWork(services: services, context: context) }
    var housekeeping: HousekeepingEnvironment { work.housekeeping }
    var tasks: TasksEnvironment { work.tasks }
    /// The outbox client the app uses (`activate` makes this context's partition the one sent).
    var outbox: OutboxClient { OutboxClient.live(services) }

    /// The saved read of the room list as it is in the SQLite file.
    var savedUnitsRead: SavedRead? {
        get throws {
            try services.offline.savedRead(work.unitsKey, partition: context.partition, now: Date(),
                                           appVersion: AppVersion.current)
        }
    }

    /// Replaces the saved room list's body (as a damaged file would have it), inside the generation.
    func overwriteSavedUnits(with body: Data) throws {
        #expect(try services.offline.saveRead(work.unitsKey, body: body, partition: context.partition,
                                              generation: context.generation, now: Date(),
                                              appVersion: AppVersion.current))
    }

    /// The log file's text (tokens are redacted before they reach it).
    func logText() throws -> String {
        try String(contentsOf: home.url.appendingPathComponent("guestcraft.log"), encoding: .utf8)
    }

    /// The statuses the client logged for `operation`, in order (nil: no answer).
    func loggedStatuses(_ operation: OperationID) throws -> [Int?] {
        try logText().split(separator: "\n").compactMap { line -> Int?? in
            let words = line.split(separator: " ")
            guard words.count > 3, words[1] == operation.rawValue,
                  let status = words.first(where: { $0.hasPrefix("status=") }) else { return nil }
            return .some(Int(status.dropFirst("status=".count)))
        }
    }

    /// Whether the session's token got into the log (never printed).
    func logHoldsToken() throws -> Bool {
        try logText().contains(context.session.token)
    }

    /// How many requests of `operation` the demo received.
    func requests(_ operation: OperationID) async throws -> Int {
        try await admin.stats().requests[operation.rawValue] ?? 0
    }

    /// A fresh room list, recording an issue for any other result.
    func freshUnits(sourceLocation: SourceLocation = #_sourceLocation) async -> (list: UnitList, at: Date)? {
        let result = await housekeeping.fetchUnits()
        guard case .fresh(let list, let at) = result else {
            Issue.record("expected a fresh room list, got \(result)", sourceLocation: sourceLocation)
            return nil
        }
        return (list, at)
    }

    /// The housekeeper's fresh task list.
    func freshTasks(sourceLocation: SourceLocation = #_sourceLocation) async -> TaskList? {
        let result = await tasks.fetchTasks()
        guard case .fresh(let list, _) = result else {
            Issue.record("expected a fresh task list, got \(result)", sourceLocation: sourceLocation)
            return nil
        }
        return list
    }

    /// Rooms the housekeeper may set, by number.
    static func settable(_ list: UnitList) -> [RoomUnit] {
        list.units.filter { HousekeepingStatus.settable.contains($0.housekeepingStatus) }.sorted { $0.number < $1.number }
    }

    static func other(than status: HousekeepingStatus) -> HousekeepingStatus {
        status == .clean ? .dirty : .clean
    }
}

/// Saved times are kept to the millisecond.
func sameMillisecond(_ a: Date, _ b: Date) -> Bool {
    abs(a.timeIntervalSince(b)) < 0.001
}
