import AppCore
import ClientModel
import Foundation
import InstanceClient
@testable import LiveClients
import Testing
import TestSupport

/// #18: the full screen's start reads the saved instances (with their unsent counts) and the
/// accounts with a PIN on a thread of its own while the opening goes on; the app's first ask of
/// each gets that read, every later ask reads the files again.
@Suite(.serialized, .timeLimit(.minutes(5))) struct StartReadTests {
    private func offered(_ services: LiveServices) async throws {
        try await waitUntil { services.start.instances.isOffered && services.start.pinAccounts.isOffered }
        #expect(services.start.instances.isOffered)
        #expect(services.start.pinAccounts.isOffered)
    }

    @Test func theFirstAskGetsWhatTheStartReadAndTheNextReadsAgain() async throws {
        let f = try await LiveFixture()
        let account = Account(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue)
        try f.services.pins.set("4821", for: account)
        let expected = InstancesClient.list(f.services.credentials, f.services.offline)
        let origin = f.context.instance.origin

        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": f.home.url.path], readAhead: true)
        try await offered(services)
        // Changed by another process after the start read them (stores of their own on the same
        // files): the first ask gets what the start read, as if it had asked first.
        _ = try CredentialStore(directory: f.home.url).removeInstance(origin)
        try PINStore(directory: f.home.url).remove(account)
        let instances = InstancesClient.live(services)
        let lock = LockClient.live(services.pins, log: services.log, firstAccounts: services.start.pinAccounts)

        let first = await instances.list()
        #expect(first == expected)
        #expect((try? first.get())?.map(\.instance.origin) == [origin])
        #expect(await lock.accountsWithPIN() == [account])

        let again = await instances.list()
        #expect((try? again.get())?.isEmpty == true, "read again: the instance was removed")
        #expect(await lock.accountsWithPIN().isEmpty, "read again: the PIN was removed")
    }

    /// The demo (`--demo`) pairs and saves its instance after the start read the credentials:
    /// a change through this process's own stores after the start read them is never hidden.
    @Test func aChangeThroughThisProcessAfterTheStartReadIsReadAgain() async throws {
        let f = try await LiveFixture()
        let account = Account(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue)
        let origin = f.context.instance.origin
        _ = try f.services.credentials.removeInstance(origin)

        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": f.home.url.path], readAhead: true)
        try await offered(services)
        _ = try services.credentials.saveInstance(try await services.connector.connect(origin: origin))
        try services.pins.set("4821", for: account)

        let first = await InstancesClient.live(services).list()
        #expect((try? first.get())?.map(\.instance.origin) == [origin], "the instance saved after the start read")
        let lock = LockClient.live(services.pins, log: services.log, firstAccounts: services.start.pinAccounts)
        #expect(await lock.accountsWithPIN() == [account], "the PIN set after the start read")
    }

    @Test func withoutTheFullScreenNothingIsReadAhead() async throws {
        let f = try await LiveFixture()
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": f.home.url.path])
        try await Task.sleep(for: .milliseconds(100))
        #expect(!services.start.instances.isOffered)
        #expect(!services.start.pinAccounts.isOffered)
        let list = await InstancesClient.live(services).list()
        #expect((try? list.get())?.map(\.instance.origin) == [f.context.instance.origin])
    }
}
