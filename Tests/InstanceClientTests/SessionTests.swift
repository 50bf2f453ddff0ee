import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing

/// Sign-out, 401 and removal against the demo: the stored token follows what the instance says.
@Suite struct SessionTests {
    @Test func signOutRevokesWithIfMatchThenDeletesTheToken() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        #expect(try await device.credentials.signOut(device.client) == .revoked)
        #expect(try device.credentials.session(for: demo.origin) == nil)
        #expect(try device.credentials.instance(for: demo.origin) != nil)
        // The token is over on the instance too.
        let again = InstanceClient(session: device.session, http: makeHTTP())
        #expect(await failure { try await again.workspaces() } == .unauthorized)
        #expect(try await demo.admin.stats().writesApplied["device_sessions.revoke"] == 1)
    }

    @Test func revokingWithAnotherETagIsRefusedAndChangesNothing() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        let error = await failure {
            try await device.client.revokeDeviceSession(device.session.sessionID, etag: ETag("2020-01-01T00:00:00Z"))
        }
        #expect(error?.status == 412)
        #expect(error?.problemCode == .deviceSessionVersionMismatch)
        #expect(try await device.client.workspaces().value != nil)
    }

    @Test func signOutWithoutAnAnswerStillDeletesTheToken() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        demo.stop()
        let outcome = try await device.credentials.signOut(device.client)
        #expect(outcome == .instanceNotTold(.noAnswer(.couldNotConnect)))
        #expect(try device.credentials.sessions().isEmpty)
    }

    @Test func a401ForgetsThatTokenAndNeverANewerOne() async throws {
        let demo = try Demo()
        let old = try await signIn(demo, as: "frontdesk", deviceName: "old terminal")
        // The same device signs in again (here: a second pairing saved in the same store).
        let newer = try await signIn(demo, as: "frontdesk", deviceName: "new terminal")
        try old.credentials.saveSession(newer.session)
        // The old session is revoked on the instance (from the newer one's Devices list).
        try await newer.client.revokeDeviceSession(old.session.sessionID, etag: old.session.etag)
        // A late request with the old token answers 401; only the old token could be forgotten.
        #expect(await failure { try await old.client.workspaces() } == .unauthorized)
        #expect(try old.credentials.session(for: demo.origin) == newer.session)
        // A 401 of the newer token forgets it.
        try await newer.client.revokeOwnSession()
        let stale = InstanceClient(session: newer.session, http: makeHTTP(),
                                   onUnauthorized: old.credentials.forgetOnUnauthorized)
        #expect(await failure { try await stale.units(property: "prp_harbour") } == .unauthorized)
        #expect(try old.credentials.session(for: demo.origin) == nil)
    }

    @Test func removingAnInstanceSignsOutThereAndDeletesIt() async throws {
        let demo = try Demo()
        let device = try await signIn(demo)
        #expect(try await device.credentials.removeInstance(demo.origin, http: makeHTTP()) == .revoked)
        #expect(try device.credentials.instances().isEmpty)
        #expect(try device.credentials.sessions().isEmpty)
        #expect(await failure { try await device.client.workspaces() } == .unauthorized)
        #expect(try await device.credentials.removeInstance(demo.origin, http: makeHTTP()) == nil)
    }
}
