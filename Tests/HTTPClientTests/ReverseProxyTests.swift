import Foundation
import HTTPClient
import HTTPServer
import Testing
import TestSupport

/// The client through Debian's nginx as a hotel's reverse proxy (Tests/e2e/nginx.bash writes its
/// configuration): TLS from a private CA trusted through `GUESTCRAFT_CA_BUNDLE`, HTTP/2 on one
/// connection, gzip from the proxy decoded, a weak ETag and its 304, and a gzip bomb stopped at
/// the decoded-size cap.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ReverseProxyTests {
    /// nginx in front of `upstream` (the shared `NginxProxy`), started once it is configured.
    static func proxy(upstream: TestServer) async throws -> NginxProxy {
        let proxy = try NginxProxy()
        try proxy.configure(upstream: try #require(URL(string: upstream.base)?.port))
        try await proxy.start()
        return proxy
    }

    /// 70 KB of JSON that gzip makes small.
    static let rooms = Data(("{\"units\":[" + (1...2_000).map { "{\"number\":\"\($0)\",\"status\":\"clean\"}" }
        .joined(separator: ",") + "]}").utf8)

    /// The rooms with a strong ETag and its 304.
    static func upstream() throws -> TestServer {
        try TestServer { request in
            switch request.path {
            case "/after": return .text("ok")
            case "/rooms" where request.header("if-none-match") == "\"rooms-1\"":
                return .bytes(Data(), status: 304, headers: [(name: "ETag", value: "\"rooms-1\"")])
            default:
                return .bytes(ReverseProxyTests.rooms, headers: [(name: "Content-Type", value: "application/json"),
                                               (name: "ETag", value: "\"rooms-1\"")])
            }
        }
    }

    @Test(.enabled(if: NginxProxy.binary != nil, "nginx not installed (apt-get install nginx-light)"))
    func throughNginxTLSHTTP2AndGzipAreTheClientsOwn() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let proxy = try await Self.proxy(upstream: upstream)

        // The private CA is trusted only through GUESTCRAFT_CA_BUNDLE.
        do {
            _ = try await makeClient().send(HTTPRequest(url: proxy.url("/rooms")))
            Issue.record("a certificate of a private CA must not be trusted without GUESTCRAFT_CA_BUNDLE")
        } catch {
            guard case .certificate(.untrusted, _, _) = error else { Issue.record("expected an untrusted certificate, got \(error)"); return }
        }
        let client = makeClient(environment: ["GUESTCRAFT_CA_BUNDLE": proxy.caBundle])
        let fresh = try await client.send(HTTPRequest(url: proxy.url("/rooms")))
        #expect(fresh.status == 200 && fresh.httpVersion == "HTTP/2")
        #expect(fresh.headers["content-encoding"] == "gzip")
        #expect(fresh.body == Self.rooms)
        #expect(fresh.wireBytes * 5 < fresh.body.count, "gzip on the wire: \(fresh.wireBytes) B for \(fresh.body.count)")
        // nginx makes the ETag of what it gzips weak; the instance's 304 comes through it.
        let etag = try #require(fresh.headers["etag"])
        #expect(etag == "W/\"rooms-1\"")
        let again = try await client.send(HTTPRequest(url: proxy.url("/rooms"), headers: ["If-None-Match": "\"rooms-1\""]))
        #expect(again.status == 304 && again.body.isEmpty && again.wireBytes < 400)
        #expect(client.connectionsOpened == 1, "one HTTP/2 connection for every request")
        #expect(proxy.accessLog.contains("GET /rooms HTTP/2.0 200"))
        #expect(proxy.accessLog.contains("GET /rooms HTTP/2.0 304"))
    }

    /// The outbox's window (#34): requests at once through HTTP/2 are streams of one connection.
    @Test(.enabled(if: NginxProxy.binary != nil, "nginx not installed (apt-get install nginx-light)"))
    func requestsAtOnceThroughHTTP2ShareOneConnection() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let proxy = try await Self.proxy(upstream: upstream)
        let client = makeClient(environment: ["GUESTCRAFT_CA_BUNDLE": proxy.caBundle])
        let url = proxy.url("/after")
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<12 {
                group.addTask { try await client.send(HTTPRequest(url: url)).httpVersion }
            }
            for try await version in group { #expect(version == "HTTP/2") }
        }
        #expect(client.connectionsOpened == 1, "twelve streams on one HTTP/2 connection")
    }

    @Test(.enabled(if: NginxProxy.binary != nil, "nginx not installed (apt-get install nginx-light)"))
    func aGzipBombFromTheProxyEndsAtTheDecodedSizeCap() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let proxy = try await Self.proxy(upstream: upstream)
        let cap = HTTPClientConfiguration().maxResponseBodyBytes
        let client = HTTPClient(configuration: HTTPClientConfiguration(
            environment: ["GUESTCRAFT_CA_BUNDLE": proxy.caBundle]), transport: HTTPTransport())
        for _ in 0..<2 {
            await #expect(throws: HTTPClientError.bodyTooLarge(limit: cap)) {
                _ = try await client.send(HTTPRequest(url: proxy.url("/.well-known/guestcraft", port: proxy.bombPort)))
            }
        }
        #expect(HTTPClientError.bodyTooLarge(limit: cap).description == "answer body over 16777216 bytes")
        #expect(proxy.accessLog.contains("GET /.well-known/guestcraft HTTP/2.0 200"))
        // The client goes on: the proxy's other server answers on the same transport.
        let after = try await client.send(HTTPRequest(url: proxy.url("/after")))
        #expect(after.status == 200 && after.httpVersion == "HTTP/2")
    }
}
