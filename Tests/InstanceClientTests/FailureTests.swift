import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing
import TestSupport

/// Each way a request can fail against the demo's faults ends in its own case, and the next
/// request on the same client still works.
@Suite struct FailureTests {
    let harbour = PropertyID("prp_harbour")

    /// The client still works: a read answers.
    func expectWorks(_ client: InstanceClient, sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            let units = try await client.units(property: harbour)
            #expect(units.value?.units.isEmpty == false, sourceLocation: sourceLocation)
        } catch {
            Issue.record("the next request failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aLostAnswerIsNoAnswerAndItsKeyReplaysTheFirstAnswer() async throws {
        let demo = try Demo()
        let device = try await signIn(demo, as: "housekeeper")
        let unit = try #require(try await device.client.units(property: harbour).value?.units.first { $0.number == "101" })
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .unitsHousekeeping, kind: .dropAfterApply, count: 1))
        let change = HousekeepingChange(status: unit.housekeepingStatus == .dirty ? .clean : .dirty,
                                        expectedHousekeepingVersion: unit.housekeepingVersion)
        let lost = await failure {
            try await device.client.setHousekeeping(property: harbour, unit: unit.id, change, idempotencyKey: "key-lost-1")
        }
        #expect(lost == .noAnswer(.connectionLost))
        #expect(lost?.mayHaveBeenApplied == true)
        #expect(try await demo.admin.stats().writesApplied["units.housekeeping"] == 1)
        // The same change with the same key answers the first answer instead of a conflict.
        let replayed = try await device.client.setHousekeeping(property: harbour, unit: unit.id, change,
                                                               idempotencyKey: "key-lost-1")
        #expect(replayed.housekeepingStatus == change.status)
        #expect(replayed.housekeepingVersion == unit.housekeepingVersion + 1)
        #expect(try await demo.admin.stats().writesApplied["units.housekeeping"] == 1)
        await expectWorks(device.client)
    }

    @Test func anAnswerCutMidBodyIsNoAnswer() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .closeMidBody, count: 1))
        #expect(await failure { try await device.client.units(property: harbour) } == .noAnswer(.connectionLost))
        await expectWorks(device.client)
    }

    @Test func a5xxIsAProblemWithItsStatus() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .serverError, count: 1))
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .todayGet, kind: .serverError, count: 1, status: 503))
        let error = await failure { try await device.client.units(property: harbour) }
        #expect(error?.status == 500)
        #expect(error?.problemCode == .internalError)
        #expect(error?.mayHaveBeenApplied == false)
        let unavailable = await failure { try await device.client.today(property: harbour) }
        #expect(unavailable?.status == 503)
        await expectWorks(device.client)
    }

    @Test func a429CarriesItsRetryAfter() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .rateLimit, count: 1, retryAfter: 4))
        let error = await failure { try await device.client.units(property: harbour) }
        #expect(error?.status == 429)
        #expect(error?.problemCode == .rateLimited)
        #expect(error?.retryAfter == .seconds(4))
        await expectWorks(device.client)
    }

    @Test func anAnswerSlowerThanTheLowSpeedLimitStalls() async throws {
        let demo = try Demo()
        let http = makeHTTP(totalTimeout: .seconds(20), lowSpeedLimit: 1000, lowSpeedTime: .seconds(1))
        let device = try await signIn(demo, http: http)
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .delay, count: 1, delayMS: 4000))
        #expect(await failure { try await device.client.units(property: harbour) } == .noAnswer(.stalled))
        await expectWorks(device.client)
    }

    @Test func aBodyOverTheCapIsAnInvalidResponse() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 200))
        let device = try await signIn(demo, http: makeHTTP(maxBody: 8 * 1024))
        let garden = PropertyID("prp_garden")
        let error = await failure { try await device.client.units(property: garden) }
        #expect(error == .invalidResponse(InvalidResponse(status: nil, what: "answer body over 8192 bytes")))
        await expectWorks(device.client)
    }

    @Test func aMalformedJSONAnswerIsAnInvalidResponse() async throws {
        let demo = try Demo()
        // A proxy publishing the demo under its own address cuts the units list in half.
        let published = Shared("")
        let demoOrigin = demo.origin.string
        let proxy = try ReverseProxy(target: demo.origin) { path, body in
            if path.hasSuffix("/units") { return body.prefix(body.count / 2) }
            return Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: demoOrigin, with: published.value).utf8)
        }
        defer { proxy.stop() }
        published.update { $0 = proxy.origin.string }
        let directory = try TemporaryDirectory()
        let pairing = Pairing(connector: InstanceConnector(http: makeHTTP()),
                              credentials: try CredentialStore(directory: directory.url))
        let link = try await demo.admin.issuePairing(member: "frontdesk").pairingURL
            .replacingOccurrences(of: demoOrigin, with: proxy.origin.string)
        let session = try await pairing.exchange(try await pairing.check(link), deviceName: "terminal")
        let client = InstanceClient(session: session, http: makeHTTP())
        let error = await failure { try await client.units(property: harbour) }
        #expect(error == .invalidResponse(InvalidResponse(status: 200, what: "not valid JSON")))
        #expect(try await client.today(property: harbour).value != nil)
    }

    @Test func aCancelledRequestIsNoAnswer() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .delay, count: 1, delayMS: 3000))
        let before = try await demo.requests(.unitsList)
        let cancellation = HTTPCancellation()
        let request = Task { await failure { try await device.client.units(property: harbour, cancellation: cancellation) } }
        // Cancel once the instance has the request.
        while try await demo.requests(.unitsList) == before { try await Task.sleep(for: .milliseconds(5)) }
        cancellation.cancel()
        #expect(await request.value == .noAnswer(.cancelled))
        // Cancelling the task does the same.
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .todayGet, kind: .delay, count: 1, delayMS: 3000))
        let todayBefore = try await demo.requests(.todayGet)
        let task = Task { await failure { try await device.client.today(property: harbour) } }
        while try await demo.requests(.todayGet) == todayBefore { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        #expect(await task.value == .noAnswer(.cancelled))
        await expectWorks(device.client)
    }
}
