import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient
import LiveClients
import OfflineStore
import Outbox

/// SPEC §10: "1,000 queued room changes sent to the demo instance on loopback: ≤ 5 s, over one
/// reused connection". Queues room changes in the app's own outbox (as if made offline), then
/// either leaves them for `guestcraft send` or sends them here with the app's outbox engine,
/// printing the time and the connections the instance accepted meanwhile (`/demo/stats`).
/// `--window N` sends N entries at once (the engine's default otherwise); `--round-trip-ms N`
/// sends through the bench's own forwarder as a link with N ms round trips (#34: SPEC §10's "50
/// waiting changes over 300 ms round trips"), `--handshake-ms N` making each new connection wait N
/// ms more (TCP's handshake over such a link).
enum OutboxBench {
    static let options: Set<String> = ["home", "changes", "property", "send", "admin-key-file", "window", "round-trip-ms",
                                          "handshake-ms"]

    static func run(_ arguments: BenchArguments) async throws {
        let count = try arguments.int("changes", default: 1_000)
        let property = PropertyID(try arguments.string("property", default: "prp_garden"))
        let mode = try arguments.string("send", default: "engine")
        guard mode == "engine" || mode == "none" else { throw BenchFailure("--send is engine or none") }
        let window = try arguments.int("window", default: OutboxEngine<InstanceClient>.defaultWindow)
        let roundTrip = try arguments.int("round-trip-ms", default: 0)
        let handshake = try arguments.int("handshake-ms", default: 0)

        let reading = HTTPClient(transport: HTTPTransport())
        let account = try await BenchAccount.load(home: try arguments.home(), property: property, http: reading)
        let store = try OfflineStore(directory: account.home)
        let generation = try store.beginGeneration(account.partition)
        defer { _ = try? store.endGenerations(.generation(generation)) }

        let queued = try await queue(count, property: property,
                                     client: InstanceClient(session: account.session, http: reading), store: store,
                                     partition: account.partition, generation: generation)
        Figures.line("queued", "\(queued.entries) room changes on \(queued.rooms) rooms (\(account.partition))")
        guard mode == "engine" else { return }

        let admin = try adminClient(arguments, origin: account.session.origin)
        let before = try await admin?.stats()
        // A transport of its own, as a new app process has: every connection the sends need is
        // opened, and counted, here.
        let http = HTTPClient(transport: HTTPTransport())
        var session = account.session
        var link: ByteCountingProxy?
        if roundTrip > 0 {
            let origin = session.origin
            guard let port = origin.port ?? (origin.scheme == "https" ? 443 : 80) as Int?,
                  ["127.0.0.1", "localhost"].contains(origin.host) else {
                throw BenchFailure("the slow link forwards to a loopback instance only, not \(origin)")
            }
            let proxy = try ByteCountingProxy(upstreamPort: port, roundTrip: .milliseconds(roundTrip),
                                              handshake: .milliseconds(handshake))
            guard let slow = InstanceOrigin(scheme: origin.scheme, host: origin.host, port: proxy.port) else {
                throw BenchFailure("no origin for the forwarder")
            }
            session = StoredSession(origin: slow, token: session.token, sessionID: session.sessionID,
                                    createdAt: session.createdAt, user: session.user, deviceName: session.deviceName)
            link = proxy
            Figures.line("link", "\(roundTrip) ms round trips (\(roundTrip / 2) ms each way), a new connection's first bytes "
                         + "\(handshake) ms later, through the bench's forwarder to \(origin.scheme)://\(origin.host):\(port)")
        }
        defer { link?.stop() }
        let client = InstanceClient(session: session, http: http)
        let engine = OutboxEngine(store: store, registry: WorkOperations.registry(), window: window,
                                  requestsAtOnce: { $0.requestsAtOnce })
        let start = ContinuousClock.now
        let report = await engine.activate(partition: account.partition, generation: generation, client: client)
        let elapsed = Figures.milliseconds(since: start)
        await engine.deactivate()
        let after = try await admin?.stats()

        Figures.line("requests at once", client.requestsAtOnce.map { "\($0) (one per connection)" }
                     ?? "the whole window (one connection multiplexes)")
        Figures.line("sent", "\(report.sent.count) of \(queued.entries), held \(report.held.count), stop \(report.stop.map { "\($0)" } ?? "none")")
        Figures.line("time", String(format: "%.0f ms for %d changes (%.2f ms each), window %d", elapsed, report.sent.count,
                                    elapsed / Double(max(report.sent.count, 1)), window))
        Figures.line("client connections opened", "\(http.connectionsOpened)")
        if let before, let after {
            let operation = OperationID.unitsHousekeeping.rawValue
            Figures.line("instance", "connections accepted +\(after.connectionsAccepted - before.connectionsAccepted)"
                + ", units.housekeeping requests +"
                + "\((after.requests[operation] ?? 0) - (before.requests[operation] ?? 0)), writes applied +"
                + "\((after.writesApplied[operation] ?? 0) - (before.writesApplied[operation] ?? 0))")
        }
        let left = try store.outboxCounts(account.partition)
        Figures.line("left in the outbox", "\(left.toSend) to send, \(left.toReview) to review")
    }

    /// Queues `count` changes, one per settable room in number order (a second round of rooms
    /// when there are more changes than rooms, which the engine rebases), each to another status.
    static func queue(_ count: Int, property: PropertyID, client: InstanceClient, store: OfflineStore,
                      partition: Partition, generation: GenerationID) async throws -> (entries: Int, rooms: Int) {
        guard let list = try await client.units(property: property).value else { throw BenchFailure("units.list answered 304") }
        let rooms = list.units.filter { HousekeepingStatus.settable.contains($0.housekeepingStatus) }
            .sorted { ($0.floor, $0.number) < ($1.floor, $1.number) }
        guard !rooms.isEmpty else { throw BenchFailure("no room of \(property.rawValue) can be set") }
        var statuses = Dictionary(uniqueKeysWithValues: rooms.map { ($0.id, $0.housekeepingStatus) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var entries: [NewOutboxEntry] = []
        for index in 0..<count {
            let room = rooms[index % rooms.count]
            let status: HousekeepingStatus = statuses[room.id] == .dirty ? .clean : .dirty
            statuses[room.id] = status
            let change = RoomStatusChange(property: property, unit: room.id, number: room.number, status: status,
                                          expectedVersion: room.housekeepingVersion)
            entries.append(NewOutboxEntry(operation: RoomStatusOperation.name,
                                          subject: RoomStatusOperation.subject(room.id),
                                          payload: try encoder.encode(change)))
        }
        guard try store.enqueue(entries, partition: partition, generation: generation, now: Date()) != nil else {
            throw BenchFailure("the generation ended before the changes were saved")
        }
        return (entries.count, min(count, rooms.count))
    }

    static func adminClient(_ arguments: BenchArguments, origin: InstanceOrigin) throws -> DemoAdminClient? {
        guard let path = try? arguments.string("admin-key-file") else { return nil }
        let key = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Its own transport: its requests never share the engine's connection.
        return DemoAdminClient(origin: origin, adminKey: key, http: HTTPClient(transport: HTTPTransport()))
    }
}
