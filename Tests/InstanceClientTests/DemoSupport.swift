import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing
import TestSupport

/// A demo instance running in this process on 127.0.0.1, with an admin client, stopped when released.
final class Demo: Sendable {
    let instance: DemoInstance
    let origin: InstanceOrigin
    let admin: DemoAdminClient

    /// A small hotel unless told otherwise (Harbour View is always the hotel of docs/api.md).
    init(_ configuration: DemoConfiguration = DemoConfiguration(rooms: 8)) throws {
        instance = try DemoInstance.start(configuration)
        // It listens on 127.0.0.1 whatever address it binds (0.0.0.0 covers it too).
        origin = try #require(InstanceOrigin(scheme: "http", host: "127.0.0.1", port: Int(instance.port)))
        admin = DemoAdminClient(origin: origin, adminKey: instance.adminKey, http: makeHTTP())
    }

    /// The address as a person types it (plain http is allowed for loopback).
    var address: String { origin.string }

    func stop() { instance.stop() }

    deinit { instance.stop() }

    /// How many requests of `operation` the demo has received.
    func requests(_ operation: OperationID) async throws -> Int {
        try await admin.stats().requests[operation.rawValue] ?? 0
    }
}

/// A device signed in to a demo by pairing, with its own credential store.
struct SignedIn {
    let client: InstanceClient
    let session: StoredSession
    let credentials: CredentialStore
    let directory: TemporaryDirectory
}

/// Pairs a device as `member` through the real pairing flow, and builds its client on `http`.
func signIn(_ demo: Demo, as member: String = "frontdesk", deviceName: String = "test terminal",
            http: HTTPClient = makeHTTP(), logger: ClientLogger? = nil) async throws -> SignedIn {
    let directory = try TemporaryDirectory()
    let credentials = try CredentialStore(directory: directory.url)
    let pairing = Pairing(connector: InstanceConnector(http: http), credentials: credentials)
    let link = try await demo.admin.issuePairing(member: member).pairingURL
    let candidate = try await pairing.check(link)
    let session = try await pairing.exchange(candidate, deviceName: deviceName)
    let client = InstanceClient(session: session, http: http, logger: logger,
                                onUnauthorized: credentials.forgetOnUnauthorized)
    return SignedIn(client: client, session: session, credentials: credentials, directory: directory)
}

/// Runs `body` and returns the `GuestCraftError` it threw, recording an issue when it did not throw one.
func failure<T>(_ body: () async throws -> T,
                sourceLocation: SourceLocation = #_sourceLocation) async -> GuestCraftError? {
    do {
        _ = try await body()
        Issue.record("expected a GuestCraftError", sourceLocation: sourceLocation)
        return nil
    } catch let error as GuestCraftError {
        return error
    } catch {
        Issue.record("expected a GuestCraftError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The first non-loopback IPv4 address of this machine, if it has one.
func nonLoopbackIPv4() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return nil }
    defer { freeifaddrs(list) }
    var cursor: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = cursor {
        defer { cursor = entry.pointee.ifa_next }
        guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 -> Bool in
            var addr = v4.pointee.sin_addr
            return inet_ntop(AF_INET, &addr, &text, socklen_t(INET_ADDRSTRLEN)) != nil
        }
        guard ok else { continue }
        let ip = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !ip.hasPrefix("127.") { return ip }
    }
    return nil
}
