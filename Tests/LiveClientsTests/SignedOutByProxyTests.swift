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

/// #35, "Nothing lost behind a real proxy": a proxy in front of the real demo instance (on
/// 127.0.0.1) drops the `Authorization` header, as `proxy_set_header Authorization ""` does.
/// `guestcraft send` (what the timer runs) gets a 401 for a token that is still good: the
/// changes stay on the device, sealed to the person; another person of the same instance has
/// none of them; once the proxy passes the header and the same person pairs again, they are sent
/// once. Real SQLite, the real live layer, libcurl.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SignedOutByProxyTests {
    final class Setting: Sendable {
        let home: TemporaryDirectory
        let demo: DemoInstance
        let proxy: AuthorizationStrippingProxy
        let admin: DemoAdminClient
        let services: LiveServices

        init() throws {
            home = try TemporaryDirectory(prefix: "guestcraft-proxy-tests")
            demo = try DemoInstance.start(DemoConfiguration(rooms: 8, log: { _ in }))
            proxy = try AuthorizationStrippingProxy(upstream: demo.origin)
            admin = DemoAdminClient(origin: try #require(InstanceOrigin(string: demo.origin)), adminKey: demo.adminKey)
            services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])
        }

        deinit {
            proxy.stop()
            demo.stop()
        }

        /// Pairs `member` through the proxy, as the app's Pair screen does.
        func pair(_ member: DemoMember) async throws -> SignedIn {
            let link = try demo.pairingURL(for: member).replacingOccurrences(of: demo.origin, with: proxy.origin)
            let pairing = PairingClient.live(services)
            let offer = try await pairing.check(link).get()
            return try await pairing.exchange(offer, "proxy tests").get()
        }

        /// A change of a room's status saved in `signedIn`'s partition, as if made offline.
        func changeWaits(_ signedIn: SignedIn) async throws -> Partition {
            let direct = InstanceClient(session: DemoOutboxFixture.session(
                origin: try #require(InstanceOrigin(string: demo.origin)), token: try demo.deviceToken(for: .housekeeper)))
            let list = try #require(try await direct.units(property: harbour).value)
            let room = try #require(LiveFixture.settable(list).first)
            let change = RoomStatusChange(property: harbour, unit: room.id, number: room.number,
                                          status: LiveFixture.other(than: room.housekeepingStatus),
                                          expectedVersion: room.housekeepingVersion)
            let partition = WorkContext.partition(instance: signedIn.instance, session: signedIn.session, workspace: "wsp_demo")
            let generation = try services.offline.beginGeneration(partition)
            _ = try #require(try services.offline.enqueue(
                operation: RoomStatusOperation.name, subject: RoomStatusOperation.subject(room.id),
                payload: try PayloadCoding.encode(change), partition: partition, generation: generation, now: Date()))
            try services.offline.endGenerations(.generation(generation))
            return partition
        }

        func writes() async throws -> Int { try await admin.stats().writesApplied["units.housekeeping"] ?? 0 }
    }

    @Test func theTimersSendKeepsTheChangesOfA401AndTheSamePersonSendsThemOnceLater() async throws {
        let s = try Setting()
        let hana = try await s.pair(.housekeeper)
        let partition = try await s.changeWaits(hana)

        // The timer's run: the token never reaches the instance.
        #expect(await SendCommand.run(s.services) != 0, "the timer must not report success")
        #expect(s.proxy.stripped > 0)
        #expect(try s.services.offline.pendingEntries(partition).count == 1, "a 401 deletes no unsent change")
        #expect(try StatusCommand.signedInAccounts(s.services).isEmpty, "the session is forgotten")
        #expect(try await s.writes() == 0)

        // The IT person fixes the proxy. Another person of the same instance pairs: none of Hana's
        // changes are theirs to see or send.
        s.proxy.strips = false
        let fatima = try await s.pair(.frontdesk)
        #expect(fatima.instance.key == hana.instance.key, "the same instance on this device")
        let fatimas = Account(instanceKey: fatima.instance.key, personID: fatima.session.user.id.rawValue)
        #expect(try s.services.offline.outboxCounts(account: fatimas) == .zero)
        #expect(try s.services.offline.pendingEntries(
            WorkContext.partition(instance: fatima.instance, session: fatima.session, workspace: "wsp_demo")).isEmpty)
        _ = await SendCommand.run(s.services)
        #expect(try await s.writes() == 0, "Fatima's send carries nothing of Hana's")
        #expect(try s.services.offline.pendingEntries(partition).count == 1)

        // Hana pairs again: her change goes, once.
        let again = try await s.pair(.housekeeper)
        #expect(WorkContext.partition(instance: again.instance, session: again.session, workspace: "wsp_demo") == partition)
        #expect(await SendCommand.run(s.services) == 0)
        #expect(try await s.writes() == 1)
        #expect(try s.services.offline.pendingEntries(partition).isEmpty)
        _ = await SendCommand.run(s.services)
        #expect(try await s.writes() == 1, "sent once")
    }
}
