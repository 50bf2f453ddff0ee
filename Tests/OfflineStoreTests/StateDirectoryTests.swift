import Foundation
import Testing
@testable import OfflineStore
import TestSupport

@Suite struct StateDirectoryTests {
    @Test func guestcraftHomeWins() {
        let url = StateDirectory.resolve(environment: ["GUESTCRAFT_HOME": "/srv/gc", "XDG_STATE_HOME": "/x", "HOME": "/h"])
        #expect(url.path == "/srv/gc")
    }

    @Test func xdgStateHomeComesNext() {
        let url = StateDirectory.resolve(environment: ["GUESTCRAFT_HOME": "", "XDG_STATE_HOME": "/x", "HOME": "/h"])
        #expect(url.path == "/x/guestcraft")
    }

    @Test func emptyVariablesCountAsUnset() {
        let url = StateDirectory.resolve(environment: ["GUESTCRAFT_HOME": "", "XDG_STATE_HOME": "", "HOME": "/home/anna"])
        #expect(url.path == "/home/anna/.local/state/guestcraft")
        #expect(StateDirectory.resolve(environment: [:], home: "/home/ben").path == "/home/ben/.local/state/guestcraft")
    }

    @Test func storeOpensWhereTheEnvironmentSays() throws {
        let dir = try TemporaryDirectory()
        let home = dir.url.appendingPathComponent("gc-home").path
        let store = try OfflineStore(environment: ["GUESTCRAFT_HOME": home], now: t0)
        #expect(store.databaseURL.path == home + "/guestcraft.db")
        #expect(FileManager.default.fileExists(atPath: home + "/guestcraft.db"))
    }

    @Test func aFileWhereTheDirectoryGoesIsRefused() throws {
        let dir = try TemporaryDirectory()
        let blocker = dir.url.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: OfflineStoreError.notADirectory(path: blocker.path)) {
            _ = try OfflineStore(directory: blocker, now: t0)
        }
    }
}
