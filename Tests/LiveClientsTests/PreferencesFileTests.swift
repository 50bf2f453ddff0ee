import AppCore
import InstanceClient
import Foundation
import GuestCraftAPI
@testable import LiveClients
import Testing
import TestSupport

/// `preferences.json` is read before the first frame by `PlainJSONDecoder` (#18): what the app
/// writes stays in its subset and reads back as JSONDecoder reads it; a file outside it (a device
/// name with a quote, a lock wait's date) is still read, by JSONDecoder.
@Suite struct PreferencesFileTests {
    @Test func whatTheAppWritesReadsBackThroughThePlainDecoderAsThroughJSONDecoder() async throws {
        let fixture = try await LiveFixture(member: .frontdesk)
        let context = fixture.context
        let account = Account(instanceKey: context.instance.key, personID: context.session.user.id.rawValue)
        var preferences = AppPreferences(
            lastInstanceKey: context.instance.key, lastPersonID: account.personID, deviceName: "Desk 2 · Émeraude",
            choices: [WorkChoice(instanceKey: context.instance.key, personID: account.personID,
                                 workspace: context.workspace, property: context.property)],
            locks: [LockSetting(account: account, idle: .twoMinutes, attempts: LockAttempts(failures: 2))])
        let file = fixture.services.preferences
        file.save(preferences)
        let data = try Data(contentsOf: file.url)
        #expect(PlainJSONDecoder.decode(AppPreferences.self, from: data) == preferences, "the fast path is taken")
        #expect(try JSONDecoder().decode(AppPreferences.self, from: data) == preferences)
        #expect(file.load() == preferences)

        // Outside the plain subset: JSONDecoder reads it, the same way as before.
        preferences.deviceName = "the \"front\" desk"
        preferences.locks[0].attempts.waitUntil = Date(timeIntervalSinceReferenceDate: 786_451_200.5)
        file.save(preferences)
        #expect(PlainJSONDecoder.decode(AppPreferences.self, from: try Data(contentsOf: file.url)) == nil)
        #expect(file.load() == preferences)
    }
}
