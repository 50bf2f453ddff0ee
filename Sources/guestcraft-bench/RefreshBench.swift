import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient

/// SPEC §10: "A refresh that changed nothing: ≤ 1 KiB on the wire". Reads a work screen's list
/// with the app's client through a byte-counting forwarder: first fresh, then with its ETag
/// (`If-None-Match`, answered 304) over the same connection, over a new connection of the same
/// client (an HTTPS session resumed, if the instance allows) and from a new client (a new
/// process: a full handshake).
enum RefreshBench {
    static let options: Set<String> = ["home", "property"]

    static func run(_ arguments: BenchArguments) async throws {
        let property = PropertyID(try arguments.string("property", default: "prp_garden"))
        let account = try await BenchAccount.load(home: try arguments.home(), property: property,
                                                  http: HTTPClient(transport: HTTPTransport()))
        let origin = account.session.origin
        guard let upstreamPort = origin.port ?? (origin.scheme == "https" ? 443 : 80) as Int?,
              ["127.0.0.1", "localhost"].contains(origin.host) else {
            throw BenchFailure("the refresh benchmark forwards to a loopback instance only, not \(origin)")
        }
        let proxy = try ByteCountingProxy(upstreamPort: upstreamPort)
        defer { proxy.stop() }
        guard let proxied = InstanceOrigin(scheme: origin.scheme, host: origin.host, port: proxy.port) else {
            throw BenchFailure("no origin for the forwarder")
        }
        let s = account.session
        let session = StoredSession(origin: proxied, token: s.token, sessionID: s.sessionID, createdAt: s.createdAt,
                                    user: s.user, deviceName: s.deviceName)
        Figures.line("instance", "\(origin.scheme)://\(origin.host) (through a byte-counting forwarder)")

        let reads: [(name: String, read: @Sendable (InstanceClient, ETag?) async throws -> (etag: ETag?, wireBytes: Int, notModified: Bool))] = [
            ("units.list (Housekeeping, \(property.rawValue))", { client, etag in
                let answer = try await client.units(property: property, ifNoneMatch: etag)
                return (answer.etag, answer.wireBytes, answer.isNotModified)
            }),
            ("tasks.list, mine (My tasks)", { client, etag in
                let answer = try await client.tasks(property: property, assignedToMe: true, ifNoneMatch: etag)
                return (answer.etag, answer.wireBytes, answer.isNotModified)
            }),
        ]
        for (name, read) in reads {
            let first = InstanceClient(session: session, http: HTTPClient(transport: HTTPTransport()))
            proxy.reset()
            let (fresh, freshTime) = try await timed { try await read(first, nil) }
            report(name, "fresh, new connection", proxy: proxy, clientBytes: fresh.wireBytes, notModified: fresh.notModified,
                   time: freshTime)
            guard let etag = fresh.etag else {
                Figures.line(name, "no ETag in the answer: nothing to refresh conditionally")
                continue
            }
            proxy.reset()
            let (again, againTime) = try await timed { try await read(first, etag) }
            report(name, "refresh, same connection", proxy: proxy, clientBytes: again.wireBytes, notModified: again.notModified,
                   time: againTime)
            proxy.dropConnections()
            proxy.reset()
            let (reconnected, reconnectedTime) = try await timed { try await read(first, etag) }
            report(name, "refresh, same client after its connection closed", proxy: proxy,
                   clientBytes: reconnected.wireBytes, notModified: reconnected.notModified, time: reconnectedTime)
            let second = InstanceClient(session: session, http: HTTPClient(transport: HTTPTransport()))
            proxy.reset()
            let (cold, coldTime) = try await timed { try await read(second, etag) }
            report(name, "refresh, a new client (new process)", proxy: proxy, clientBytes: cold.wireBytes,
                   notModified: cold.notModified, time: coldTime)
        }
    }

    /// The value and how long it took (the read, its decoding included), in milliseconds.
    private static func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
        let start = ContinuousClock.now
        let value = try await body()
        return (value, Figures.milliseconds(since: start))
    }

    private static func report(_ name: String, _ phase: String, proxy: ByteCountingProxy, clientBytes: Int, notModified: Bool,
                               time: Double) {
        let counts = proxy.counts
        Figures.line("\(name) \(phase)",
                     "\(notModified ? "304" : "200"): sent \(counts.sent) B + received \(counts.received) B = "
                     + "\(counts.sent + counts.received) B on the wire, \(counts.connections) new connection(s), "
                     + String(format: "%.1f ms", time) + "; HTTPClient wireBytes \(clientBytes)")
    }
}
