import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing

/// Reads with a saved ETag, and connection reuse, counted by the demo.
@Suite struct ConditionalReadTests {
    let harbour = PropertyID("prp_harbour")

    @Test func aRepeatedReadWithItsETagAnswers304ForAFewHundredBytes() async throws {
        let demo = try Demo()
        let device = try await signIn(demo, as: "supervisor")
        let client = device.client
        let first = try await client.units(property: harbour)
        guard case .fresh(let fresh) = first, let etag = fresh.etag else {
            Issue.record("no fresh answer with an ETag: \(first)")
            return
        }
        let again = try await client.units(property: harbour, ifNoneMatch: etag)
        #expect(again == .notModified(etag: etag, wireBytes: again.wireBytes))
        #expect(again.wireBytes < 512, "a 304 cost \(again.wireBytes) bytes")
        #expect(again.wireBytes < fresh.wireBytes)
        // A change on the instance makes the same read fresh again, with another ETag.
        _ = try await demo.admin.setUnitHousekeeping(number: "102", status: .inspected, property: harbour)
        let changed = try await client.units(property: harbour, ifNoneMatch: etag)
        #expect(!changed.isNotModified)
        #expect(changed.etag != etag)
        #expect(changed.value?.units.first { $0.number == "102" }?.housekeepingStatus == .inspected)

        // Versioned reads: a task's and a reservation's ETag is their version.
        let task = try #require(try await client.task(property: harbour, id: "tsk_0001").value)
        #expect(try await client.task(property: harbour, id: "tsk_0001", ifNoneMatch: task.etag).isNotModified)
        let reservation = try await client.reservation(property: harbour, id: "rsv_0001")
        #expect(reservation.etag == reservation.value.map(\.etag))
        #expect(try await client.reservation(property: harbour, id: "rsv_0001", ifNoneMatch: reservation.etag).isNotModified)
        // Every conditional read of the contract answers 304 to its own ETag.
        let workspaces = try await client.workspaces()
        #expect(try await client.workspaces(ifNoneMatch: workspaces.etag).isNotModified)
        let today = try await client.today(property: harbour)
        #expect(try await client.today(property: harbour, ifNoneMatch: today.etag).isNotModified)
        let instance = try await client.instance()
        #expect(try await client.instance(ifNoneMatch: instance.etag).isNotModified)
    }

    @Test func twentyRequestsInARowOpenOneConnection() async throws {
        let demo = try Demo()
        let device = try await signIn(demo, as: "frontdesk")
        // A client of its own transport, built from the stored session alone.
        let http = makeHTTP()
        let client = InstanceClient(session: device.session, http: http)
        let before = try await demo.admin.stats()
        for index in 0..<20 {
            switch index % 4 {
            case 0: _ = try await client.units(property: harbour)
            case 1: _ = try await client.today(property: harbour)
            case 2: _ = try await client.workspaces()
            default: _ = try await client.tasks(property: harbour, assignedToMe: false)
            }
        }
        let after = try await demo.admin.stats()
        // The admin client keeps its own connection; the twenty requests went over one new one.
        #expect(after.connectionsAccepted - before.connectionsAccepted == 1)
        #expect(http.connectionsOpened == 1)
        let counted = ["units.list", "today.get", "workspaces.list", "tasks.list"].reduce(0) {
            $0 + (after.requests[$1] ?? 0) - (before.requests[$1] ?? 0)
        }
        #expect(counted == 20)
    }
}
