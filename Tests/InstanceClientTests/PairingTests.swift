import DemoInstance
import Foundation
import GuestCraftAPI
@testable import InstanceClient
import Testing

/// Pairing links exchanged with the demo instance, and each way one is refused.
@Suite struct PairingTests {
    func pairing() throws -> (Pairing, CredentialStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let credentials = try CredentialStore(directory: directory.url)
        return (Pairing(connector: InstanceConnector(http: makeHTTP()), credentials: credentials), credentials, directory)
    }

    @Test func aLinkIsExchangedForAWorkingSessionOfThisDevice() async throws {
        let demo = try Demo()
        let (pairing, credentials, _) = try pairing()
        let link = try await demo.admin.issuePairing(member: "housekeeper").pairingURL
        let candidate = try await pairing.check(link)
        #expect(candidate.name == "Harbour View Demo")
        #expect(candidate.host == "127.0.0.1:\(demo.instance.port)")
        #expect(!"\(candidate)".contains(candidate.pairingCode))
        // Nothing was exchanged before the person confirmed.
        #expect(try await demo.requests(.deviceSessionsCreate) == 0)
        let session = try await pairing.exchange(candidate, deviceName: "  hk-handheld-07 terminal ")
        #expect(session.origin == demo.origin)
        #expect(CredentialPrefix.isDeviceToken(session.token))
        #expect(session.user.id == "usr_housekeeper")
        #expect(session.deviceName == "hk-handheld-07 terminal")
        #expect(try credentials.session(for: demo.origin) == session)
        #expect(try credentials.instance(for: demo.origin)?.name == "Harbour View Demo")
        let client = InstanceClient(session: session, http: makeHTTP())
        let sessions = try await client.deviceSessions()
        let mine = try #require(sessions.deviceSessions.first { $0.current })
        #expect(mine.id == session.sessionID && mine.name == "hk-handheld-07 terminal" && mine.etag == session.etag)
        let workspaces = try #require(try await client.workspaces().value)
        #expect(workspaces.user.id == "usr_housekeeper")
        #expect(workspaces.workspaces.first?.properties.map(\.id) == ["prp_harbour"])
    }

    @Test func aCodeUsedElsewhereIsRefusedAndNeverSentTwiceFromHere() async throws {
        let demo = try Demo()
        let link = try await demo.admin.issuePairing(member: "frontdesk").pairingURL
        let (first, _, _) = try pairing()
        let candidate = try await first.check(link)
        let session = try await first.exchange(candidate, deviceName: "first terminal")
        // This device never sends the code again: a second use would revoke the session it made.
        let attempts = try await demo.requests(.deviceSessionsCreate)
        await #expect(throws: PairingError.codeAlreadyUsed) {
            _ = try await first.exchange(candidate, deviceName: "first terminal")
        }
        #expect(try await demo.requests(.deviceSessionsCreate) == attempts)
        #expect(try await InstanceClient(session: session, http: makeHTTP()).workspaces().value != nil)

        // Another device with the same link is refused.
        let (second, secondCredentials, _) = try pairing()
        let again = try await second.check(link)
        await #expect(throws: PairingError.codeRefused) { _ = try await second.exchange(again, deviceName: "second terminal") }
        #expect(try secondCredentials.sessions().isEmpty)
        #expect(try secondCredentials.instances().isEmpty)
    }

    @Test func anExpiredCodeIsRefused() async throws {
        let clock = DemoClock(fixedAt: Instant(rfc3339: "2026-11-02T08:00:00Z")!)
        let demo = try Demo(DemoConfiguration(rooms: 8, clock: clock))
        let issued = try await demo.admin.issuePairing(member: "supervisor")
        #expect(issued.expiresIn == 120)
        let (pairing, credentials, _) = try pairing()
        let candidate = try await pairing.check(issued.pairingURL)
        clock.advance(seconds: 121)
        await #expect(throws: PairingError.codeRefused) { _ = try await pairing.exchange(candidate, deviceName: "late terminal") }
        #expect(try credentials.sessions().isEmpty)
    }

    @Test func aMalformedLinkNeverReachesTheInstance() async throws {
        let demo = try Demo()
        let link = try await demo.admin.issuePairing(member: "frontdesk").pairingURL
        let (pairing, _, _) = try pairing()
        let code = String(link[link.index(after: link.firstIndex(of: "#")!)...])
        let port = demo.instance.port
        for bad in ["http://127.0.0.1:\(port)/mobile/pair?next=x#\(code)",
                    "http://someone@127.0.0.1:\(port)/mobile/pair#\(code)",
                    "http://127.0.0.1:\(port)/mobile/pairing#\(code)",
                    "http://127.0.0.1:\(port)/mobile/pair#\(code.dropLast(2))",
                    "http://127.0.0.1:\(port)/mobile/pair",
                    "127.0.0.1:\(port)/mobile/pair#\(code)"] {
            await #expect(throws: PairingError.malformedLink, "\(bad)") { _ = try await pairing.check(bad) }
        }
        #expect(try await demo.requests(.instanceDiscovery) == 0)
        // The good link still works afterwards.
        _ = try await pairing.exchange(try await pairing.check(link), deviceName: "terminal")
    }

    @Test func anInstanceWithoutPairingIsRefusedBeforeTheCodeLeaves() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, capabilities: Capability.all.filter { $0 != .mobilePairing }))
        let link = try demo.instance.pairingURL(for: .frontdesk)
        let (pairing, _, _) = try pairing()
        await #expect(throws: PairingError.pairingNotOffered) { _ = try await pairing.check(link) }
        #expect(try await demo.requests(.deviceSessionsCreate) == 0)
    }

    @Test func anInstanceFailingConnectsChecksIsRefusedWithThatReason() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, minAppVersion: "3.0.0"))
        let link = try demo.instance.pairingURL(for: .frontdesk)
        let (pairing, _, _) = try pairing()
        await #expect(throws: PairingError.connect(.appTooOld(minimum: "3.0.0"))) { _ = try await pairing.check(link) }
    }

    @Test func anInstanceThisDeviceIsSignedInToIsRefused() async throws {
        let demo = try Demo()
        let (pairing, _, _) = try pairing()
        let first = try await demo.admin.issuePairing(member: "frontdesk").pairingURL
        _ = try await pairing.exchange(try await pairing.check(first), deviceName: "terminal")
        let second = try await demo.admin.issuePairing(member: "manager").pairingURL
        await #expect(throws: PairingError.alreadySignedIn) { _ = try await pairing.check(second) }
    }

    @Test func anInvalidDeviceNameKeepsTheCode() async throws {
        let demo = try Demo()
        let (pairing, _, _) = try pairing()
        let candidate = try await pairing.check(try await demo.admin.issuePairing(member: "frontdesk").pairingURL)
        await #expect(throws: PairingError.invalidDeviceName(.controlCharacter(scalar: 7))) {
            _ = try await pairing.exchange(candidate, deviceName: "desk\u{7}")
        }
        await #expect(throws: PairingError.invalidDeviceName(.empty)) { _ = try await pairing.exchange(candidate, deviceName: "  ") }
        #expect(try await demo.requests(.deviceSessionsCreate) == 0)
        let session = try await pairing.exchange(candidate, deviceName: "desk")
        #expect(session.deviceName == "desk")
    }
}
