import Foundation
import GuestCraftAPI
import HTTPClient
import HTTPServer
@testable import InstanceClient
import Testing

/// A write whose answer is lost on a reused connection is never sent again behind the caller's
/// back (libcurl retries a request on a reused connection that answered nothing): a pairing code
/// sent twice revokes the session its first use made, and a write without a key sent twice turns
/// "may have been applied" into a false conflict.
@Suite struct ResendTests {
    @Test(arguments: ["POST", "PUT", "DELETE"])
    func aWriteWhoseAnswerIsLostOnAReusedConnectionIsSentOnce(method: String) async throws {
        let writes = Shared(0)
        let server = try PlainServer { request in
            guard request.method == method else { return .text("ok") }
            let first = writes.update { count -> Bool in
                count += 1
                return count == 1
            }
            return first ? .drop : .text("second")
        }
        defer { server.stop() }
        let http = makeHTTP()
        // Open a connection first, so the write goes over a reused one.
        let warm = try await http.send(HTTPRequest(url: server.url("/warm")))
        #expect(warm.status == 200)
        let body: Data? = method == "DELETE" ? nil : Data("{}".utf8)
        await #expect(throws: HTTPClientError.connectionLost) {
            _ = try await http.send(HTTPRequest(method: method, url: server.url("/write"), body: body))
        }
        #expect(writes.value == 1, "the write was sent \(writes.value) times")
        let after = try await http.send(HTTPRequest(url: server.url("/after")))
        #expect(after.status == 200)
    }

    @Test func aReadWhoseAnswerIsLostOnAReusedConnectionMayBeRetried() async throws {
        let reads = Shared(0)
        let server = try PlainServer { request in
            guard request.path == "/read" else { return .text("ok") }
            return reads.update { count -> Bool in count += 1; return count == 1 } ? .drop : .text("fresh")
        }
        defer { server.stop() }
        let http = makeHTTP()
        _ = try await http.send(HTTPRequest(url: server.url("/warm")))
        // A GET is safe to repeat; whether libcurl repeats it or not, nothing is applied twice.
        if let response = try? await http.send(HTTPRequest(url: server.url("/read"))) {
            #expect(String(decoding: response.body, as: UTF8.self) == "fresh")
        }
    }
}
