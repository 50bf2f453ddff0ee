import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import Outbox
import Testing
import TestSupport

/// A shared handheld (#31): the changes of the person who switched away keep being sent in the
/// background, for their own account (their partition, their token, their origin), while another
/// person is on screen; the person on screen never sees them. Real SQLite, the real live layer,
/// the real demo instance on 127.0.0.1.
@Suite(.serialized, .timeLimit(.minutes(5))) struct BackgroundSendTests {
    /// Hana (the housekeeper) and Fatima (the front desk) signed in on one device; Hana on screen
    /// first. Fatima's role cannot set a room's status: a change of Hana's sent with Fatima's
    /// token would be refused (403), never applied.
    struct TwoAccounts {
        let fixture: LiveFixture
        let hana: WorkContext
        let fatima: WorkContext

        init() async throws {
            fixture = try await LiveFixture(member: .housekeeper)
            hana = fixture.context
            let services = fixture.services
            let pairing = Pairing(connector: services.connector, credentials: services.credentials)
            let session = try await pairing.exchange(
                try await pairing.check(try fixture.demo.pairingURL(for: .frontdesk)), deviceName: "live clients tests")
            let instance = try #require(try services.credentials.instance(for: session.origin))
            let workspace = try #require(try await services.client(for: session).workspaces().value?.workspaces
                .first { $0.id == "wsp_demo" })
            let property = try #require(workspace.properties.first { $0.id == "prp_harbour" })
            let partition = WorkContext.partition(instance: instance, session: session, workspace: workspace.id)
            fatima = WorkContext(instance: instance, session: session, workspace: workspace, property: property,
                                 capabilities: instance.capabilities, partition: partition,
                                 generation: try services.offline.beginGeneration(partition))
        }

        /// A change of Hana's to a room, saved as if made while the instance could not be reached.
        func hanasChangeWaits() async throws -> (id: Int64, room: RoomUnit, status: HousekeepingStatus) {
            let list = try #require(await fixture.freshUnits()?.list)
            let room = try #require(LiveFixture.settable(list).first)
            let status = LiveFixture.other(than: room.housekeepingStatus)
            let change = RoomStatusChange(property: "prp_harbour", unit: room.id, number: room.number, status: status,
                                          expectedVersion: room.housekeepingVersion)
            let id = try #require(try fixture.services.offline.enqueue(
                operation: RoomStatusOperation.name, subject: RoomStatusOperation.subject(room.id),
                payload: try PayloadCoding.encode(change), partition: hana.partition, generation: hana.generation,
                now: Date()))
            return (id, room, status)
        }

        /// The app's switch from Hana to Fatima: Hana's context leaves (outbox let go, generation
        /// ended), Fatima's begins.
        func switchToFatima(_ outbox: OutboxClient) async throws {
            await outbox.deactivate()
            try fixture.services.offline.endGenerations(.generation(hana.generation))
            await outbox.activate(fatima)
        }

        func hanasCounts() throws -> OutboxCounts {
            try fixture.services.offline.outboxCounts(account: hana.partition.account)
        }
    }

    /// Polls `condition` until it holds (the demo's request count and the log announce nothing),
    /// with no bound of its own (#33: 10 s of wall time was one): false once the suite's time
    /// limit cancels the wait.
    static func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
        while !Task.isCancelled {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    @Test func theChangesOfThePersonWhoSwitchedAwayAreSentOnceWithTheirOwnToken() async throws {
        let accounts = try await TwoAccounts()
        let f = accounts.fixture
        let outbox = f.outbox
        let waiting = try await accounts.hanasChangeWaits()
        // A change of hers held for her decision (another room) stays held, never sent by itself.
        let list = try #require(await f.freshUnits()?.list)
        let other = try #require(LiveFixture.settable(list).last)
        let held = try #require(try f.services.offline.enqueue(
            operation: RoomStatusOperation.name, subject: RoomStatusOperation.subject(other.id),
            payload: try PayloadCoding.encode(RoomStatusChange(property: "prp_harbour", unit: other.id, number: other.number,
                                                               status: .clean, expectedVersion: 0)),
            partition: accounts.hana.partition, generation: accounts.hana.generation, now: Date()))
        _ = try f.services.offline.hold(held, partition: accounts.hana.partition, reason: .conflict, status: 409,
                                    code: nil, detail: nil, now: Date())
        #expect(try accounts.hanasCounts().toSend == 1)

        try await accounts.switchToFatima(outbox)
        // Fatima's list never shows Hana's change, before or after it is sent.
        let fatimasFirst = try await outbox.changes().get()
        #expect(!fatimasFirst.contains { $0.id == waiting.id }, "Hana's change in Fatima's list")

        let sent = try await Self.eventually { try accounts.hanasCounts().toSend == 0 }
        #expect(sent, "Hana's change was not sent while Fatima is on screen")
        let room = try #require(try await f.work.housekeeping.fetchUnitsFresh(waiting.room.number))
        #expect(room.housekeepingStatus == waiting.status, "applied as Hana's (Fatima's role would be refused)")
        #expect(room.housekeepingVersion == waiting.room.housekeepingVersion + 1)
        #expect(try await f.admin.stats().writesApplied["units.housekeeping"] == 1, "applied once")
        #expect(try await f.requests(.unitsHousekeeping) == 1, "sent once, with Hana's token")
        #expect(try f.services.offline.outboxCounts(accounts.fatima.partition) == .zero, "nothing of hers in Fatima's outbox")
        #expect(try f.services.offline.pendingEntries(accounts.hana.partition).map { [$0.id: $0.hold?.reason] }
                == [[held: .conflict]], "her held change waits for her decision")
        #expect(try await outbox.changes().get().isEmpty, "Fatima's list shows nothing of Hana's")
        // Another round for Fatima sends nothing of Hana's again.
        await outbox.sendNow()
        #expect(try await f.requests(.unitsHousekeeping) == 1)
        #expect(try !f.logHoldsToken())
    }

    @Test func aBackgroundAccountWhoseSessionEndedKeepsItsChangesAndIsNotSentAgain() async throws {
        let accounts = try await TwoAccounts()
        let f = accounts.fixture
        let outbox = f.outbox
        let waiting = try await accounts.hanasChangeWaits()
        // Hana's session ends at the instance while her change waits on the device.
        try await InstanceClient(session: accounts.hana.session).revokeOwnSession()

        try await accounts.switchToFatima(outbox)
        let tried = try await Self.eventually { try await f.requests(.unitsHousekeeping) == 1 }
        #expect(tried, "Hana's change was not tried in the background")
        let stopped = try await Self.eventually { try f.logText().contains("outbox: stopped sending in the background") }
        #expect(stopped, "the 401 is logged")
        #expect(try accounts.hanasCounts().toSend == 1, "a 401 in the background deletes nothing of Hana's")
        #expect(try f.services.offline.pendingEntries(accounts.hana.partition).map(\.id) == [waiting.id])
        #expect(try f.services.credentials.session(for: accounts.hana.instance.origin,
                                                   person: accounts.hana.session.user.id) != nil,
                "her account stays for her own decision when she is back")
        // Later rounds (a network change, Send now) do not try her change again.
        await outbox.sendNow()
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await f.requests(.unitsHousekeeping) == 1)
        #expect(try await outbox.changes().get().isEmpty, "nothing of Hana's in Fatima's list")
    }
}

extension HousekeepingEnvironment {
    /// One room as the instance has it now (a fresh list).
    func fetchUnitsFresh(_ number: String) async throws -> RoomUnit? {
        guard case .fresh(let list, _) = await fetchUnits() else { return nil }
        return list.units.first { $0.number == number }
    }
}
