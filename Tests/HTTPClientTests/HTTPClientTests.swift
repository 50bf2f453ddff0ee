import Foundation
import HTTPClient
import HTTPServer
import Testing
import TestSupport

/// A plain server answering "ok" on every path: what each failure test ends with.
func okServer() throws -> TestServer {
    try TestServer { _ in .text("ok") }
}

/// The client still works: a request to `server` answers 200 "ok".
func expectWorks(_ client: HTTPClient, _ server: TestServer,
                 sourceLocation: SourceLocation = #_sourceLocation) async {
    do {
        let response = try await client.send(HTTPRequest(url: server.url("/after")))
        #expect(response.status == 200, sourceLocation: sourceLocation)
        #expect(String(decoding: response.body, as: UTF8.self) == "ok", sourceLocation: sourceLocation)
    } catch {
        Issue.record("request after a failure failed: \(error)", sourceLocation: sourceLocation)
    }
}

@Suite(.timeLimit(.minutes(5))) struct HTTPClientAnswerTests {
    @Test func answerCarriesStatusLowercasedHeadersBodyAndWireBytes() async throws {
        let server = try TestServer { request in
            .text("accept-encoding=\(request.headers["accept-encoding"] ?? "")", status: 201,
                  headers: [(name: "X-Multi", value: "a"), (name: "X-Multi", value: "b"),
                            (name: "ETag", value: "\"v1\"")])
        }
        defer { server.stop() }
        let client = makeClient()
        let response = try await client.send(HTTPRequest(url: server.url("/thing")))
        #expect(response.status == 201)
        #expect(response.headers.values(for: "x-multi") == ["a", "b"])
        #expect(response.headers.fields.allSatisfy { $0.name == $0.name.lowercased() })
        #expect(response.headers["ETag"] == "\"v1\"")
        let body = String(decoding: response.body, as: UTF8.self)
        // Every decoder libcurl has is offered.
        for coding in ["gzip", "deflate", "br", "zstd"] { #expect(body.contains(coding)) }
        #expect(response.wireBytes > response.body.count)
        #expect(response.newConnections == 1)
        #expect(!response.reusedConnection)
    }

    @Test func twentySequentialRequestsReuseOneConnection() async throws {
        let server = try okServer()
        defer { server.stop() }
        let client = makeClient()
        for index in 0..<20 {
            let response = try await client.send(HTTPRequest(url: server.url("/n/\(index)")))
            #expect(response.status == 200)
            #expect(response.reusedConnection == (index > 0))
        }
        #expect(server.server.connectionsAccepted == 1)
        #expect(client.connectionsOpened == 1)
        #expect(server.requestsHandled == 20)
    }

    @Test func notModifiedRoundTrips() async throws {
        let server = try TestServer { request in
            if request.headers["if-none-match"] == "\"v7\"" {
                return .bytes(Data(), status: 304, headers: [(name: "ETag", value: "\"v7\"")])
            }
            return .text("{\"rooms\":[]}", contentType: "application/json", headers: [(name: "ETag", value: "\"v7\"")])
        }
        defer { server.stop() }
        let client = makeClient()
        let first = try await client.send(HTTPRequest(url: server.url("/rooms")))
        #expect(first.status == 200)
        let etag = try #require(first.headers["etag"])
        let second = try await client.send(HTTPRequest(url: server.url("/rooms"), headers: ["If-None-Match": etag]))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.headers["etag"] == etag)
        #expect(second.wireBytes < first.wireBytes)
        #expect(second.reusedConnection)
    }

    @Test func methodsAndBodiesGoOutAsGiven() async throws {
        let server = try TestServer { request in
            let contentType = request.headers["content-type"] ?? "none"
            let text = "\(request.method) \(contentType) \(String(decoding: request.body, as: UTF8.self))"
            return .text(text, headers: [(name: "X-Expect", value: request.headers["expect"] ?? "none")])
        }
        defer { server.stop() }
        let client = makeClient()
        func answer(_ method: String, _ body: Data?, _ headers: HTTPHeaders = [:]) async throws -> String {
            let response = try await client.send(HTTPRequest(method: method, url: server.url("/m"), headers: headers,
                                                             body: body))
            return String(decoding: response.body, as: UTF8.self)
        }
        #expect(try await answer("POST", Data("a=1".utf8)) == "POST none a=1")
        #expect(try await answer("post", Data(), ["Content-Type": "application/json"]) == "POST application/json ")
        #expect(try await answer("PUT", Data("{}".utf8), ["Content-Type": "application/json"])
                == "PUT application/json {}")
        #expect(try await answer("PATCH", Data("p".utf8)) == "PATCH none p")
        #expect(try await answer("DELETE", nil) == "DELETE none ")
        #expect(try await answer("GET", nil) == "GET none ")
        let big = Data(repeating: UInt8(ascii: "x"), count: 100_000)
        let response = try await client.send(HTTPRequest(method: "POST", url: server.url("/m"), body: big))
        #expect(response.body.count == "POST none ".utf8.count + big.count)
        #expect(response.headers["x-expect"] == "none")
        let head = try await client.send(HTTPRequest(method: "HEAD", url: server.url("/m")))
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(server.server.connectionsAccepted == 1)
    }

    /// A server that refuses a large body from its headers alone answers and closes without reading
    /// it. Written into that connection, the body would meet a reset that can throw the answer away
    /// (a refused photo then looked like a lost connection and waited to go again). A body over
    /// `HTTPRequest.expectContinueBytes` asks first (`Expect: 100-continue`) and goes only on a 100.
    @Test func aLargeBodyRefusedFromItsHeadersIsAnsweredNotLost() async throws {
        let configuration = HTTPServerConfiguration(maxRequestBodyBytes: 1 << 20, payloadTooLarge: { request in
            .text("too large", headers: [(name: "X-Expect", value: request.headers["expect"] ?? "none")])
        })
        let server = try TestServer(configuration) { request in .text("got \(request.body.count)") }
        defer { server.stop() }
        let client = makeClient()
        let photo = Data(repeating: 0xAB, count: 5_000_001)
        for _ in 0..<20 {
            let response = try await client.send(HTTPRequest(method: "PUT", url: server.url("/photo"), body: photo))
            #expect(response.status == 413)
            #expect(response.headers["x-expect"] == "100-continue")
        }
        #expect(server.requestsHandled == 0)
        // A body at the limit still goes at once, without asking.
        let fits = try await client.send(HTTPRequest(method: "PUT", url: server.url("/photo"),
                                                     body: Data(count: HTTPRequest.expectContinueBytes)))
        #expect(String(decoding: fits.body, as: UTF8.self) == "got \(HTTPRequest.expectContinueBytes)")
    }
}

@Suite(.timeLimit(.minutes(5))) struct HTTPClientFailureTests {
    @Test func redirectIsRefusedAndNeverFollowed() async throws {
        let target = try okServer()
        defer { target.stop() }
        let redirecting = try TestServer { _ in
            .bytes(Data(), status: 302, headers: [(name: "Location", value: target.url("/elsewhere").absoluteString)])
        }
        defer { redirecting.stop() }
        let client = makeClient()
        await #expect(throws: HTTPClientError.redirectRefused(status: 302,
                                                             location: target.url("/elsewhere").absoluteString)) {
            _ = try await client.send(HTTPRequest(url: redirecting.url("/old")))
        }
        #expect(target.server.connectionsAccepted == 0)
        #expect(target.requestsHandled == 0)
        await expectWorks(client, target)
        #expect(target.requestsHandled == 1)
    }

    @Test func slowBodyPastTheLowSpeedLimitStalls() async throws {
        let server = try TestServer { request in
            request.path == "/after" ? .text("ok")
                : .stream(.repeating(Data(repeating: 1, count: 10), every: .milliseconds(200), count: 100))
        }
        defer { server.stop() }
        let client = makeClient(lowSpeedLimit: 1000, lowSpeedTime: .seconds(1))
        await #expect(throws: HTTPClientError.stalled) {
            _ = try await client.send(HTTPRequest(url: server.url("/slow")))
        }
        await expectWorks(client, server)
    }

    @Test func endlessBodyEndsAtTheCap() async throws {
        let server = try TestServer { request in
            request.path == "/after" ? .text("ok")
                : .stream(.repeating(Data(repeating: 2, count: 16 * 1024), every: .milliseconds(1)))
        }
        defer { server.stop() }
        let client = makeClient(maxBody: 64 * 1024)
        await #expect(throws: HTTPClientError.bodyTooLarge(limit: 64 * 1024)) {
            _ = try await client.send(HTTPRequest(url: server.url("/endless")))
        }
        await expectWorks(client, server)
    }

    @Test func gzipBombIsCappedOnDecodedBytes() async throws {
        let decodedSize = 8 << 20
        let bomb = try gzipOfZeros(count: decodedSize)
        #expect(bomb.count < 64 * 1024)
        let server = try TestServer { request in
            request.path == "/after" ? .text("ok")
                : .bytes(bomb, headers: [(name: "Content-Encoding", value: "gzip"),
                                         (name: "Content-Type", value: "application/octet-stream")])
        }
        defer { server.stop() }
        let capped = makeClient(maxBody: 1 << 20)
        await #expect(throws: HTTPClientError.bodyTooLarge(limit: 1 << 20)) {
            _ = try await capped.send(HTTPRequest(url: server.url("/bomb")))
        }
        await expectWorks(capped, server)

        // Under a larger cap the same answer decodes whole, and the wire count is the compressed size.
        let roomy = makeClient(maxBody: 16 << 20)
        let response = try await roomy.send(HTTPRequest(url: server.url("/bomb")))
        #expect(response.body.count == decodedSize)
        #expect(response.body.allSatisfy { $0 == 0 })
        #expect(response.wireBytes < bomb.count + 1024)
    }

    @Test func closedMidBodyIsConnectionLost() async throws {
        let server = try TestServer { request in
            request.path == "/after" ? .text("ok")
                : .closeMidBody(sent: Data(repeating: 3, count: 500), declaredLength: 5000)
        }
        defer { server.stop() }
        let client = makeClient()
        do {
            _ = try await client.send(HTTPRequest(url: server.url("/cut")))
            Issue.record("a cut answer cannot succeed")
        } catch {
            #expect(error == .connectionLost)
            #expect(error.mayHaveReachedServer)
        }
        await expectWorks(client, server)
    }

    @Test func droppedAnswerIsConnectionLost() async throws {
        let server = try TestServer { request in request.path == "/after" ? .text("ok") : .drop }
        defer { server.stop() }
        let client = makeClient()
        await #expect(throws: HTTPClientError.connectionLost) {
            _ = try await client.send(HTTPRequest(method: "POST", url: server.url("/apply"), body: Data("x".utf8)))
        }
        await expectWorks(client, server)
    }

    @Test func taskCancellationAbortsATransferInFlight() async throws {
        let started = Shared(0)
        let server = try TestServer { request in
            if request.path == "/after" { return .text("ok") }
            started.update { $0 += 1 }
            return .stream(.repeating(Data(repeating: 4, count: 200), every: .milliseconds(50)))
        }
        defer { server.stop() }
        let client = makeClient(totalTimeout: .seconds(30))
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow"))) }
        #expect(await eventually { started.value == 1 })
        task.cancel()
        let outcome = await task.result
        guard case .failure(let error) = outcome else {
            Issue.record("an endless body cannot complete")
            return
        }
        #expect(error as? HTTPClientError == .cancelled)
        await expectWorks(client, server)
    }

    @Test func tokenCancellationAbortsEveryRequestOfItsGroup() async throws {
        let started = Shared(0)
        let server = try TestServer { request in
            if request.path == "/after" { return .text("ok") }
            started.update { $0 += 1 }
            return .stream(.repeating(Data(repeating: 5, count: 200), every: .milliseconds(50)))
        }
        defer { server.stop() }
        let client = makeClient(totalTimeout: .seconds(30))
        let generation = HTTPCancellation()
        let first = Task { try await client.send(HTTPRequest(url: server.url("/a")), cancellation: generation) }
        let second = Task { try await client.send(HTTPRequest(url: server.url("/b")), cancellation: generation) }
        #expect(await eventually { started.value == 2 })
        generation.cancel()
        for task in [first, second] {
            let outcome = await task.result
            guard case .failure(let error) = outcome else {
                Issue.record("an endless body cannot complete")
                continue
            }
            #expect(error as? HTTPClientError == .cancelled)
        }
        // A request with an ended token never leaves.
        let handledBefore = server.requestsHandled
        await #expect(throws: HTTPClientError.cancelled) {
            _ = try await client.send(HTTPRequest(url: server.url("/c")), cancellation: generation)
        }
        #expect(server.requestsHandled == handledBefore)
        await expectWorks(client, server)
    }

    @Test func plainHTTPToAnOtherHostIsRefusedWithoutNetwork() async throws {
        let server = try okServer()
        defer { server.stop() }
        let client = makeClient()
        await #expect(throws: HTTPClientError.insecureScheme("http")) {
            _ = try await client.send(HTTPRequest(url: URL(string: "http://hotel.example.com/api/v1/instance")!))
        }
        await #expect(throws: HTTPClientError.insecureScheme("ftp")) {
            _ = try await client.send(HTTPRequest(url: URL(string: "ftp://127.0.0.1/file")!))
        }
        await #expect(throws: HTTPClientError.invalidURL) {
            _ = try await client.send(HTTPRequest(url: URL(string: "https://user:secret@hotel.example.com/")!))
        }
        #expect(client.connectionsOpened == 0)
        await expectWorks(client, server)
    }

    @Test(arguments: [
        ("https://hotel.example.com/", [String: String](), true),
        ("http://127.0.0.1:8080/x", [:], true),
        ("http://127.1.2.3/", [:], true),
        ("http://localhost:9/", [:], true),
        ("http://LOCALHOST/", [:], true),
        ("http://[::1]:8080/", [:], true),
        ("http://hotel.example.com/", [:], false),
        ("http://hotel.example.com/", ["GUESTCRAFT_ALLOW_HTTP": "1"], true),
        ("http://hotel.example.com/", ["GUESTCRAFT_ALLOW_HTTP": "yes"], false),
        ("http://127.0.0.1.evil.example/", [:], false),
        ("http://128.0.0.1/", [:], false),
        ("http://[::2]/", [:], false),
        ("http://localhost.evil.example/", [:], false),
        ("ftp://hotel.example.com/", ["GUESTCRAFT_ALLOW_HTTP": "1"], false),
        ("https:///no-host", [:], false),
        ("https://user:pw@hotel.example.com/", [:], false),
    ])
    func urlPolicy(url: String, environment: [String: String], allowed: Bool) throws {
        let parsed = try #require(URL(string: url))
        #expect(HTTPClient.isAllowed(parsed, environment: environment) == allowed)
    }

    @Test func headerWithALineBreakIsRefusedBeforeSending() async throws {
        let server = try okServer()
        defer { server.stop() }
        let client = makeClient()
        await #expect(throws: HTTPClientError.invalidHeader(name: "X-Note")) {
            _ = try await client.send(HTTPRequest(url: server.url("/x"), headers: ["X-Note": "a\r\nX-Injected: 1"]))
        }
        await #expect(throws: HTTPClientError.invalidHeader(name: "X-Bad?Name")) {
            _ = try await client.send(HTTPRequest(url: server.url("/x"), headers: ["X-Bad\nName": "v"]))
        }
        await #expect(throws: HTTPClientError.invalidHeader(name: ":method")) {
            _ = try await client.send(HTTPRequest(method: "GET /x HTTP/1.1\r\n", url: server.url("/x")))
        }
        #expect(server.server.connectionsAccepted == 0)
        #expect(server.requestsHandled == 0)
        await expectWorks(client, server)
        #expect(server.requestsHandled == 1)
    }

    @Test func closedPortIsCouldNotConnect() async throws {
        let gone = try okServer()
        let closedURL = gone.url("/x")
        gone.stop()
        let server = try okServer()
        defer { server.stop() }
        let client = makeClient()
        do {
            _ = try await client.send(HTTPRequest(url: closedURL))
            Issue.record("nothing listens there")
        } catch {
            #expect(error == .couldNotConnect)
            #expect(!error.mayHaveReachedServer)
        }
        await expectWorks(client, server)
    }

    @Test func unresolvableHostIsCouldNotResolve() async throws {
        // A 64-character label is refused by the resolver library itself: no query leaves the machine.
        let host = String(repeating: "a", count: 64) + ".invalid"
        let server = try okServer()
        defer { server.stop() }
        let client = makeClient()
        await #expect(throws: HTTPClientError.couldNotResolve) {
            _ = try await client.send(HTTPRequest(url: URL(string: "https://\(host)/")!))
        }
        await expectWorks(client, server)
    }

    @Test func totalTimeoutIsTimedOutAfterTheRequestWentOut() async throws {
        let server = try TestServer { request in
            request.path == "/after" ? .text("ok")
                : .stream(.repeating(Data(repeating: 6, count: 100), every: .milliseconds(50)))
        }
        defer { server.stop() }
        let client = makeClient(totalTimeout: .seconds(1), lowSpeedLimit: 0)
        do {
            _ = try await client.send(HTTPRequest(url: server.url("/long")))
            Issue.record("an endless body cannot complete")
        } catch {
            #expect(error == .timedOut(requestSent: true))
            #expect(error.mayHaveReachedServer)
        }
        await expectWorks(client, server)
    }

    @Test func badContentEncodingIsATransportError() async throws {
        let server = try TestServer { request in
            request.path == "/after" ? .text("ok")
                : .bytes(Data("this is not gzip at all".utf8), headers: [(name: "Content-Encoding", value: "gzip")])
        }
        defer { server.stop() }
        let client = makeClient()
        do {
            _ = try await client.send(HTTPRequest(url: server.url("/garbled")))
            Issue.record("garbled gzip cannot decode")
        } catch {
            guard case .transport(let code, let message) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(code == 61)
            #expect(!message.isEmpty)
        }
        await expectWorks(client, server)
    }

    @Test func mayHaveReachedServerSeparatesNoAnswerFromRefusal() {
        let never: [HTTPClientError] = [.invalidURL, .insecureScheme("http"), .invalidHeader(name: "x"),
                                        .couldNotResolve, .couldNotConnect, .tls("bad"), .timedOut(requestSent: false)]
        let maybe: [HTTPClientError] = [.redirectRefused(status: 302, location: nil), .timedOut(requestSent: true),
                                        .stalled, .bodyTooLarge(limit: 1), .cancelled, .connectionLost,
                                        .transport(code: 61, message: "x")]
        for error in never { #expect(!error.mayHaveReachedServer, "\(error)") }
        for error in maybe { #expect(error.mayHaveReachedServer, "\(error)") }
    }
}

@Suite(.timeLimit(.minutes(5))) struct HTTPClientTLSTests {
    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl to make a certificate"))
    func untrustedCertificateIsRefusedAndTheCABundleAddsTrust() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = directory.url.appendingPathComponent("key.pem")
        let certificate = directory.url.appendingPathComponent("cert.pem")
        try run("/usr/bin/openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                                     "-nodes", "-keyout", key.path, "-out", certificate.path, "-days", "2",
                                     "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        let tls = HTTPServerConfiguration.TLS(certificatePEM: try String(contentsOf: certificate, encoding: .utf8),
                                              privateKeyPEM: try String(contentsOf: key, encoding: .utf8))
        let secure = try TestServer(HTTPServerConfiguration(tls: tls)) { _ in .text("secret ok") }
        defer { secure.stop() }
        let plain = try okServer()
        defer { plain.stop() }

        let untrusting = makeClient()
        do {
            _ = try await untrusting.send(HTTPRequest(url: secure.url("/")))
            Issue.record("a self-signed certificate must not be trusted")
        } catch {
            guard case .certificate(.untrusted, "127.0.0.1", _) = error else {
                Issue.record("expected an untrusted certificate, got \(error)")
                return
            }
            #expect(!error.mayHaveReachedServer)
        }
        #expect(secure.requestsHandled == 0)
        await expectWorks(untrusting, plain)

        let trusting = makeClient(environment: ["GUESTCRAFT_CA_BUNDLE": certificate.path])
        for _ in 0..<3 {
            let response = try await trusting.send(HTTPRequest(url: secure.url("/")))
            #expect(String(decoding: response.body, as: UTF8.self) == "secret ok")
        }
        // One connection for the refused handshake, one kept alive for the three trusted requests.
        #expect(trusting.connectionsOpened == 1)
        #expect(secure.server.connectionsAccepted == 2)
    }
}

@Suite(.timeLimit(.minutes(5))) struct HTTPClientResendTests {
    /// A server that answers "ok" but drops every request to /drop, counting them.
    static func dropper() throws -> (TestServer, Shared<Int>) {
        let drops = Shared(0)
        let server = try TestServer { request in
            guard request.path == "/drop" else { return .text("ok") }
            drops.update { $0 += 1 }
            return .drop
        }
        return (server, drops)
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func aWriteWhoseAnswerIsLostIsNeverResent(method: String) async throws {
        let (server, drops) = try Self.dropper()
        defer { server.stop() }
        let client = makeClient()
        await expectWorks(client, server)
        // The write goes out on the kept-alive connection, which closes without an answer.
        await #expect(throws: HTTPClientError.connectionLost) {
            _ = try await client.send(HTTPRequest(method: method, url: server.url("/drop"), body: Data("x".utf8)))
        }
        #expect(drops.value == 1)
        await expectWorks(client, server)
    }

    @Test func aReadOnAClosedKeptAliveConnectionIsRetriedOnceByLibcurl() async throws {
        let (server, drops) = try Self.dropper()
        defer { server.stop() }
        let client = makeClient()
        await expectWorks(client, server)
        await #expect(throws: HTTPClientError.connectionLost) {
            _ = try await client.send(HTTPRequest(url: server.url("/drop")))
        }
        // Once on the reused connection, once more on a fresh one; never more.
        #expect(drops.value == 2)
        await expectWorks(client, server)
    }
}

@Suite(.timeLimit(.minutes(5))) struct HTTPClientEnvironmentTests {
    @Test func proxyComesFromTheInjectedEnvironmentOnly() async throws {
        // The "proxy" is our own loopback server; the origin's name cannot resolve, so if the proxy
        // were ignored the request would fail locally instead of leaving the machine.
        let origin = "http://" + String(repeating: "b", count: 64) + ".invalid/rooms?x=1"
        let seen = Shared<String?>(nil)
        let proxy = try TestServer { request in
            seen.update { $0 = request.path }
            return .text("via proxy")
        }
        defer { proxy.stop() }
        let proxied = makeClient(environment: ["GUESTCRAFT_ALLOW_HTTP": "1", "http_proxy": proxy.base])
        let response = try await proxied.send(HTTPRequest(url: URL(string: origin)!))
        #expect(String(decoding: response.body, as: UTF8.self) == "via proxy")
        #expect(seen.value?.hasPrefix("http://") == true)

        let direct = makeClient(environment: ["GUESTCRAFT_ALLOW_HTTP": "1"])
        await #expect(throws: HTTPClientError.couldNotResolve) {
            _ = try await direct.send(HTTPRequest(url: URL(string: origin)!))
        }
        // Loopback never goes through the proxy.
        let target = try okServer()
        defer { target.stop() }
        await expectWorks(proxied, target)
        #expect(proxy.requestsHandled == 1)
    }
}
