import Foundation
import GuestCraftAPI
import HTTPServer
import SodiumCrypto
import SQLiteDB
import Locking

/// Why a demo instance could not start.
public enum DemoError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidConfiguration(String)
    case dataDirectory(String)
    case database(String)
    case couldNotListen(host: String, port: UInt16)

    public var description: String {
        switch self {
        case .invalidConfiguration(let why): "invalid configuration: \(why)"
        case .dataDirectory(let why): "data directory: \(why)"
        case .database(let why): "database: \(why)"
        case .couldNotListen(let host, let port): "could not listen on \(host):\(port) (in use, or not an address here)"
        }
    }
}

/// A running demo GuestCraft instance (docs/api.md over real HTTP, with its own SQLite database), in this process.
public final class DemoInstance: Sendable {
    public let configuration: DemoConfiguration
    /// `http://127.0.0.1:<port>` (https with TLS): discovery is at `origin + "/.well-known/guestcraft"`.
    public let origin: String
    /// The address the instance gives out: `configuration.baseURL` as an origin, else `origin`.
    public let publicOrigin: String
    public let port: UInt16
    /// The key `/demo/` operations need in `X-Demo-Admin-Key` (also in `dataDirectory/admin-key`).
    public let adminKey: String
    public let dataDirectory: URL
    let service: DemoService
    private let server: HTTPServer
    private let removeDataOnStop: Bool
    private let stopped = Locked(false)

    /// The file name of the admin key inside the data directory.
    public static let adminKeyFileName = "admin-key"
    /// The file name of the database inside the data directory.
    public static let databaseFileName = "demo.sqlite"

    /// The origin as a URL.
    public var baseURL: URL { URL(string: origin)! }

    /// Opens (or makes and fills) the database in the data directory and starts serving; ready when it returns.
    public static func start(_ configuration: DemoConfiguration = DemoConfiguration()) throws(DemoError) -> DemoInstance {
        try DemoInstance(configuration: configuration)
    }

    private init(configuration: DemoConfiguration) throws(DemoError) {
        if let problem = configuration.problem() { throw .invalidConfiguration(problem) }
        self.configuration = configuration
        let directory: URL
        if let given = configuration.dataDirectory {
            directory = given
            removeDataOnStop = false
        } else {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("guestcraft-demo-\(UUID().uuidString)", isDirectory: true)
            removeDataOnStop = true
        }
        dataDirectory = directory
        let (service, adminKey) = try Self.openService(configuration, in: directory)
        self.adminKey = adminKey
        self.service = service
        let serverConfiguration = HTTPServerConfiguration(
            host: configuration.host, port: configuration.port,
            threading: .threadPerConnection(limit: configuration.connectionLimit),
            maxRequestBodyBytes: JPEGBody.maximumBytes,
            payloadTooLarge: { request in DemoService.tooLarge(request) },
            connectionTimeoutSeconds: 60,
            tls: configuration.tls)
        server = HTTPServer(configuration: serverConfiguration) { request in service.respond(to: request) }
        do {
            port = try server.start()
        } catch {
            service.db.close()
            throw .couldNotListen(host: configuration.host, port: configuration.port)
        }
        let hostPart = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        origin = "\(configuration.tls == nil ? "http" : "https")://\(hostPart):\(port)"
        publicOrigin = service.publicOrigin ?? origin
        // Weakly: the server's handler holds the service, so a strong server here would keep both
        // alive for ever (ReleaseTests).
        service.attach(origin: origin, connections: { [weak server] in server?.connectionsAccepted ?? 0 })
    }

    /// The data directory, its admin key and its database (seeded once), and the service over them: what
    /// answers requests, with or without a server in front (`DemoRouter`).
    static func openService(_ configuration: DemoConfiguration, in directory: URL) throws(DemoError)
        -> (DemoService, adminKey: String) {
        try PrivateFiles.makeDirectory(directory)
        let adminKey = try PrivateFiles.adminKey(in: directory.appendingPathComponent(Self.adminKeyFileName))
        let db: Database
        do {
            let path = directory.appendingPathComponent(Self.databaseFileName).path
            try PrivateFiles.touch(path)
            db = try Database(path: path)
            // A page cache large enough that a new hotel is written once, at commit.
            try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;")
            try DemoSchema.prepare(db) { try HotelSeeder.seed(db, configuration: configuration) }
        } catch let error as DemoError {
            throw error
        } catch {
            throw .database(String(describing: error))
        }
        return (DemoService(db: db, configuration: configuration, adminKey: adminKey), adminKey)
    }

    deinit { stop() }

    /// Stops serving (waiting for requests in flight), closes the database; deletes a temporary data directory.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        service.beginStopping()
        server.stop()
        service.db.close()
        if removeDataOnStop { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    // MARK: In-process helpers (for the app's `--demo` and other modules' tests)

    /// A pairing link for a member, as `/demo/pairings` makes it (valid 120 s, single use).
    public func pairingURL(for member: DemoMember) throws -> String {
        try service.issuePairingCode(userID: member.userID.rawValue, origin: publicOrigin).pairingURL
    }

    /// A device token (`gcd_…`) for a member, as if a device had paired; skips the pairing step in tests.
    public func deviceToken(for member: DemoMember, deviceName: String = "test device") throws -> String {
        try service.db.transaction {
            try service.insertSession(userID: member.userID.rawValue, name: deviceName,
                                      now: service.now.millisecondsSinceEpoch).1
        }
    }

    /// Replaces a member's permissions; their tokens work with the new ones from the next request.
    public func setPermissions(_ permissions: [Permission], for member: DemoMember) throws {
        try service.db.transaction {
            try service.db.run("DELETE FROM member_permissions WHERE user_id = ?", [.text(member.userID.rawValue)])
            for (position, permission) in permissions.enumerated() {
                try service.db.run("INSERT INTO member_permissions (user_id, permission, position) VALUES (?, ?, ?)",
                                   [.text(member.userID.rawValue), .text(permission.rawValue), .integer(Int64(position))])
            }
        }
    }

    /// Replaces the properties a member reaches (nil: all of them); their tokens follow from the next request.
    public func setProperties(_ properties: [PropertyID]?, for member: DemoMember) throws {
        try service.db.transaction {
            let user = member.userID.rawValue
            try service.db.run("UPDATE members SET all_properties = ? WHERE user_id = ?",
                               [.integer(properties == nil ? 1 : 0), .text(user)])
            try service.db.run("DELETE FROM member_properties WHERE user_id = ?", [.text(user)])
            for property in properties ?? [] {
                try service.db.run("INSERT INTO member_properties (user_id, property_id) VALUES (?, ?)",
                                   [.text(user), .text(property.rawValue)])
            }
        }
    }

    /// Records a payment on a reservation's folio on its property's business date, as the desk's till would (the
    /// demo has no payment operation); `folios.balance`, the check-out quote and today.get's balances follow.
    public func recordPayment(reservation: ReservationID, amountMinor: Int, method: String = "card") throws {
        try service.db.transaction {
            let id = "pay_t\(UUID().uuidString.prefix(8).lowercased())"
            try service.db.run("""
                INSERT INTO payments (id, reservation_id, position, date, method, amount_minor)
                SELECT ?, r.id, (SELECT coalesce(max(position), 0) + 1 FROM payments), p.business_date, ?, ?
                FROM reservations r JOIN properties p ON p.id = r.property_id WHERE r.id = ?
                """, [.text(id), .text(method), .integer(Int64(amountMinor)), .text(reservation.rawValue)])
        }
    }

    /// Requests with an `Idempotency-Key` whose first attempt is still running.
    public func idempotencyKeysInFlight() throws -> Int { try service.idempotencyKeysRunning() }

    /// Ends the delay faults waiting now, so a test can hold a request for as long as it needs and no longer
    /// (a timed delay raced a slow machine: the repeat arrived after the first had answered).
    public func endDelays() { service.endDelays() }
}

/// The data directory (0700) and its files (0600): they hold the admin key and digests of every credential.
enum PrivateFiles {
    static func makeDirectory(_ url: URL) throws(DemoError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } catch {
            throw .dataDirectory("cannot make \(url.path): \(error.localizedDescription)")
        }
    }

    /// Creates `path` empty with mode 0600 when missing, and makes an existing one 0600.
    static func touch(_ path: String) throws(DemoError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .dataDirectory("cannot create \(path): \(String(cString: strerror(errno)))") }
        fchmod(fd, 0o600)
        close(fd)
    }

    /// The admin key kept in `url`; a new one is written (0600) the first time.
    static func adminKey(in url: URL) throws(DemoError) -> String {
        if let existing = try? String(contentsOf: url, encoding: .utf8) {
            let key = existing.trimmingCharacters(in: .whitespacesAndNewlines)
            if !key.isEmpty {
                chmod(url.path, 0o600)
                return key
            }
        }
        let key = SecureRandom.token(byteCount: 32)
        try touch(url.path)
        do {
            try Data((key + "\n").utf8).write(to: url)
        } catch {
            throw .dataDirectory("cannot write \(url.path): \(error.localizedDescription)")
        }
        chmod(url.path, 0o600)
        return key
    }
}

extension DemoService {
    /// The 413 the server answers before reading a body over 5 MB.
    static func tooLarge(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let isPhoto = OperationID.match(method: request.method, path: request.path)?.operation == .maintenancePhotosPut
        let refusal = isPhoto ? photoTooLarge
            : Refusal(.requestTooLarge, "A request body may have at most \(maximumJSONBytes) bytes.")
        let answer = refusal.answer
        return .bytes(answer.body, status: 413, headers: answer.headers)
    }
}
