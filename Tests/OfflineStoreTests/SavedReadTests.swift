import Foundation
import Locking
import Testing
@testable import OfflineStore
import TestSupport

@Suite struct SavedReadTests {
    /// The store's connection keeps a small page cache: saved reads are read once per opening,
    /// and the default 2 MiB cache kept Today's and the rooms' overflow pages resident.
    @Test func theConnectionsPageCacheIsSmall() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        #expect(try store.db.queryValue("PRAGMA cache_size")?.int == -OfflineStore.pageCacheKiB)
        #expect(try store.reader.queryValue("PRAGMA cache_size")?.int == -OfflineStore.readerPageCacheKiB)
        #expect(OfflineStore.pageCacheKiB <= 512)
        #expect(OfflineStore.readerPageCacheKiB <= 128)
    }

    /// The reading connection opens on its first use (#18): the store's opening (on the UI
    /// thread at the start) no longer parses the schema a second time for it; the first read —
    /// the read ahead's — does, and every read after shares it.
    @Test func theReadingConnectionOpensOnItsFirstUse() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        #expect(!store.readerIsOpen)
        let generation = try store.beginGeneration(desk)
        try store.saveRead("units", body: Data("{}".utf8), partition: desk, generation: generation, now: t0,
                           appVersion: "1.0")
        #expect(!store.readerIsOpen, "a write goes on the writing connection")
        #expect(try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body == Data("{}".utf8))
        #expect(store.readerIsOpen)
        #expect(try store.pendingEntries(desk).isEmpty)
    }

    /// The full screen's start reads through the writing connection while asked to (#18: the
    /// reading connection's schema parse and mapping wait for the first frame); once not asked,
    /// the next read opens the reading connection, and reads stay on it.
    @Test func readsGoThroughTheWritingConnectionWhileAsked() throws {
        let dir = try TemporaryDirectory()
        let onWriter = Locked(true)
        let store = try OfflineStore(directory: dir.url, now: t0, readsOnWriterWhile: { onWriter.withLock { $0 } })
        let generation = try store.beginGeneration(desk)
        try store.saveRead("units", body: Data("[1,2,3]".utf8), partition: desk, generation: generation, now: t0,
                           appVersion: "1.0")
        #expect(try store.newestSavedKey(among: ["units"], partition: desk, now: t0, appVersion: "1.0") == "units")
        #expect(try store.savedReadHead("units", partition: desk, now: t0, appVersion: "1.0", length: 2)?.body
            == Data("[1".utf8))
        #expect(try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body == Data("[1,2,3]".utf8))
        #expect(try store.pendingEntries(desk).isEmpty)
        #expect(!store.readerIsOpen, "every read went through the writing connection")
        onWriter.withLock { $0 = false }
        #expect(try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body == Data("[1,2,3]".utf8))
        #expect(store.readerIsOpen)
        onWriter.withLock { $0 = true }
        _ = try store.pendingEntries(desk)
        #expect(try store.reader !== store.db, "once open, the reading connection is kept")
    }

    /// Which of a work tab's opening lists was saved last (the start's read ahead, #18): only
    /// reads the partition's own, of this app version, within their 72 hours.
    @Test func theNewestSavedKeyIsTheLastSavedOfThoseAsked() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        func save(_ key: String, _ minutes: Double, version: String = "1.0") throws {
            try store.saveRead(key, body: Data("{}".utf8), partition: desk, generation: generation,
                               now: t0.addingTimeInterval(minutes * 60), appVersion: version)
        }
        try save("today", 1)
        try save("units", 3)
        try save("tasks", 2)
        try save("search", 4)
        try save("report", 5, version: "0.9")
        let now = t0.addingTimeInterval(600)
        #expect(try store.newestSavedKey(among: ["today", "units", "tasks"], partition: desk, now: now, appVersion: "1.0") == "units")
        #expect(try store.newestSavedKey(among: ["today", "tasks", "report"], partition: desk, now: now, appVersion: "1.0")
            == "tasks", "another version's, newer, is not shown")
        #expect(try store.newestSavedKey(among: ["today"], partition: desk, now: now, appVersion: "1.0") == "today")
        #expect(try store.newestSavedKey(among: ["tasks", "report"], partition: desk, now: now, appVersion: "0.9") == "report")
        #expect(try store.newestSavedKey(among: ["units"], partition: deskOtherWorkspace, now: now, appVersion: "1.0") == nil)
        #expect(try store.newestSavedKey(among: ["other"], partition: desk, now: now, appVersion: "1.0") == nil)
        #expect(try store.newestSavedKey(among: [], partition: desk, now: now, appVersion: "1.0") == nil)
        let later = t0.addingTimeInterval(OfflineStore.savedReadLifetime + 120)
        #expect(try store.newestSavedKey(among: ["today", "units", "tasks"], partition: desk, now: later, appVersion: "1.0")
            == "units", "the newest still within its 72 hours")
        #expect(try store.newestSavedKey(among: ["today", "tasks"], partition: desk, now: later, appVersion: "1.0") == nil,
                "older than 72 hours")
    }

    /// A saved read walks its body's pages once (#18). In the table without rowids, finding the row
    /// by its key compared whole records and the columns the read checks came after the body, so
    /// the room list's 440 KB were read from the file three times before the first frame (the page
    /// cache holds 256 KiB).
    @Test func aSavedReadReadsItsBodysPagesOnce() throws {
        let dir = try TemporaryDirectory()
        do {
            let store = try OfflineStore(directory: dir.url, now: t0)
            let generation = try store.beginGeneration(desk)
            let body = Data(repeating: UInt8(ascii: "r"), count: 400_000)
            try store.saveRead("units", body: body, partition: desk, generation: generation, now: t0, appVersion: "1.0")
            try store.checkpoint()
        }
        let store = try OfflineStore(directory: dir.url, now: t0)
        // The reader maps the file (#18): its pages then come from the map, not through the page
        // cache, and no read is counted. Unmapped, the walk is counted page by page.
        #expect(try store.reader.queryValue("PRAGMA mmap_size")?.int == OfflineStore.readerMapBytes)
        var before = try store.reader.cacheMisses
        #expect(try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body.count == 400_000)
        #expect(try store.reader.cacheMisses - before < 10, "a mapped read goes through the cache for a few pages at most")
        try store.reader.execute("PRAGMA mmap_size = 0")
        before = try store.reader.cacheMisses
        #expect(try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body.count == 400_000)
        let pages = 400_000 / 4096
        let read = try store.reader.cacheMisses - before
        #expect(read >= pages)
        #expect(read < pages + pages / 4)
    }

    /// A saved list's head is read without its body (#18): the ETag a conditional read sends is
    /// at the head, and reading 440 KB for it, after the first frame, raised the start's peak
    /// memory while libcurl loaded.
    @Test func aSavedReadsHeadIsReadWithoutItsBody() throws {
        let dir = try TemporaryDirectory()
        var body = Data(#"{"etag":"\"v1\"","value":"#.utf8)
        body.append(Data(repeating: UInt8(ascii: "r"), count: 400_000))
        do {
            let store = try OfflineStore(directory: dir.url, now: t0)
            let generation = try store.beginGeneration(desk)
            try store.saveRead("units", body: body, partition: desk, generation: generation, now: t0, appVersion: "1.0")
            try store.checkpoint()
        }
        let store = try OfflineStore(directory: dir.url, now: t0)
        let before = try store.reader.cacheMisses
        let head = try #require(try store.savedReadHead("units", partition: desk, now: t0, appVersion: "1.0", length: 100))
        #expect(head.body == body.prefix(100))
        #expect(head.savedAt == t0)
        #expect(try store.reader.cacheMisses - before < 10)
        #expect(try store.savedReadHead("units", partition: desk, now: t0, appVersion: "2.0", length: 100) == nil)
        #expect(try store.savedReadHead("other", partition: desk, now: t0, appVersion: "1.0", length: 100) == nil)
        let short = try #require(try store.savedReadHead("units", partition: desk, now: t0, appVersion: "1.0",
                                                          length: 10_000_000))
        #expect(short.body == body)
    }

    /// Saved reads have a connection of their own (#18): a read sees the last commit and never
    /// waits behind a write — at the start, the generation's row and its disk syncs held the first
    /// frame's read back.
    @Test func aSavedReadDoesNotWaitForAWriteInProgress() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        try store.saveRead("units", body: Data("old".utf8), partition: desk, generation: generation, now: t0, appVersion: "1.0")
        let duringWrite = try store.db.transaction {
            try store.db.run("UPDATE saved_reads SET body = x'6e6577'")
            return try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")
        }
        #expect(duringWrite?.body == Data("old".utf8))
        #expect(try store.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body == Data("new".utf8))
    }

    /// The app's exit empties the write-ahead log (#18): a process that did not close the file
    /// leaves the log behind, and the next opening reads all of it back (the room list's half a
    /// megabyte for every refresh saved) before its first frame.
    @Test func aCheckpointEmptiesTheLogAndKeepsEverySave() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        let body = Data(repeating: UInt8(ascii: "r"), count: 200_000)
        try store.saveRead("units", body: body, partition: desk, generation: generation, now: t0, appVersion: "1.0")
        let wal = dir.url.appendingPathComponent("guestcraft.db-wal").path
        func walSize() -> Int { (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? -1 }
        #expect(walSize() > 200_000)
        try store.checkpoint()
        #expect(walSize() == 0)
        let again = try OfflineStore(directory: dir.url, now: t0)
        #expect(try again.savedRead("units", partition: desk, now: t0, appVersion: "1.0")?.body == body)
    }

    @Test func aReadIsShownUntilSeventyTwoHoursOnly() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        #expect(try store.saveRead("today", body: Data("a".utf8), partition: desk, generation: generation,
                                   now: t0, appVersion: "1.0"))
        let fresh = try store.savedRead("today", partition: desk, now: t0.addingTimeInterval(71 * hour), appVersion: "1.0")
        #expect(fresh == SavedRead(body: Data("a".utf8), savedAt: t0))
        #expect(try store.savedRead("today", partition: desk, now: t0.addingTimeInterval(72 * hour), appVersion: "1.0") == nil)
        // Still in the file until the next opening or save, which delete it.
        #expect(try rawCount(store, "SELECT count(*) FROM saved_reads") == 1)
        _ = try OfflineStore(directory: dir.url, now: t0.addingTimeInterval(73 * hour))
        #expect(try rawCount(store, "SELECT count(*) FROM saved_reads") == 0)
    }

    @Test func aLaterSaveDeletesExpiredCopiesOfEveryPartition() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let g1 = try store.beginGeneration(colleague)
        let g2 = try store.beginGeneration(desk)
        try store.saveRead("old", body: Data("x".utf8), partition: colleague, generation: g1, now: t0, appVersion: "1.0")
        try store.saveRead("new", body: Data("y".utf8), partition: desk, generation: g2,
                           now: t0.addingTimeInterval(80 * hour), appVersion: "1.0")
        #expect(try rawCount(store, "SELECT count(*) FROM saved_reads WHERE key = 'old'") == 0)
        #expect(try rawCount(store, "SELECT count(*) FROM saved_reads WHERE key = 'new'") == 1)
    }

    @Test func anotherAppVersionDoesNotReadTheCopy() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        try store.saveRead("today", body: Data("a".utf8), partition: desk, generation: generation, now: t0, appVersion: "1.0")
        #expect(try store.savedRead("today", partition: desk, now: t0, appVersion: "1.1") == nil)
        #expect(try store.savedRead("today", partition: desk, now: t0, appVersion: "1.0") != nil)
        // Saving again replaces the copy, with the new version.
        try store.saveRead("today", body: Data("b".utf8), partition: desk, generation: generation,
                           now: t0.addingTimeInterval(hour), appVersion: "1.1")
        #expect(try store.savedRead("today", partition: desk, now: t0.addingTimeInterval(hour), appVersion: "1.1")?.body == Data("b".utf8))
        #expect(try store.savedRead("today", partition: desk, now: t0.addingTimeInterval(hour), appVersion: "1.0") == nil)
    }

    @Test func deleteReadRemovesOnlyThatCopy() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        try store.saveRead("reservation/1", body: Data("r".utf8), partition: desk, generation: generation, now: t0, appVersion: "1")
        try store.saveRead("today", body: Data("t".utf8), partition: desk, generation: generation, now: t0, appVersion: "1")
        try store.deleteRead("reservation/1", partition: desk)
        #expect(try store.savedRead("reservation/1", partition: desk, now: t0, appVersion: "1") == nil)
        #expect(try store.savedRead("today", partition: desk, now: t0, appVersion: "1") != nil)
    }

    @Test func partitionsNeverSeeEachOthersCopies() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let partitions = [desk, deskOtherWorkspace, colleague, otherInstance]
        for (n, p) in partitions.enumerated() {
            let g = try store.beginGeneration(p)
            try store.saveRead("today", body: Data([UInt8(n)]), partition: p, generation: g, now: t0, appVersion: "1")
        }
        for (n, p) in partitions.enumerated() {
            #expect(try store.savedRead("today", partition: p, now: t0, appVersion: "1")?.body == Data([UInt8(n)]))
        }
        try store.deleteRead("today", partition: desk)
        #expect(try store.savedRead("today", partition: desk, now: t0, appVersion: "1") == nil)
        #expect(try store.savedRead("today", partition: deskOtherWorkspace, now: t0, appVersion: "1") != nil)
    }
}
