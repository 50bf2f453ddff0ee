import Foundation
import GuestCraftAPI
import Locking
import SodiumCrypto

/// The device's saved instances and device sessions, in `credentials.json` (0600) in the state
/// directory (0700). Each session keeps the origin that issued it; one session per person and
/// instance (several people of one instance are accounts of their own).
/// Every call reads the file again, so two processes (the app and `guestcraft send`) agree;
/// writes hold a lock file and replace the file atomically.
public final class CredentialStore: Sendable {
    public static let fileName = "credentials.json"
    static let lockName = "credentials.lock"

    /// The state directory (0700).
    public let directory: URL
    /// `credentials.json` (0600).
    public let fileURL: URL
    let lockURL: URL
    /// Serializes this process's callers; the lock file serializes processes.
    private let local = NSLock()
    /// How many times this store has written its file, in this process: a read made before is
    /// still current while this has not moved (the start's reads beside the opening, #18).
    public var writes: Int { writeCount.withLock { $0 } }
    private let writeCount = Locked(0)

    /// Opens the store in `directory`, creating it 0700 or tightening it if looser.
    public init(directory: URL) throws(CredentialStoreError) {
        self.directory = directory
        self.fileURL = directory.file(named: Self.fileName)
        self.lockURL = directory.file(named: Self.lockName)
        try PrivateFile.prepareDirectory(directory)
        try PrivateFile.tighten(fileURL.filePath, to: 0o600)
        try PrivateFile.tighten(lockURL.filePath, to: 0o600)
    }

    /// Opens the store in the state directory `environment` names (see `stateDirectory`).
    public convenience init(environment: [String: String]) throws(CredentialStoreError) {
        try self.init(directory: Self.stateDirectory(environment: environment))
    }

    /// `$GUESTCRAFT_HOME`, else `$XDG_STATE_HOME/guestcraft`, else `~/.local/state/guestcraft`;
    /// an empty variable counts as unset.
    public static func stateDirectory(environment: [String: String], home: String? = nil) -> URL {
        func value(_ name: String) -> String? {
            guard let v = environment[name], !v.isEmpty else { return nil }
            return v
        }
        if let explicit = value("GUESTCRAFT_HOME") { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let state = value("XDG_STATE_HOME") {
            return URL(fileURLWithPath: state, isDirectory: true).file(named: "guestcraft", isDirectory: true)
        }
        let base = home ?? value("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: base, isDirectory: true).file(named: ".local/state/guestcraft", isDirectory: true)
    }

    // MARK: Instances

    /// The saved instances and the device sessions, oldest first, from one read of the file (the
    /// start's list of instances needs both: two reads cost the start a second decode, and a pairing
    /// between them could be seen half).
    public func saved() throws(CredentialStoreError) -> (instances: [SavedInstance], sessions: [StoredSession]) {
        let contents = try load()
        return (contents.instances, contents.sessions)
    }

    /// The saved instances, oldest first.
    public func instances() throws(CredentialStoreError) -> [SavedInstance] {
        try load().instances
    }

    public func instance(for origin: InstanceOrigin) throws(CredentialStoreError) -> SavedInstance? {
        try load().instances.first { $0.origin == origin }
    }

    /// Saves a checked instance; saving an origin again keeps its key and session and updates
    /// its name and capabilities.
    @discardableResult
    public func saveInstance(_ instance: ConnectedInstance, now: Date = Date()) throws(CredentialStoreError) -> SavedInstance {
        try modify { (contents: inout Contents) -> SavedInstance in
            let instant = Instant(now)
            if let index = contents.instances.firstIndex(where: { $0.origin == instance.origin }) {
                contents.instances[index].name = instance.name
                contents.instances[index].capabilities = instance.capabilities
                contents.instances[index].checkedAt = instant
                return contents.instances[index]
            }
            let saved = SavedInstance(key: "ins_" + Hex.encode(SecureRandom.bytes(8)), origin: instance.origin,
                                      name: instance.name, capabilities: instance.capabilities,
                                      savedAt: instant, checkedAt: instant)
            contents.instances.append(saved)
            return saved
        }
    }

    /// Deletes an instance and its session from this device; nil when it was not saved.
    /// (Sign out there first: `signOut(_:)`.)
    @discardableResult
    public func removeInstance(_ origin: InstanceOrigin) throws(CredentialStoreError) -> SavedInstance? {
        try modify { (contents: inout Contents) -> SavedInstance? in
            contents.sessions.removeAll { $0.origin == origin }
            guard let index = contents.instances.firstIndex(where: { $0.origin == origin }) else { return nil }
            return contents.instances.remove(at: index)
        }
    }

    // MARK: Sessions

    public func sessions() throws(CredentialStoreError) -> [StoredSession] {
        try load().sessions
    }

    /// The first device session of that instance, if this device is signed in there.
    public func session(for origin: InstanceOrigin) throws(CredentialStoreError) -> StoredSession? {
        try load().sessions.first { $0.origin == origin }
    }

    /// Every device session of that instance, one per person, oldest first.
    public func sessions(for origin: InstanceOrigin) throws(CredentialStoreError) -> [StoredSession] {
        try load().sessions.filter { $0.origin == origin }
    }

    /// The device session of that person on that instance, if any.
    public func session(for origin: InstanceOrigin, person: UserID) throws(CredentialStoreError) -> StoredSession? {
        try load().sessions.first { $0.origin == origin && $0.user.id == person }
    }

    /// Keeps `session` as its person's session on its instance (replacing an older one of the same
    /// person there; other people's stay); the instance must be saved.
    public func saveSession(_ session: StoredSession) throws(CredentialStoreError) {
        try modify { (contents: inout Contents) throws(CredentialStoreError) in
            guard contents.instances.contains(where: { $0.origin == session.origin }) else {
                throw .instanceNotSaved(origin: session.origin.string)
            }
            contents.sessions.removeAll { $0.origin == session.origin && $0.user.id == session.user.id }
            contents.sessions.append(session)
        }
    }

    /// Keeps a session just made unless this device already has one for the same person there:
    /// answers that one (and keeps nothing) so the caller refuses the pairing or sign-in.
    public func addSession(_ session: StoredSession) throws(CredentialStoreError) -> StoredSession? {
        try modify { (contents: inout Contents) throws(CredentialStoreError) -> StoredSession? in
            guard contents.instances.contains(where: { $0.origin == session.origin }) else {
                throw .instanceNotSaved(origin: session.origin.string)
            }
            if let existing = contents.sessions.first(where: { $0.origin == session.origin && $0.user.id == session.user.id }) {
                return existing
            }
            contents.sessions.append(session)
            return nil
        }
    }

    /// Removes the session holding exactly `token` and answers it; a newer session of the same
    /// instance or person (another token) stays. Nil when no session holds it.
    @discardableResult
    public func forget(token: String) throws(CredentialStoreError) -> StoredSession? {
        try modify { (contents: inout Contents) -> StoredSession? in
            let wanted = Array(token.utf8)
            guard let index = contents.sessions.firstIndex(where: { ConstantTime.equal(Array($0.token.utf8), wanted) })
            else { return nil }
            return contents.sessions.remove(at: index)
        }
    }

    /// An `InstanceClient` 401 handler that forgets exactly the token that was refused.
    public var forgetOnUnauthorized: @Sendable (StoredSession) -> Void {
        { [self] session in _ = try? self.forget(token: session.token) }
    }

    // MARK: File

    struct Contents: Codable {
        var version = 1
        var instances: [SavedInstance] = []
        var sessions: [StoredSession] = []
    }

    func load() throws(CredentialStoreError) -> Contents {
        local.lock()
        defer { local.unlock() }
        return try read()
    }

    private func read() throws(CredentialStoreError) -> Contents {
        guard let data = try PrivateFile.read(fileURL) else { return Contents() }
        // Read before the first frame (#18): see PlainJSONDecoder; JSONDecoder reads the rest.
        if let contents = PlainJSONDecoder.decode(Contents.self, from: data) { return contents }
        do {
            return try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw .unreadable(path: fileURL.path, reason: "not a credentials file")
        }
    }

    /// Read, change, write, holding the in-process and the inter-process locks.
    private func modify<T>(_ change: (inout Contents) throws(CredentialStoreError) -> T) throws(CredentialStoreError) -> T {
        local.lock()
        defer { local.unlock() }
        return try PrivateFile.withLock(lockURL) { () throws(CredentialStoreError) -> T in
            var contents = try read()
            let result = try change(&contents)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let data: Data
            do {
                data = try encoder.encode(contents)
            } catch {
                throw .cannotWrite(path: fileURL.path, reason: "encoding failed")
            }
            writeCount.withLock { $0 += 1 }
            try PrivateFile.writeAtomically(data, to: fileURL)
            return result
        }
    }
}
