import Foundation
import GuestCraftAPI
import HTTPClient
import HTTPServer
@testable import InstanceClient
import Locking
import TestSupport

/// A value shared between a handler thread and the test.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Locked<Value>
    init(_ value: Value) { storage = Locked(value) }
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
/// It plays an instance published at another address than the one it believes it has. It
/// forwards over a plain blocking socket, so it never waits for Swift's task pool.
final class ReverseProxy: Sendable {
    let server: PlainServer

    init(target: InstanceOrigin, rewrite: (@Sendable (String, Data) -> Data)? = nil) throws {
        let port = UInt16(target.port ?? 80)
        server = try PlainServer { request in
            let query = request.query.map { "\(PercentEncoding.encodeComponent($0.name))=\(PercentEncoding.encodeComponent($0.value))" }
                .joined(separator: "&")
            let path = request.path.split(separator: "/", omittingEmptySubsequences: false)
                .map { PercentEncoding.encodeComponent(String($0)) }.joined(separator: "/")
            var headers: [(String, String)] = [("Host", target.displayHost), ("Connection", "close")]
            for (name, value) in request.headers where !["host", "connection", "content-length"].contains(name) {
                headers.append((name, value))
            }
            guard let answer = BlockingHTTP.exchange(port: port, method: request.method,
                                                     target: path + (query.isEmpty ? "" : "?" + query),
                                                     headers: headers, body: request.body) else { return .drop }
            let body = rewrite?(request.path, answer.body) ?? answer.body
            let kept = answer.headers.filter { ["content-type", "etag", "cache-control", "retry-after"].contains($0.name) }
            return .bytes(body, status: answer.status, headers: kept)
        }
    }

    var origin: InstanceOrigin { server.origin }

    func stop() { server.stop() }
}

/// One HTTP/1.1 exchange with 127.0.0.1 over a blocking socket (`Connection: close`, read to the end).
enum BlockingHTTP {
    static func exchange(port: UInt16, method: String, target: String, headers: [(String, String)],
                         body: Data) -> (status: Int, headers: [(name: String, value: String)], body: Data)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        var outgoing = Data(head.utf8)
        outgoing.append(body)
        let sent = outgoing.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        guard sent else { return nil }
        var incoming = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            incoming.append(contentsOf: buffer[0..<n])
        }
        guard let split = incoming.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: incoming[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, fields, Data(incoming[split.upperBound...]))
    }
}
