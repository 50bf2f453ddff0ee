import Foundation
import Locking
import SodiumCrypto

/// The accounts' lock PINs as Argon2id hashes (libsodium `crypto_pwhash_str`, interactive
/// limits) in `pins` (0600) in the state directory (0700): one line per account, the account
/// (`<instance key>/<person id>`, the id percent-encoded) and its `$argon2id$…` string, nothing
/// else — never a PIN, never anything from the credentials. Writes hold `pins.lock` and replace the
/// file atomically; every call reads the file again (the app and another process agree).
public final class PINStore: Sendable {
    public static let fileName = "pins"
    static let lockName = "pins.lock"

    public let fileURL: URL
    let lockURL: URL
    private let local = NSLock()
    /// How many times this store has written its file, in this process: a read made before is
    /// still current while this has not moved (the start's reads beside the opening, #18).
    public var writes: Int { writeCount.withLock { $0 } }
    private let writeCount = Locked(0)

    /// Opens the store in `directory` (created 0700, or tightened).
    public init(directory: URL) throws(CredentialStoreError) {
        fileURL = directory.file(named: Self.fileName)
        lockURL = directory.file(named: Self.lockName)
        try PrivateFile.prepareDirectory(directory)
        try PrivateFile.tighten(fileURL.filePath, to: 0o600)
    }

    /// The accounts that have a PIN.
    public func accounts() throws(CredentialStoreError) -> Set<Account> {
        local.lock()
        defer { local.unlock() }
        return Set(try read().keys)
    }

    /// Hashes `pin` (Argon2id, a new salt) and keeps it as the account's, replacing any.
    public func set(_ pin: String, for account: Account) throws(CredentialStoreError) {
        let hash: String
        do {
            hash = try PINHash.hash(pin: pin)
        } catch {
            throw .cannotWrite(path: fileURL.path, reason: "hashing the PIN failed: \(error)")
        }
        try modify { $0[account] = hash }
    }

    /// Whether `pin` is the account's (false when it has none).
    public func verify(_ pin: String, for account: Account) throws(CredentialStoreError) -> Bool {
        let stored: String?
        do {
            local.lock()
            defer { local.unlock() }
            stored = try read()[account]
        }
        guard let stored else { return false }
        return PINHash.verify(pin: pin, against: stored)
    }

    /// Deletes the account's PIN.
    public func remove(_ account: Account) throws(CredentialStoreError) {
        try modify { $0[account] = nil }
    }

    /// Deletes the PINs of the accounts of every other instance and person (start-up clean-up
    /// after a sign-out or removal that was cut short).
    public func retain(_ accounts: Set<Account>) throws(CredentialStoreError) {
        try modify { pins in pins = pins.filter { accounts.contains($0.key) } }
    }

    // MARK: File

    static func line(_ account: Account, _ hash: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let person = account.personID.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return account.instanceKey + "/" + person + " " + hash
    }

    static func parse(_ line: Substring) -> (Account, String)? {
        let parts = line.split(separator: " ")
        guard parts.count == 2, parts[1].hasPrefix("$argon2id$") else { return nil }
        let key = parts[0].split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard key.count == 2, let person = String(key[1]).removingPercentEncoding, !key[0].isEmpty, !person.isEmpty
        else { return nil }
        return (Account(instanceKey: String(key[0]), personID: person), String(parts[1]))
    }

    private func read() throws(CredentialStoreError) -> [Account: String] {
        guard let data = try PrivateFile.read(fileURL) else { return [:] }
        var pins: [Account: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // A line this version cannot read is dropped at the next write, never shown.
            if let (account, hash) = Self.parse(line) { pins[account] = hash }
        }
        return pins
    }

    private func modify(_ change: (inout [Account: String]) -> Void) throws(CredentialStoreError) {
        local.lock()
        defer { local.unlock() }
        try PrivateFile.withLock(lockURL) { () throws(CredentialStoreError) in
            let before = try read()
            var pins = before
            change(&pins)
            // Unchanged (the start-up clean-up, every start): no write and no disk sync.
            guard pins != before else { return }
            writeCount.withLock { $0 += 1 }
            let text = pins.map { Self.line($0.key, $0.value) }.sorted().joined(separator: "\n")
            try PrivateFile.writeAtomically(Data((text.isEmpty ? "" : text + "\n").utf8), to: fileURL)
        }
    }
}
