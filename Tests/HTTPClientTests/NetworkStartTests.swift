import Foundation
@testable import HTTPClient
import Locking
import Testing

/// #18: while the app holds the network (its start, until the first frame), requests wait on no
/// thread and go when it is released, or when the longest hold has passed.
@Suite(.timeLimit(.minutes(5))) struct NetworkStartTests {
    @Test func aHeldRequestGoesWhenTheNetworkIsReleased() async throws {
        let server = try okServer()
        let start = NetworkStart()
        start.hold(atMost: .seconds(3600))  // an hour: released by the test, never by the time
        let client = HTTPClient(transport: HTTPTransport(), start: start)
        let request = Task { try await client.send(HTTPRequest(url: server.url("/held"))) }
        #expect(await eventually { start.waitingCount == 1 || server.requestsHandled > 0 })  // held (or, wrongly, gone)
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

    /// The release is the app's first frame's (on the UI thread): the requests that waited are
    /// submitted elsewhere — the first loads libcurl and its thirty libraries, about 7 ms in which
    /// the screen answered no key (#18).
    @Test func theWaitingRequestsAreSubmittedOffTheReleasingThread() {
        let start = NetworkStart()
        start.hold(atMost: .seconds(3600))  // an hour: released by the test, never by the time
        let submitted = DispatchSemaphore(value: 0)
        let submitter = Locked<pthread_t?>(nil)
        start.whenReleased {
            submitter.withLock { $0 = pthread_self() }
            submitted.signal()
        }
        let releaser = pthread_self()
        start.release()
        #expect(submitted.wait(timeout: .now() + 30) == .success)
        let thread = submitter.withLock { $0 }
        #expect(thread != nil)
        if let thread { #expect(pthread_equal(thread, releaser) == 0) }
    }

    /// What prepares a request (the fetch of a saved list reads its ETag: the whole saved list)
    /// waits for the release too, rather than take a core from the first frame (#18).
    @Test func workWaitingForTheReleaseGoesOnlyAfterIt() async throws {
        let start = NetworkStart()
        start.hold(atMost: .seconds(3600))  // an hour: released by the test, never by the time
        let done = Locked(false)
        let waiter = Task {
            await start.released()
            done.withLock { $0 = true }
        }
        #expect(await eventually { start.waitingCount == 1 || done.withLock { $0 } })  // held (or, wrongly, gone)
        #expect(done.withLock { $0 } == false)
        start.release()
        await waiter.value
        #expect(done.withLock { $0 })
        // Not held: no wait.
        await start.released()
    }
}
