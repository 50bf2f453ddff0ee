import Foundation
import HTTPServer

/// The demo instance's routes without a server in front: a request in, its answer out, in this
/// process and on no socket. The fuzz checks (`Tests/Fuzz`) send it made-up requests; the
/// answers are the ones `DemoInstance` would give over HTTP (its `respond(to:)` is this one).
public final class DemoRouter: Sendable {
    /// The key `/demo/` operations need in `X-Demo-Admin-Key`.
    public let adminKey: String
    public let dataDirectory: URL
    private let service: DemoService

    /// Opens (and seeds, the first time) the instance's data in `configuration.dataDirectory`,
    /// which must be given: the caller removes it.
    public init(configuration: DemoConfiguration) throws(DemoError) {
        if let problem = configuration.problem() { throw .invalidConfiguration(problem) }
        guard let directory = configuration.dataDirectory else {
            throw .dataDirectory("an in-process router needs a data directory")
        }
        dataDirectory = directory
        (service, adminKey) = try DemoInstance.openService(configuration, in: directory)
        service.attach(origin: "http://127.0.0.1", connections: { 0 })
    }

    /// The answer the instance gives to `request`.
    public func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
        service.respond(to: request)
    }

    /// A device token (`gcd_…`) for a member, as if a device had paired.
    public func deviceToken(for member: DemoMember, deviceName: String = "fuzz device") throws -> String {
        try service.db.transaction {
            try service.insertSession(userID: member.userID.rawValue, name: deviceName,
                                      now: service.now.millisecondsSinceEpoch).1
        }
    }

    /// Closes the database.
    public func close() {
        service.beginStopping()
        service.db.close()
    }
}
