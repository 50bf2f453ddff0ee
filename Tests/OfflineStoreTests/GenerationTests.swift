import Foundation
import Testing
@testable import OfflineStore
import TestSupport

@Suite struct GenerationTests {
    @Test func aSaveAfterItsGenerationEndedInsertsNothing() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        let ended = try store.endGenerations(.generation(generation))
        #expect(ended == [EndedGeneration(id: generation, partition: desk)])
        #expect(try !store.isLive(generation))
        #expect(try !store.saveRead("today", body: Data("x".utf8), partition: desk, generation: generation,
                                    now: t0, appVersion: "1"))
        #expect(try store.enqueue(operation: "op", subject: "s", payload: Data("p".utf8), partition: desk,
                                  generation: generation, now: t0) == nil)
        #expect(try store.enqueue([NewOutboxEntry(operation: "tickets.create", subject: "t", payload: Data()),
                                   NewOutboxEntry(operation: "photos.upload", subject: "t", payload: Data())],
                                  partition: desk, generation: generation, now: t0) == nil)
        #expect(try rawCount(store, "SELECT count(*) FROM saved_reads") == 0)
        #expect(try rawCount(store, "SELECT count(*) FROM outbox_entries") == 0)
    }

    @Test func aLateSaveOfAnOldGenerationStaysOutWhenTheSamePersonSignedInAgain() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let before = try store.beginGeneration(desk)
        try store.forgetAccount(desk.account)
        let after = try store.beginGeneration(desk)
        // The save that was already running when the person signed out lands now.
        #expect(try !store.saveRead("today", body: Data("old".utf8), partition: desk, generation: before, now: t0, appVersion: "1"))
        #expect(try store.enqueue(operation: "op", subject: "s", payload: Data("old".utf8), partition: desk,
                                  generation: before, now: t0) == nil)
        #expect(try rawCount(store, "SELECT count(*) FROM saved_reads") == 0)
        #expect(try rawCount(store, "SELECT count(*) FROM outbox_entries") == 0)
        // The new session's own saves work.
        #expect(try store.saveRead("today", body: Data("new".utf8), partition: desk, generation: after, now: t0, appVersion: "1"))
        #expect(try store.savedRead("today", partition: desk, now: t0, appVersion: "1")?.body == Data("new".utf8))
    }

    @Test func aRenewedReadIsDatedAnewWithItsBodyUntouchedAndOnlyInsideALiveGeneration() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        #expect(try store.saveRead("units", body: Data("rooms".utf8), partition: desk, generation: generation,
                                   now: t0, appVersion: "1"))
        let later = t0.addingTimeInterval(3600)
        #expect(try store.renewRead("units", partition: desk, generation: generation, now: later, appVersion: "1"))
        let renewed = try #require(try store.savedRead("units", partition: desk, now: later, appVersion: "1"))
        #expect(renewed.body == Data("rooms".utf8))
        #expect(renewed.savedAt == later)
        // No copy of that key, another app version, or an ended generation: nothing renewed.
        #expect(try !store.renewRead("tasks", partition: desk, generation: generation, now: later, appVersion: "1"))
        #expect(try !store.renewRead("units", partition: desk, generation: generation, now: later, appVersion: "2"))
        _ = try store.endGenerations(.generation(generation))
        #expect(try !store.renewRead("units", partition: desk, generation: generation,
                                     now: later.addingTimeInterval(60), appVersion: "1"))
        #expect(try store.savedRead("units", partition: desk, now: later.addingTimeInterval(60), appVersion: "1")?.savedAt == later)
    }

    @Test func aGenerationSavesOnlyIntoItsOwnPartition() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        #expect(try !store.saveRead("today", body: Data(), partition: colleague, generation: generation, now: t0, appVersion: "1"))
        #expect(try store.enqueue(operation: "op", subject: "s", payload: Data(), partition: deskOtherWorkspace,
                                  generation: generation, now: t0) == nil)
    }

    @Test func endingByScopeEndsExactlyThoseGenerationsAndTellsObservers() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let heard = Heard()
        store.onGenerationsEnded { heard.append($0) }
        let a = try store.beginGeneration(desk)
        let b = try store.beginGeneration(deskOtherWorkspace)
        let c = try store.beginGeneration(colleague)
        let d = try store.beginGeneration(otherInstance)
        #expect(try store.endGenerations(.partition(deskOtherWorkspace)).map(\.id) == [b])
        #expect(try Set(store.endGenerations(.instance("inst-1")).map(\.id)) == [a, c])
        #expect(try store.isLive(d))
        #expect(try store.endGenerations(.account(otherInstance.account)).map(\.id) == [d])
        #expect(try store.endGenerations(.account(otherInstance.account)).isEmpty)
        #expect(Set(heard.all.map(\.id)) == [a, b, c, d])
    }

    @Test func anOpeningEndsGenerationsOfProcessesThatAreGone() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let mine = try store.beginGeneration(desk)
        // A row left by a process that no longer runs (pid far above any pid_max).
        try store.db.run("INSERT INTO live_generations VALUES ('ghost', 'inst-1', 'p-anna', 'ws-1', 2147483000)")
        let again = try OfflineStore(directory: dir.url, now: t0)
        #expect(try again.isLive(mine), "this process's generation lives on")
        #expect(try !again.isLive(GenerationID(rawValue: "ghost")))
    }
}

/// Collects what an observer heard, from any thread.
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [EndedGeneration] = []
    func append(_ new: [EndedGeneration]) { lock.lock(); items += new; lock.unlock() }
    var all: [EndedGeneration] { lock.lock(); defer { lock.unlock() }; return items }
}

@Suite struct DeletionTests {
    /// Fills every table for four partitions (three accounts, two instances).
    private func filled() throws -> (TemporaryDirectory, OfflineStore) {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        for p in [desk, deskOtherWorkspace, colleague, otherInstance] {
            let g = try store.beginGeneration(p)
            try store.saveRead("today", body: Data("r".utf8), partition: p, generation: g, now: t0, appVersion: "1")
            _ = try store.enqueue(operation: "op", subject: "s", payload: Data("e".utf8), partition: p, generation: g, now: t0)
        }
        return (dir, store)
    }

    @Test func forgetAccountDeletesEveryWorkspaceOfThatAccountOnly() throws {
        let (dir, store) = try filled()
        _ = dir
        let forgotten = try store.forgetAccount(desk.account)
        #expect(forgotten.savedReads == 2)
        #expect(forgotten.outboxEntries == 2)
        #expect(Set(forgotten.endedGenerations.map(\.partition)) == [desk, deskOtherWorkspace])
        // Read back through a second connection: nothing of that account is left…
        #expect(try rowsOf(store, desk.account) == 0)
        // …and the others are whole (one read, one entry, one generation each).
        #expect(try rowsOf(store, colleague.account) == 3)
        #expect(try rowsOf(store, otherInstance.account) == 3)
    }

    @Test func forgetInstanceDeletesEveryAccountOfThatInstanceOnly() throws {
        let (dir, store) = try filled()
        _ = dir
        let forgotten = try store.forgetInstance("inst-1")
        #expect(forgotten.outboxEntries == 3)
        #expect(try rowsOf(store, desk.account) == 0)
        #expect(try rowsOf(store, colleague.account) == 0)
        #expect(try rowsOf(store, otherInstance.account) == 3)
    }

    @Test func retainAccountsDeletesAccountsWithoutASession() throws {
        let (dir, store) = try filled()
        _ = dir
        let forgotten = try store.retainAccounts([colleague.account, Account(instanceKey: "inst-9", personID: "nobody")])
        #expect(forgotten.savedReads == 3)
        #expect(try rowsOf(store, desk.account) == 0)
        #expect(try rowsOf(store, otherInstance.account) == 0)
        #expect(try rowsOf(store, colleague.account) == 3)
        // No session at all: everything goes.
        try store.retainAccounts([])
        #expect(try rawCount(store, "SELECT (SELECT count(*) FROM saved_reads) + (SELECT count(*) FROM outbox_entries) + (SELECT count(*) FROM live_generations)") == 0)
    }

    @Test func accountNamesAreMatchedExactlyNotAsPatterns() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let odd = Partition(instanceKey: "inst-%", personID: "p_'\"]", workspaceID: "w")
        let g = try store.beginGeneration(odd)
        try store.saveRead("k", body: Data(), partition: odd, generation: g, now: t0, appVersion: "1")
        let g2 = try store.beginGeneration(desk)
        try store.saveRead("k", body: Data(), partition: desk, generation: g2, now: t0, appVersion: "1")
        // The kept list reaches SQLite as JSON written by hand: a backslash, a line break and a
        // control character are escaped, not read as the end of the name.
        let odder = Partition(instanceKey: "inst-\\", personID: "p\\\"\n\u{1}é", workspaceID: "w")
        let g3 = try store.beginGeneration(odder)
        try store.saveRead("k", body: Data(), partition: odder, generation: g3, now: t0, appVersion: "1")
        try store.retainAccounts([odd.account, odder.account])
        #expect(try rowsOf(store, odd.account) == 2)
        #expect(try rowsOf(store, odder.account) == 2)
        #expect(try rowsOf(store, desk.account) == 0)
    }
}
