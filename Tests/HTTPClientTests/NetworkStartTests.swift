import Foundation
import HTTPClient
import Testing

/// #18: while the app holds the network (its start, until the first frame), requests wait on no
/// thread and go when it is released, or when the longest hold has passed.
@Suite struct NetworkStartTests {
    @Test func aHeldRequestGoesWhenTheNetworkIsReleased() async throws {
        let server = try okServer()
        let start = NetworkStart()
        start.hold(atMost: .seconds(30))
        let client = HTTPClient(transport: HTTPTransport(), start: start)
        let request = Task { try await client.send(HTTPRequest(url: server.url("/held"))) }
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.requestsHandled == 0, "a held request left before the release")
        #expect(start.isHeld)
        start.release()
        let answer = try await request.value
        #expect(answer.status == 200)
        #expect(server.requestsHandled == 1)
        // Released, later requests go at once; a second release changes nothing.
        start.release()
        await expectWorks(client, server)
    }

    @Test func theHoldEndsByItselfAfterItsLongest() async throws {
        let server = try okServer()
        let start = NetworkStart()
        start.hold(atMost: .milliseconds(100))
        let client = HTTPClient(transport: HTTPTransport(), start: start)
        let answer = try await client.send(HTTPRequest(url: server.url("/late")))
        #expect(answer.status == 200)
        #expect(!start.isHeld)
    }
}
