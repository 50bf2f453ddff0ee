import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing
import TestSupport

/// What bounds the outbox's window (#34): over HTTP/1.1 a connection carries one request, so no
/// more go at once than libcurl opens connections to one host; over HTTP/2 they are streams of one
/// connection, bounded by the window alone.
@Suite(.timeLimit(.minutes(2))) struct RequestsAtOnceTests {
    let harbour = PropertyID("prp_harbour")

    @Test func plainHTTPCarriesOneRequestPerConnectionBeforeAndAfterItsFirstAnswer() async throws {
        let demo = try Demo()
        let device = try await signIn(demo, as: "housekeeper")
        #expect(device.client.requestsAtOnce == HTTPTransport.maxConnectionsPerHost)
        _ = try await device.client.units(property: harbour)
        #expect(device.client.requestsAtOnce == HTTPTransport.maxConnectionsPerHost)
    }

    /// Before an https origin answers, libcurl asks for HTTP/2: the whole window may go (libcurl
    /// queues what its six connections cannot carry if the answer says HTTP/1.1); after the answer
    /// the connection it named decides.
    @Test func httpsIsTakenForHTTP2UntilItsAnswerSaysOtherwise() throws {
        let origin = try #require(InstanceOrigin(string: "https://pms.example"))
        let session = StoredSession(origin: origin, token: "gct_test", sessionID: DeviceSessionID("dse_1"),
                                    createdAt: Instant(millisecondsSinceEpoch: 0),
                                    user: User(id: UserID("usr_1"), name: "Ana", email: "ana@example.com"),
                                    deviceName: "test")
        let client = InstanceClient(session: session, http: makeHTTP())
        #expect(client.requestsAtOnce == nil)
        client.wire.connection.record("HTTP/1.1")
        #expect(client.requestsAtOnce == HTTPTransport.maxConnectionsPerHost)
        client.wire.connection.record("HTTP/2")
        #expect(client.requestsAtOnce == nil)
    }

    /// The demo behind Debian's nginx with TLS: the answer comes over HTTP/2 and the client says its
    /// connection carries the whole window.
    @Test(.enabled(if: NginxProxy.binary != nil, "nginx not installed (apt-get install nginx-light)"))
    func throughNginxTheAnswerSaysHTTP2() async throws {
        let demo = try Demo()
        let device = try await signIn(demo, as: "housekeeper")
        let proxy = try NginxProxy()
        try proxy.configure(upstream: Int(demo.instance.port))
        try await proxy.start()
        defer { proxy.stop(now: true) }
        let through = try #require(InstanceOrigin(string: proxy.origin))
        let session = device.session
        let proxied = StoredSession(origin: through, token: session.token, sessionID: session.sessionID,
                                    createdAt: session.createdAt, user: session.user, deviceName: session.deviceName)
        let client = InstanceClient(session: proxied, http: makeHTTP(environment: ["GUESTCRAFT_CA_BUNDLE": proxy.caBundle]))
        _ = try await client.units(property: harbour)
        #expect(client.requestsAtOnce == nil)
        #expect(proxy.accessLogLines.contains { $0.hasPrefix("GET /api/v1/properties/prp_harbour/units HTTP/2.0 200 ") })
    }
}
