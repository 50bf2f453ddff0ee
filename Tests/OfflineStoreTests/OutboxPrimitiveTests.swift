import Foundation
import Testing
@testable import OfflineStore
import TestSupport

@Suite struct OutboxPrimitiveTests {
    private func open() throws -> (TemporaryDirectory, OfflineStore, GenerationID) {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        return (dir, store, try store.beginGeneration(desk))
    }

    @Test func entriesComeBackInSubmissionOrderWithTheirKeys() throws {
        let (dir, store, g) = try open()
        _ = dir
        var ids: [Int64] = []
        for n in 0..<5 {
            ids.append(try #require(try store.enqueue(operation: "units.housekeeping", subject: "unit:\(n % 2)",
                                                      payload: Data("\(n)".utf8), partition: desk, generation: g,
                                                      now: t0.addingTimeInterval(Double(n)))))
        }
        let entries = try store.pendingEntries(desk)
        #expect(entries.map(\.id) == ids)
        #expect(entries.map(\.subject) == ["unit:0", "unit:1", "unit:0", "unit:1", "unit:0"])
        #expect(Set(entries.map(\.idempotencyKey)).count == 5)
        #expect(entries.allSatisfy { $0.idempotencyKey.count == 22 })
        #expect(entries[2].createdAt == t0.addingTimeInterval(2))
        #expect(try store.outboxCounts(desk) == OutboxCounts(toSend: 5, toReview: 0, outcomeUnknown: 0))
    }

    @Test func aBatchIsSavedWhole() throws {
        let (dir, store, g) = try open()
        _ = dir
        let ids = try #require(try store.enqueue([
            NewOutboxEntry(operation: "tickets.create", subject: "ticket:mtk_1", payload: Data("r".utf8)),
            NewOutboxEntry(operation: "photos.upload", subject: "ticket:mtk_1", payload: Data("p1".utf8)),
            NewOutboxEntry(operation: "photos.upload", subject: "ticket:mtk_1", payload: Data("p2".utf8)),
        ], partition: desk, generation: g, now: t0))
        #expect(ids.count == 3)
        #expect(try store.pendingEntries(desk).map(\.operation) == ["tickets.create", "photos.upload", "photos.upload"])
        // A duplicate key fails the whole batch; nothing of it stays.
        let entries = try store.pendingEntries(desk)
        #expect(throws: OfflineStoreError.self) {
            _ = try store.enqueue([
                NewOutboxEntry(operation: "tickets.create", subject: "ticket:mtk_2", payload: Data()),
                NewOutboxEntry(operation: "photos.upload", subject: "ticket:mtk_2", payload: Data(),
                               idempotencyKey: entries[0].idempotencyKey),
            ], partition: desk, generation: g, now: t0)
        }
        #expect(try store.pendingEntries(desk).count == 3)
    }

    @Test func attemptHoldUnknownAndDiscardAreRecorded() throws {
        let (dir, store, g) = try open()
        _ = dir
        let a = try #require(try store.enqueue(operation: "op", subject: "s", payload: Data(), partition: desk, generation: g, now: t0))
        let b = try #require(try store.enqueue(operation: "op", subject: "t", payload: Data(), partition: desk, generation: g, now: t0))
        #expect(try store.markAttempted(a, partition: desk, now: t0.addingTimeInterval(5)))
        #expect(try store.markOutcomeUnknown(a, partition: desk, true))
        var entry = try #require(try store.entry(a, partition: desk))
        #expect(entry.attempts == 1 && entry.isAttempted && entry.outcomeUnknown)
        #expect(entry.lastAttemptAt == t0.addingTimeInterval(5))
        #expect(try store.outboxCounts(desk) == OutboxCounts(toSend: 2, toReview: 0, outcomeUnknown: 1))

        #expect(try store.hold(a, partition: desk, reason: .conflict, status: 409, code: "unit.status_conflict",
                               detail: "Room 101 changed", now: t0.addingTimeInterval(6)))
        entry = try #require(try store.entry(a, partition: desk))
        #expect(entry.hold == OutboxHold(reason: .conflict, status: 409, code: "unit.status_conflict",
                                         detail: "Room 101 changed", heldAt: t0.addingTimeInterval(6)))
        #expect(!entry.outcomeUnknown, "an answer settles a lost one")
        #expect(try store.outboxCounts(desk) == OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
        #expect(try store.outboxCounts(account: desk.account) == OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))

        #expect(try store.discard(a, partition: desk))
        #expect(try !store.discard(a, partition: desk))
        #expect(try store.pendingEntries(desk).map(\.id) == [b])
    }

    @Test func completeAndRebaseRewritesLaterUnattemptedEntriesThenDeletesTheSentOne() throws {
        let (dir, store, g) = try open()
        _ = dir
        let sent = try #require(try store.enqueue(operation: "op", subject: "s", payload: Data("v1".utf8), partition: desk, generation: g, now: t0))
        let later = try #require(try store.enqueue(operation: "op", subject: "s", payload: Data("v1".utf8), partition: desk, generation: g, now: t0))
        let frozen = try #require(try store.enqueue(operation: "op", subject: "s", payload: Data("v1".utf8), partition: desk, generation: g, now: t0))
        try store.markAttempted(sent, partition: desk, now: t0)
        try store.markAttempted(frozen, partition: desk, now: t0)
        let count = try store.completeAndRebase(sentID: sent, partition: desk,
                                                rebased: [(later, Data("v2".utf8)), (frozen, Data("v2".utf8))])
        #expect(count == 1)
        let entries = try store.pendingEntries(desk)
        #expect(entries.map(\.id) == [later, frozen])
        #expect(entries[0].payload == Data("v2".utf8))
        #expect(entries[1].payload == Data("v1".utf8), "an attempted body is frozen")
        // Completing can mark the next entry attempted in the same commit, after its rebase.
        let last = try #require(try store.enqueue(operation: "op", subject: "s", payload: Data("v1".utf8), partition: desk, generation: g, now: t0))
        try store.completeAndRebase(sentID: later, partition: desk, rebased: [(last, Data("v3".utf8))],
                                    nextAttempt: last, now: t0.addingTimeInterval(9))
        let next = try #require(try store.entry(last, partition: desk))
        #expect(next.payload == Data("v3".utf8))
        #expect(next.attempts == 1)
        #expect(next.lastAttemptAt == t0.addingTimeInterval(9))
    }

    @Test func idsOfAnotherPartitionAreUntouchable() throws {
        let (dir, store, g) = try open()
        _ = dir
        let mine = try #require(try store.enqueue(operation: "op", subject: "s", payload: Data(), partition: desk, generation: g, now: t0))
        let gb = try store.beginGeneration(colleague)
        _ = try store.enqueue(operation: "op", subject: "s", payload: Data(), partition: colleague, generation: gb, now: t0)
        #expect(try store.entry(mine, partition: colleague) == nil)
        #expect(try !store.markAttempted(mine, partition: colleague, now: t0))
        #expect(try !store.hold(mine, partition: colleague, reason: .refused, status: 422, code: nil, detail: nil, now: t0))
        #expect(try !store.discard(mine, partition: colleague))
        try store.completeAndRebase(sentID: mine, partition: colleague, rebased: [])
        #expect(try store.pendingEntries(desk).count == 1)
        #expect(try store.pendingEntries(colleague).count == 1)
        #expect(try store.pendingEntries(deskOtherWorkspace).isEmpty)
        let summary = try store.accountsSummary()
        #expect(summary.map(\.partition) == [desk, colleague])
        #expect(summary.allSatisfy { $0.counts == OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0) })
        #expect(try store.outboxCounts(instanceKey: "inst-1").toSend == 2)
    }

    /// The outbox's pending list and counts are read on the store's reading connection (#18):
    /// the start's saved list waited for them, and they waited behind the generation's row and
    /// its disk syncs. A read sees the last commit, never a write still open.
    @Test func pendingEntriesAndCountsDoNotWaitForAWriteInProgress() throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let generation = try store.beginGeneration(desk)
        _ = try store.enqueue(operation: "op", subject: "unit:101", payload: Data("{}".utf8), partition: desk,
                              generation: generation, now: t0)
        let (entries, counts) = try store.db.transaction {
            try store.db.run("DELETE FROM outbox_entries")
            return (try store.pendingEntries(desk), try store.outboxCounts(desk))
        }
        #expect(entries.count == 1)
        #expect(counts.toSend == 1)
        #expect(try store.pendingEntries(desk).isEmpty)
        #expect(try store.outboxCounts(desk).toSend == 0)
    }
}

