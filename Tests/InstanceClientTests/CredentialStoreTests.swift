import Foundation
import GuestCraftAPI
@testable import InstanceClient
import Testing
import TestSupport

@Suite struct CredentialStoreTests {
    let origin = InstanceOrigin(string: "https://hotel.example.com")!
    let other = InstanceOrigin(string: "https://other.example.com")!

    func connected(_ origin: InstanceOrigin, name: String = "Harbour View Demo",
                   capabilities: [Capability] = Capability.all) -> ConnectedInstance {
        ConnectedInstance(origin: origin, discovery: discoveryDocument(origin: origin.string, capabilities: capabilities),
                          etag: nil)
            .renamed(name)
    }

    func token(_ byte: UInt8) -> String { CredentialPrefix.make(prefix: "gcd_", bytes: Array(repeating: byte, count: 32)) }

    /// Under umask 022 (the usual one: 0644 files, 0755 dirs), as the offline store's tests also set it.
    @Test func directoryIs0700AndFile0600UnderTheUsualUmask() throws {
        let temp = try TemporaryDirectory()
        let directory = temp.url.appendingPathComponent("state/guestcraft")
        let old = umask(0o022)
        defer { umask(old) }
        let store = try CredentialStore(directory: directory)
        try store.saveInstance(connected(origin))
        try store.saveSession(fakeSession(origin: origin, token: token(1)))
        #expect(mode(directory.path) == 0o700)
        #expect(mode(store.fileURL.path) == 0o600)
        #expect(mode(store.lockURL.path) == 0o600)
        // Nothing else is left beside it (the temp file was renamed).
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["credentials.json", "credentials.lock"])
    }

    @Test func looserModesAreTightened() throws {
        let temp = try TemporaryDirectory()
        let directory = temp.url.appendingPathComponent("guestcraft")
        let first = try CredentialStore(directory: directory)
        try first.saveInstance(connected(origin))
        chmod(directory.path, 0o755)
        chmod(first.fileURL.path, 0o644)
        let second = try CredentialStore(directory: directory)
        #expect(mode(directory.path) == 0o700)
        #expect(mode(second.fileURL.path) == 0o600)
        chmod(second.fileURL.path, 0o666)
        #expect(try second.instances().count == 1)
        #expect(mode(second.fileURL.path) == 0o600)
    }

    @Test func stateDirectoryFollowsTheEnvironment() {
        #expect(CredentialStore.stateDirectory(environment: ["GUESTCRAFT_HOME": "/g", "XDG_STATE_HOME": "/x"]).path == "/g")
        #expect(CredentialStore.stateDirectory(environment: ["GUESTCRAFT_HOME": "", "XDG_STATE_HOME": "/x"]).path
                == "/x/guestcraft")
        #expect(CredentialStore.stateDirectory(environment: ["HOME": "/home/p"]).path == "/home/p/.local/state/guestcraft")
        #expect(CredentialStore.stateDirectory(environment: ["XDG_STATE_HOME": ""], home: "/h").path
                == "/h/.local/state/guestcraft")
    }

    @Test func savingAnInstanceAgainKeepsItsKeyAndSession() throws {
        let temp = try TemporaryDirectory()
        let store = try CredentialStore(directory: temp.url)
        let saved = try store.saveInstance(connected(origin, name: "Old name"))
        #expect(saved.key.hasPrefix("ins_") && saved.key.count == 20)
        try store.saveSession(fakeSession(origin: origin, token: token(1)))
        let again = try store.saveInstance(connected(origin, name: "New name", capabilities: [.mobileSessions]))
        #expect(again.key == saved.key)
        #expect(again.name == "New name")
        #expect(again.capabilities == [.mobileSessions])
        #expect(try store.session(for: origin)?.token == token(1))
        let second = try store.saveInstance(connected(other))
        #expect(second.key != saved.key)
        #expect(try store.instances().map(\.origin) == [origin, other])
        let both = try store.saved()
        #expect(both.instances.map(\.key) == [saved.key, second.key], "one read gives both, in order")
        #expect(both.sessions.map(\.token) == [token(1)])
    }

    @Test func aSessionNeedsItsInstanceAndReplacesTheOlderOne() throws {
        let temp = try TemporaryDirectory()
        let store = try CredentialStore(directory: temp.url)
        #expect(throws: CredentialStoreError.instanceNotSaved(origin: origin.string)) {
            try store.saveSession(fakeSession(origin: origin, token: token(1)))
        }
        try store.saveInstance(connected(origin))
        try store.saveSession(fakeSession(origin: origin, token: token(1), id: "dvs_old"))
        try store.saveSession(fakeSession(origin: origin, token: token(2), id: "dvs_new"))
        #expect(try store.sessions().map(\.sessionID.rawValue) == ["dvs_new"])
    }

    @Test func forgetRemovesOnlyTheExactToken() throws {
        let temp = try TemporaryDirectory()
        let store = try CredentialStore(directory: temp.url)
        try store.saveInstance(connected(origin))
        try store.saveInstance(connected(other))
        try store.saveSession(fakeSession(origin: origin, token: token(1)))
        // A newer session of the same instance replaced token 1; a late 401 for token 1 changes nothing.
        try store.saveSession(fakeSession(origin: origin, token: token(2)))
        try store.saveSession(fakeSession(origin: other, token: token(3)))
        #expect(try store.forget(token: token(1)) == nil)
        #expect(try store.forget(token: String(token(2).dropLast())) == nil)
        #expect(try store.sessions().count == 2)
        #expect(try store.forget(token: token(2))?.origin == origin)
        #expect(try store.session(for: origin) == nil)
        #expect(try store.session(for: other)?.token == token(3))
        // The hook an InstanceClient calls on a 401 does the same.
        store.forgetOnUnauthorized(fakeSession(origin: other, token: token(3)))
        #expect(try store.sessions().isEmpty)
        #expect(try store.instances().count == 2)
    }

    @Test func removingAnInstanceDeletesItsSessionOnly() throws {
        let temp = try TemporaryDirectory()
        let store = try CredentialStore(directory: temp.url)
        try store.saveInstance(connected(origin))
        try store.saveInstance(connected(other))
        try store.saveSession(fakeSession(origin: origin, token: token(1)))
        try store.saveSession(fakeSession(origin: other, token: token(2)))
        #expect(try store.removeInstance(origin)?.origin == origin)
        #expect(try store.instances().map(\.origin) == [other])
        #expect(try store.sessions().map(\.origin) == [other])
        #expect(try store.removeInstance(origin) == nil)
    }

    @Test func twoStoresOnOneDirectorySeeEachOthersWrites() async throws {
        let temp = try TemporaryDirectory()
        let a = try CredentialStore(directory: temp.url)
        let b = try CredentialStore(directory: temp.url)
        try a.saveInstance(connected(origin))
        #expect(try b.instance(for: origin) != nil)
        // Concurrent writers on two stores lose nothing (the lock file serializes them).
        let origins = (0..<20).map { InstanceOrigin(string: "https://h\($0).example.com")! }
        await withTaskGroup(of: Void.self) { group in
            for (index, item) in origins.enumerated() {
                let store = index.isMultiple(of: 2) ? a : b
                let instance = connected(item)
                group.addTask { _ = try? store.saveInstance(instance) }
            }
        }
        #expect(try a.instances().count == 21)
    }

    @Test func aDamagedFileOrASymlinkIsRefused() throws {
        let temp = try TemporaryDirectory()
        let store = try CredentialStore(directory: temp.url)
        try Data("{not json".utf8).write(to: store.fileURL)
        #expect(throws: CredentialStoreError.unreadable(path: store.fileURL.path, reason: "not a credentials file")) {
            try store.instances()
        }
        try FileManager.default.removeItem(at: store.fileURL)
        let elsewhere = temp.url.appendingPathComponent("elsewhere.json")
        try Data("{}".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: store.fileURL, withDestinationURL: elsewhere)
        #expect(throws: CredentialStoreError.self) { try store.instances() }
        #expect(throws: CredentialStoreError.self) { try store.saveInstance(connected(origin)) }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsRefused() throws {
        let temp = try TemporaryDirectory()
        let path = temp.url.appendingPathComponent("file")
        try Data().write(to: path)
        #expect(throws: CredentialStoreError.notADirectory(path: path.path)) { try CredentialStore(directory: path) }
    }

    @Test func theTokenIsInTheFileButNeverInDescriptions() throws {
        let temp = try TemporaryDirectory()
        let store = try CredentialStore(directory: temp.url)
        try store.saveInstance(connected(origin))
        let session = fakeSession(origin: origin, token: token(5))
        try store.saveSession(session)
        let file = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(file.contains(token(5)))
        #expect(file.contains(origin.string))
        for text in ["\(session)", String(reflecting: session), String(describing: [session])] {
            #expect(!text.contains(token(5)), "\(text)")
        }
        var dumped = ""
        dump(session, to: &dumped)
        #expect(!dumped.contains(token(5)))
    }
}

extension ConnectedInstance {
    /// The same instance under another name (a name changed on the instance between two reads).
    func renamed(_ name: String) -> ConnectedInstance {
        var discovery = self.discovery
        discovery.name = name
        return ConnectedInstance(origin: origin, discovery: discovery, etag: etag)
    }
}
