import DemoInstance
import Foundation
import GuestCraftAPI
@testable import InstanceClient
import Testing
import TestSupport

/// Pairing links exchanged with the demo instance, and each way one is refused.
@Suite struct PairingTests {
    /// A pairing flow with its own credential store (the directory lives as long as the value).
    struct Device {
        let pairing: Pairing
        let credentials: CredentialStore
        let directory: TemporaryDirectory

        init() throws {
            directory = try TemporaryDirectory()
            credentials = try CredentialStore(directory: directory.url)
            pairing = Pairing(connector: InstanceConnector(http: makeHTTP()), credentials: credentials)
        }
    }

    @Test func aLinkIsExchangedForAWorkingSessionOfThisDevice() async throws {
        let demo = try Demo()
        let device = try Device()
        let link = try await demo.admin.issuePairing(member: "housekeeper").pairingURL
        let candidate = try await device.pairing.check(link)
        #expect(candidate.name == "Harbour View Demo")
        #expect(candidate.host == "127.0.0.1:\(demo.instance.port)")
        #expect(!"\(candidate)".contains(candidate.pairingCode))
        // Nothing was exchanged before the person confirmed.
        #expect(try await demo.requests(.deviceSessionsCreate) == 0)
        let session = try await device.pairing.exchange(candidate, deviceName: "  hk-handheld-07 terminal ")
        #expect(session.origin == demo.origin)
        #expect(CredentialPrefix.isDeviceToken(session.token))
        #expect(session.user.id == "usr_housekeeper")
        #expect(session.deviceName == "hk-handheld-07 terminal")
        #expect(try device.credentials.session(for: demo.origin) == session)
        #expect(try device.credentials.instance(for: demo.origin)?.name == "Harbour View Demo")
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
        let first = try Device()
        let candidate = try await first.pairing.check(link)
        let session = try await first.pairing.exchange(candidate, deviceName: "first terminal")
        // This device never sends the code again: a second use would revoke the session it made.
        let attempts = try await demo.requests(.deviceSessionsCreate)
        await #expect(throws: PairingError.codeAlreadyUsed) {
            _ = try await first.pairing.exchange(candidate, deviceName: "first terminal")
        }
        #expect(try await demo.requests(.deviceSessionsCreate) == attempts)
        #expect(try await InstanceClient(session: session, http: makeHTTP()).workspaces().value != nil)

        // Another device with the same link is refused.
        let second = try Device()
        let again = try await second.pairing.check(link)
        await #expect(throws: PairingError.codeRefused) { _ = try await second.pairing.exchange(again, deviceName: "second terminal") }
        #expect(try second.credentials.sessions().isEmpty)
        #expect(try second.credentials.instances().isEmpty)
    }

    @Test func aLostExchangeAnswerIsNeverRetriedWithTheSameCode() async throws {
        let demo = try Demo()
        let device = try Device()
        let candidate = try await device.pairing.check(try await demo.admin.issuePairing(member: "frontdesk").pairingURL)
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .deviceSessionsCreate, kind: .dropAfterApply, count: 1))
        // The instance made the session, but its answer was lost: the code is spent.
        await #expect(throws: PairingError.exchange(.noAnswer(.connectionLost))) {
            _ = try await device.pairing.exchange(candidate, deviceName: "terminal")
        }
        #expect(try await demo.requests(.deviceSessionsCreate) == 1)
        await #expect(throws: PairingError.codeAlreadyUsed) {
            _ = try await device.pairing.exchange(candidate, deviceName: "terminal")
        }
        // Sent once only, so the session the instance made was not revoked by a second use.
        #expect(try await demo.requests(.deviceSessionsCreate) == 1)
        #expect(try await demo.admin.stats().writesApplied["device_sessions.create"] == 1)
        #expect(try device.credentials.sessions().isEmpty)
    }

    @Test func anExpiredCodeIsRefused() async throws {
        let clock = DemoClock(fixedAt: Instant(rfc3339: "2026-11-02T08:00:00Z")!)
        let demo = try Demo(DemoConfiguration(rooms: 8, clock: clock))
        let issued = try await demo.admin.issuePairing(member: "supervisor")
        #expect(issued.expiresIn == 120)
        let device = try Device()
        let candidate = try await device.pairing.check(issued.pairingURL)
        clock.advance(seconds: 121)
        await #expect(throws: PairingError.codeRefused) { _ = try await device.pairing.exchange(candidate, deviceName: "late terminal") }
        #expect(try device.credentials.sessions().isEmpty)
    }

    @Test func aMalformedLinkNeverReachesTheInstance() async throws {
        let demo = try Demo()
        let link = try await demo.admin.issuePairing(member: "frontdesk").pairingURL
        let device = try Device()
        let code = String(link[link.index(after: link.firstIndex(of: "#")!)...])
        let port = demo.instance.port
        for bad in ["http://127.0.0.1:\(port)/mobile/pair?next=x#\(code)",
                    "http://someone@127.0.0.1:\(port)/mobile/pair#\(code)",
                    "http://127.0.0.1:\(port)/mobile/pairing#\(code)",
                    "http://127.0.0.1:\(port)/mobile/pair#\(code.dropLast(2))",
                    "http://127.0.0.1:\(port)/mobile/pair",
                    "127.0.0.1:\(port)/mobile/pair#\(code)"] {
            await #expect(throws: PairingError.malformedLink, "\(bad)") { _ = try await device.pairing.check(bad) }
        }
        #expect(try await demo.requests(.instanceDiscovery) == 0)
        // The good link still works afterwards.
        _ = try await device.pairing.exchange(try await device.pairing.check(link), deviceName: "terminal")
    }

    @Test func anInstanceWithoutPairingIsRefusedBeforeTheCodeLeaves() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, capabilities: Capability.all.filter { $0 != .mobilePairing }))
        let link = try demo.instance.pairingURL(for: .frontdesk)
        let device = try Device()
        await #expect(throws: PairingError.pairingNotOffered) { _ = try await device.pairing.check(link) }
        #expect(try await demo.requests(.deviceSessionsCreate) == 0)
    }

    @Test func anInstanceFailingConnectsChecksIsRefusedWithThatReason() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, minAppVersion: "3.0.0"))
        let link = try demo.instance.pairingURL(for: .frontdesk)
        let device = try Device()
        await #expect(throws: PairingError.connect(.appTooOld(minimum: "3.0.0"))) { _ = try await device.pairing.check(link) }
    }

    @Test func theSamePersonAgainIsRefusedAndAnotherPersonIsAdded() async throws {
        let demo = try Demo()
        let device = try Device()
        let first = try await demo.admin.issuePairing(member: "frontdesk").pairingURL
        let fatima = try await device.pairing.exchange(try await device.pairing.check(first), deviceName: "terminal")
        // Fatima again: the code is exchanged (only then is the person known), the new session revoked, nothing kept.
        let again = try await device.pairing.check(try await demo.admin.issuePairing(member: "frontdesk").pairingURL)
        await #expect(throws: PairingError.alreadySignedIn(person: "Fatima Okafor")) {
            _ = try await device.pairing.exchange(again, deviceName: "terminal")
        }
        #expect(try await demo.requests(.deviceSessionsRevoke) == 1)
        #expect(try device.credentials.sessions() == [fatima])
        // Another person of the same instance is an account of its own.
        let second = try await demo.admin.issuePairing(member: "housekeeper").pairingURL
        let hana = try await device.pairing.exchange(try await device.pairing.check(second), deviceName: "terminal")
        #expect(hana.user.name == "Hana Kowalski" && hana.sessionID != fatima.sessionID)
        #expect(try device.credentials.sessions(for: fatima.origin) == [fatima, hana])
        #expect(try device.credentials.session(for: fatima.origin, person: hana.user.id) == hana)
        // Each works with its own session.
        #expect(try await InstanceClient(session: fatima, http: makeHTTP()).workspaces().value != nil)
        #expect(try await InstanceClient(session: hana, http: makeHTTP()).workspaces().value != nil)
    }

    @Test func anInvalidDeviceNameKeepsTheCode() async throws {
        let demo = try Demo()
        let device = try Device()
        let candidate = try await device.pairing.check(try await demo.admin.issuePairing(member: "frontdesk").pairingURL)
        await #expect(throws: PairingError.invalidDeviceName(.controlCharacter(scalar: 7))) {
            _ = try await device.pairing.exchange(candidate, deviceName: "desk\u{7}")
        }
        await #expect(throws: PairingError.invalidDeviceName(.empty)) { _ = try await device.pairing.exchange(candidate, deviceName: "  ") }
        #expect(try await demo.requests(.deviceSessionsCreate) == 0)
        let session = try await device.pairing.exchange(candidate, deviceName: "desk")
        #expect(session.deviceName == "desk")
    }
}
