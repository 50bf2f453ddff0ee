import Foundation
import HTTPClient
import HTTPServer
import Testing
import TestSupport

/// The outbox's window sends several requests at once (#34): over HTTP/1.1 at most
/// `HTTPTransport.maxConnectionsPerHost` connections to one host, the others waiting in libcurl for
/// one of them; over HTTP/2 (ReverseProxyTests) they are streams of one connection.
@Suite(.timeLimit(.minutes(5))) struct ConnectionLimitTests {
    /// Holds every request until six are being answered at once, then lets them all go.
    final class Barrier: @unchecked Sendable {
        private let condition = NSCondition()
        private var inHandler = 0
        private var open = false
        private(set) var most = 0

        func pass(when count: Int) {
            condition.lock()
            inHandler += 1
            most = max(most, inHandler)
            if inHandler >= count { open = true }
            condition.broadcast()
            while !open { condition.wait() }
            inHandler -= 1
            condition.unlock()
        }

        var widest: Int { condition.withLock { most } }
    }

    @Test func twelveRequestsAtOnceOpenAtMostSixConnections() async throws {
        let limit = HTTPTransport.maxConnectionsPerHost
        #expect(limit == 6)
        let barrier = Barrier()
        let server = try TestServer(HTTPServerConfiguration(threading: .threadPerConnection(limit: 32))) { _ in
            barrier.pass(when: limit)
            return .text("ok")
        }
        defer { server.stop() }
        let client = makeClient()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<12 {
                group.addTask { try await client.send(HTTPRequest(method: "PUT", url: server.url("/n/\(index)"), body: Data("{}".utf8))).status }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.requestsHandled == 12)
        #expect(server.server.connectionsAccepted == limit, "each request beyond six waited for a connection")
        #expect(client.connectionsOpened == limit)
        #expect(barrier.widest == limit)
    }
}
