import Foundation
import Testing
@testable import OfflineStore
import TestSupport

/// The outbox's record of what the last send of each subject answered (schema step 6): written in
/// the commit that completes a send, per partition and subject, forgotten by a conflict and with
/// the account, and gone once older than a saved read can be.
@Suite struct SentVersionStoreTests {
    private func open(_ dir: TemporaryDirectory, now: Date = t0) throws -> (OfflineStore, GenerationID) {
        let store = try OfflineStore(directory: dir.url, now: now)
        return (store, try store.beginGeneration(desk))
    }

    private func send(_ store: OfflineStore, _ subject: String, version: Int, partition: Partition = desk,
                      generation: GenerationID, now: Date = t0) throws {
        let id = try #require(try store.enqueue(operation: "op", subject: subject, payload: Data("p".utf8),
                                                partition: partition, generation: generation, now: now))
        try store.completeAndRebase(sentID: id, partition: partition, rebased: [], sentVersion: version, now: now)
    }

    @Test func aSendRecordsTheVersionItAnsweredPerPartitionAndSubjectTheLastOneWinning() throws {
        let dir = try TemporaryDirectory()
        let (store, g) = try open(dir)
        try send(store, "unit:101", version: 4, generation: g)
        try send(store, "unit:102", version: 7, generation: g)
        try send(store, "unit:101", version: 5, generation: g)
        let other = try store.beginGeneration(colleague)
        try send(store, "unit:101", version: 9, partition: colleague, generation: other)
        // A send without a version (a fault report) records nothing.
        let ticket = try #require(try store.enqueue(operation: "op", subject: "ticket:mtk_1", payload: Data(),
                                                    partition: desk, generation: g, now: t0))
        try store.completeAndRebase(sentID: ticket, partition: desk, rebased: [])

        #expect(try store.sentVersions(desk) == ["unit:101": 5, "unit:102": 7])
        #expect(try store.sentVersions(colleague) == ["unit:101": 9])
        #expect(try store.sentVersions(deskOtherWorkspace).isEmpty)
        // Another connection (`guestcraft send`, the app started again) reads the same.
        let (again, _) = try open(dir)
        #expect(try again.sentVersions(desk) == ["unit:101": 5, "unit:102": 7])
    }

    @Test func aConflictForgetsItsSubjectsVersionARefusalDoesNot() throws {
        let dir = try TemporaryDirectory()
        let (store, g) = try open(dir)
        try send(store, "unit:101", version: 4, generation: g)
        try send(store, "unit:102", version: 7, generation: g)
        let refused = try #require(try store.enqueue(operation: "op", subject: "unit:102", payload: Data(),
                                                     partition: desk, generation: g, now: t0))
        #expect(try store.hold(refused, partition: desk, reason: .refused, status: 422, code: "x", detail: nil, now: t0))
        let conflict = try #require(try store.enqueue(operation: "op", subject: "unit:101", payload: Data(),
                                                      partition: desk, generation: g, now: t0))
        #expect(try store.hold(conflict, partition: desk, reason: .conflict, status: 409, code: "unit.status_conflict",
                               detail: nil, forgettingSentVersion: true, now: t0))
        #expect(try store.sentVersions(desk) == ["unit:102": 7])
        #expect(try store.pendingEntries(desk).map { $0.hold?.reason } == [.refused, .conflict])
    }

    @Test func theBodyAnAttemptGoesWithIsWrittenWithTheAttempt() throws {
        let dir = try TemporaryDirectory()
        let (store, g) = try open(dir)
        let id = try #require(try store.enqueue(operation: "op", subject: "unit:101", payload: Data("v1".utf8),
                                                partition: desk, generation: g, now: t0))
        #expect(try store.markAttempted(id, partition: desk, payload: Data("v4".utf8), now: t0))
        let entry = try #require(try store.entry(id, partition: desk))
        #expect(entry.payload == Data("v4".utf8))
        #expect(entry.attempts == 1)
    }

    @Test func theRecordGoesWithTheAccountAndOnceOlderThanASavedRead() throws {
        let dir = try TemporaryDirectory()
        let (store, g) = try open(dir)
        let other = try store.beginGeneration(colleague)
        try send(store, "unit:101", version: 4, generation: g)
        try send(store, "unit:101", version: 9, partition: colleague, generation: other)
        try store.forgetAccount(desk.account)
        #expect(try store.sentVersions(desk).isEmpty)
        #expect(try store.retainAccounts([]).endedGenerations.count == 1)
        #expect(try store.sentVersions(colleague).isEmpty)

        let g2 = try store.beginGeneration(desk)
        try send(store, "unit:101", version: 5, generation: g2, now: t0)
        try send(store, "unit:102", version: 6, generation: g2, now: t0.addingTimeInterval(2 * hour))
        let (later, _) = try open(dir, now: t0.addingTimeInterval(OfflineStore.savedReadLifetime + hour))
        #expect(try later.sentVersions(desk) == ["unit:102": 6])
    }
}
