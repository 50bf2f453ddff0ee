import Foundation
import Testing
@testable import OfflineStore
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// Modes are checked under umask 022 (the usual one, which would give 0644 files and 0755 dirs).
@Suite(.serialized) struct PermissionTests {
    private func withUmask022<T>(_ body: () throws -> T) rethrows -> T {
        let previous = umask(0o022)
        defer { umask(previous) }
        return try body()
    }

    @Test func newDirectoryAndFilesArePrivateEvenAfterWrites() throws {
        let dir = try TemporaryDirectory()
        let stateDir = dir.url.appendingPathComponent("state/guestcraft")
        try withUmask022 {
            let store = try OfflineStore(directory: stateDir, now: t0)
            let generation = try store.beginGeneration(desk)
            #expect(try store.saveRead("today", body: Data("{}".utf8), partition: desk, generation: generation,
                                       now: t0, appVersion: "1.0"))
            #expect(try store.enqueue(operation: "units.housekeeping", subject: "unit:101", payload: Data("{}".utf8),
                                      partition: desk, generation: generation, now: t0) != nil)
            let db = store.databaseURL.path
            #expect(mode(stateDir.path) == 0o700)
            #expect(mode(db) == 0o600)
            // In WAL mode with the connection open, SQLite keeps -wal and -shm beside the file.
            #expect(FileManager.default.fileExists(atPath: db + "-wal"))
            #expect(FileManager.default.fileExists(atPath: db + "-shm"))
            #expect(mode(db + "-wal") == 0o600)
            #expect(mode(db + "-shm") == 0o600)
            #expect(try rawCount(store, "SELECT count(*) FROM outbox_entries") == 1)
        }
    }

    @Test func looserExistingFilesAreTightened() throws {
        let dir = try TemporaryDirectory()
        let stateDir = dir.url.appendingPathComponent("loose")
        let db = stateDir.appendingPathComponent("guestcraft.db").path
        try withUmask022 {
            do {
                let store = try OfflineStore(directory: stateDir, now: t0)
                _ = try store.beginGeneration(desk)
            }
            #expect(chmod(stateDir.path, 0o755) == 0)
            #expect(chmod(db, 0o644) == 0)
            // Leftover companions from another program, world-readable.
            for suffix in ["-wal", "-shm", "-journal"] where !FileManager.default.fileExists(atPath: db + suffix) {
                #expect(FileManager.default.createFile(atPath: db + suffix, contents: Data()))
            }
            for suffix in ["-wal", "-shm", "-journal"] { #expect(chmod(db + suffix, 0o666) == 0) }
            let store = try OfflineStore(directory: stateDir, now: t0)
            #expect(mode(stateDir.path) == 0o700)
            #expect(mode(db) == 0o600)
            for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: db + suffix) {
                #expect(mode(db + suffix) == 0o600, "\(suffix)")
            }
            #expect(try store.schemaVersion() == OfflineSchema.currentVersion)
        }
    }
}

@Suite struct SymlinkedStateTests {
    @Test func aStateDirectoryReachedThroughASymlinkWorks() throws {
        let dir = try TemporaryDirectory()
        let real = dir.url.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = dir.url.appendingPathComponent("home")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let store = try OfflineStore(directory: link.appendingPathComponent("guestcraft"), now: t0)
        _ = try store.beginGeneration(desk)
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("guestcraft/guestcraft.db").path))
    }

    @Test func aDatabaseFileThatIsASymlinkIsRefused() throws {
        let dir = try TemporaryDirectory()
        let target = dir.url.appendingPathComponent("elsewhere.db")
        #expect(FileManager.default.createFile(atPath: target.path, contents: Data(),
                                               attributes: [.posixPermissions: NSNumber(value: Int16(0o644))]))
        let state = dir.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: state.appendingPathComponent(OfflineStore.fileName),
                                                   withDestinationURL: target)
        #expect(throws: OfflineStoreError.self) { _ = try OfflineStore(directory: state, now: t0) }
        #expect(mode(target.path) == 0o644, "nothing was changed through the link")
    }
}
