import Foundation
import GuestCraftAPI
import HTTPClient
import HTTPServer
@testable import InstanceClient
import Synchronization

/// A value shared between a handler thread and the test.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update<R: Sendable>(_ body: @Sendable (inout Value) -> R) -> R { storage.withLock { body(&$0) } }
}

/// A plain HTTP server on 127.0.0.1 (not GuestCraft unless its handler says so) that records
/// every request's headers.
final class PlainServer: Sendable {
    let server: HTTPServer
    let origin: InstanceOrigin
    private let seen = Shared<[HTTPServerRequest]>([])

    init(_ handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws {
        let seen = self.seen
        server = HTTPServer(configuration: HTTPServerConfiguration(threading: .pool(size: 2))) { request in
            seen.update { $0.append(request) }
            return handler(request)
        }
        let port = try server.start()
        origin = InstanceOrigin(scheme: "http", host: "127.0.0.1", port: Int(port))!
    }

    /// Every request received, in order.
    var requests: [HTTPServerRequest] { seen.value }

    func url(_ pathAndQuery: String) -> URL { origin.url(pathAndQuery)! }

    func stop() { server.stop() }

    deinit { server.stop() }
}

/// An HTTP client with test timeouts on its own transport, so its connections are this test's alone.
func makeHTTP(totalTimeout: Duration = .seconds(10), lowSpeedLimit: Int = 100, lowSpeedTime: Duration = .seconds(5),
              maxBody: Int = 4 << 20, environment: [String: String] = [:]) -> HTTPClient {
    HTTPClient(configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), totalTimeout: totalTimeout,
                                                      lowSpeedLimit: lowSpeedLimit, lowSpeedTime: lowSpeedTime,
                                                      maxResponseBodyBytes: maxBody, environment: environment),
               transport: HTTPTransport())
}

/// A unique directory under the temporary directory, removed when released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gc-instanceclient-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The mode bits of a path.
func mode(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
          let number = attributes[.posixPermissions] as? NSNumber else { return nil }
    return number.intValue
}

/// A discovery document for `origin` as docs/api.md shows it, for servers that pretend.
func discoveryDocument(origin: String, capabilities: [Capability] = Capability.all, minAppVersion: String = "0.1.0",
                       loopbackRedirects: Bool = true, apiOrigin: String? = nil) -> InstanceDescription {
    InstanceDescription(
        name: "Plain Test Instance", apiBaseURL: (apiOrigin ?? origin) + "/api/v1", serverVersion: "0.1.0",
        apiRevision: "1.0.0", minAppVersion: minAppVersion, capabilities: capabilities,
        auth: AuthDescription(methods: ["password"], authorizeURL: origin + "/mobile/authorize",
                              tokenURL: origin + "/api/v1/device_sessions", loopbackRedirects: loopbackRedirects,
                              redirectSchemes: [], pairingURLPrefix: origin + "/mobile/pair"))
}

/// A JSON answer.
func jsonAnswer<T: Encodable>(_ value: T, status: Int = 200,
                              headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
    .bytes(try! APIJSON.encode(value), status: status, headers: [(name: "Content-Type", value: "application/json")] + headers)
}

/// A stored session for `origin` with a token of the right shape (for servers that record headers).
func fakeSession(origin: InstanceOrigin, token: String = CredentialPrefix.make(prefix: "gcd_", bytes: Array(repeating: 7, count: 32)),
                 id: String = "dvs_test") -> StoredSession {
    StoredSession(origin: origin, token: token, sessionID: DeviceSessionID(rawValue: id),
                  createdAt: Instant(rfc3339: "2026-11-02T07:58:12Z")!,
                  user: User(id: UserID(rawValue: "usr_test"), name: "Test Person", email: "test@example.com"),
                  deviceName: "test terminal")
}

/// A reverse proxy on its own loopback port in front of `target` (a real instance): it forwards
/// every request with the target's own Host, and may rewrite the answer's body (`rewrite`).
/// It plays an instance published at another address than the one it believes it has.
final class ReverseProxy: Sendable {
    let server: PlainServer

    init(target: InstanceOrigin, rewrite: (@Sendable (String, Data) -> Data)? = nil) throws {
        let http = makeHTTP()
        server = try PlainServer { request in
            let query = request.query.map { "\(PercentEncoding.encodeComponent($0.name))=\(PercentEncoding.encodeComponent($0.value))" }
                .joined(separator: "&")
            let path = request.path.split(separator: "/", omittingEmptySubsequences: false)
                .map { PercentEncoding.encodeComponent(String($0)) }.joined(separator: "/")
            var headers = HTTPHeaders()
            for (name, value) in request.headers where !["host", "connection", "content-length"].contains(name) {
                headers.add(name: name, value: value)
            }
            let forwarded = HTTPRequest(method: request.method, url: target.url(path + (query.isEmpty ? "" : "?" + query))!,
                                        headers: headers, body: request.body.isEmpty ? nil : request.body)
            let done = DispatchSemaphore(value: 0)
            let answer = Shared<HTTPResponse?>(nil)
            Task {
                let response = try? await http.send(forwarded)
                answer.update { $0 = response }
                done.signal()
            }
            done.wait()
            guard let response = answer.value else { return .drop }
            let body = rewrite?(request.path, response.body) ?? response.body
            let kept = response.headers.fields.filter { ["content-type", "etag", "cache-control", "retry-after"].contains($0.name) }
            return .bytes(body, status: response.status, headers: kept.map { (name: $0.name, value: $0.value) })
        }
    }

    var origin: InstanceOrigin { server.origin }

    func stop() { server.stop() }
}
