import AppCore
import ClientModel
import Foundation
import GuestCraftAPI
import InstanceClient
import OfflineStore
import Synchronization

/// The files the app reads at start, damaged: each reader answers a value or says the file is
/// unreadable (the database is moved aside and replaced), and never crashes.
///
/// Input: one byte for the file (credentials, preferences, PINs, the offline database), then its bytes.
public enum FileChecks {
    /// A state directory of this process's own (removed at exit).
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("guestcraft-fuzz-files-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        atexit { try? FileManager.default.removeItem(at: FileChecks.directory) }
        return url
    }()

    static let calls = Atomic<Int>(0)

    public static func files(_ data: Data) -> [String] {
        var input = FuzzBytes(data)
        let kind = input.byte() % 4
        let contents = Data(input.rest())
        // A folder of each call's own: the replay tests run in parallel.
        let folder = directory.appendingPathComponent("\(calls.add(1, ordering: .relaxed).newValue)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        switch kind {
        case 0: return credentials(contents, in: folder)
        case 1: return preferences(contents)
        case 2: return pins(contents, in: folder)
        default: return database(contents, in: folder)
        }
    }

    static func write(_ contents: Data, named name: String, in directory: URL) -> URL {
        let url = directory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: contents, attributes: [.posixPermissions: 0o600])
        return url
    }

    static func credentials(_ contents: Data, in directory: URL) -> [String] {
        _ = write(contents, named: CredentialStore.fileName, in: directory)
        do {
            let store = try CredentialStore(directory: directory)
            let instances = try store.instances()
            let sessions = try store.sessions()
            // What was read is what a session is sent to: origins that read back as themselves.
            var problems: [String] = []
            for origin in instances.map(\.origin) + sessions.map(\.origin) where InstanceOrigin(string: origin.string) != origin {
                problems.append("credentials.json gave the origin \(origin), which does not read back")
            }
            return problems
        } catch .unreadable {
            return []
        } catch {
            return ["credentials.json damaged: \(error), not `unreadable`"]
        }
    }

    static func preferences(_ contents: Data) -> [String] {
        // PreferencesFile.load: PlainJSONDecoder, else JSONDecoder, else empty preferences (logged).
        // What the plain decoder reads, JSONDecoder must read the same (#18).
        let json = try? JSONDecoder().decode(AppPreferences.self, from: contents)
        if let plain = PlainJSONDecoder.decode(AppPreferences.self, from: contents), plain != json {
            return ["PlainJSONDecoder read preferences that JSONDecoder \(json == nil ? "refuses" : "reads otherwise")"]
        }
        guard let read = json else { return [] }
        guard let written = try? JSONEncoder().encode(read) else { return ["preferences read but not written back"] }
        let again = try? JSONDecoder().decode(AppPreferences.self, from: written)
        return again == read ? [] : ["preferences written back read otherwise"]
    }

    static func pins(_ contents: Data, in directory: URL) -> [String] {
        _ = write(contents, named: PINStore.fileName, in: directory)
        do {
            _ = try PINStore(directory: directory).accounts()
            return []
        } catch .unreadable {
            return []
        } catch {
            return ["pins damaged: \(error), not `unreadable`"]
        }
    }

    static func database(_ contents: Data, in databaseDirectory: URL) -> [String] {
        _ = FileManager.default.createFile(atPath: databaseDirectory.appendingPathComponent(OfflineStore.fileName).path,
                                           contents: contents, attributes: [.posixPermissions: 0o600])
        let now = Date(timeIntervalSince1970: 1_796_212_800)
        do {
            let store = try OfflineStore(directory: databaseDirectory, now: now)
            var problems: [String] = []
            if let damage = store.recoveredDamage, !FileManager.default.fileExists(atPath: damage.movedTo) {
                problems.append("the damaged database was not kept at \(damage.movedTo)")
            }
            if let damage = store.recoveredDamage, ErrorText.damagedOfflineFile(movedTo: damage.movedTo).isEmpty {
                problems.append("no sentence for a damaged database")
            }
            return problems
        } catch .newerSchema {
            return []   // a file of a newer app: refused with its sentence, kept as it is
        } catch {
            return ["a damaged offline database was neither opened nor moved aside: \(error)"]
        }
    }
}
