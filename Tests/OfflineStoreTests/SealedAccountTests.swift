import Foundation
import Testing
@testable import OfflineStore
import TestSupport

/// #35: a 401 (or a sign-out that keeps them) never deletes unsent changes. They stay sealed to
/// their person and instance: the start-up clean-up keeps them, another person of the same
/// instance has none of them, and only a sign-out the person confirmed deletes them. Real SQLite.
@Suite struct SealedAccountTests {
    private func open(_ dir: TemporaryDirectory) throws -> OfflineStore {
        try OfflineStore(directory: dir.url, now: t0)
    }

    private func change(_ store: OfflineStore, _ partition: Partition, _ generation: GenerationID,
                        _ n: Int) throws -> Int64 {
        try #require(try store.enqueue(operation: "units.housekeeping", subject: "unit:\(n)", payload: Data("\(n)".utf8),
                                       partition: partition, generation: generation, now: t0))
    }

    @Test func aSealKeepsTheChangesAndDropsTheSavedReadsAndGenerations() throws {
        let dir = try TemporaryDirectory()
        let store = try open(dir)
        let g = try store.beginGeneration(desk)
        let ids = [try change(store, desk, g, 1), try change(store, desk, g, 2)]
        #expect(try store.saveRead("units.list/prp", body: Data("[]".utf8), partition: desk, generation: g, now: t0,
                                   appVersion: "1"))

        let sealed = try store.sealAccount(desk.account, now: t0)
        #expect(sealed.keptEntries == 2)
        #expect(sealed.forgotten.savedReads == 1)
        #expect(sealed.forgotten.endedGenerations.map(\.id) == [g])
        #expect(try store.pendingEntries(desk).map(\.id) == ids)
        #expect(try store.sealedAccounts() == [desk.account])
        #expect(try !store.isLive(g), "its requests abort; its late saves insert nothing")
    }

    @Test func theStartUpCleanUpKeepsASealedAccountsChangesAndDeletesAnUnsealedOnes() throws {
        let dir = try TemporaryDirectory()
        let store = try open(dir)
        let g = try store.beginGeneration(desk)
        let kept = try change(store, desk, g, 1)
        let other = try store.beginGeneration(colleague)
        _ = try change(store, colleague, other, 2)
        try store.sealAccount(desk.account, now: t0)

        // Neither has a session any more: Anna's were sealed by a 401, Ben's deletion was cut short.
        let forgotten = try store.retainAccounts([])
        #expect(forgotten.outboxEntries == 1)
        #expect(try store.pendingEntries(desk).map(\.id) == [kept])
        #expect(try store.pendingEntries(colleague).isEmpty)
        // A second start keeps them still.
        let again = try open(dir)
        #expect(try again.retainAccounts([]).outboxEntries == 0)
        #expect(try again.pendingEntries(desk).map(\.id) == [kept])
    }

    @Test func anotherPersonOfTheInstanceHasNoneOfThem() throws {
        let dir = try TemporaryDirectory()
        let store = try open(dir)
        let g = try store.beginGeneration(desk)
        _ = try change(store, desk, g, 1)
        try store.sealAccount(desk.account, now: t0)
        _ = try store.retainAccounts([colleague.account])

        #expect(try store.pendingEntries(colleague).isEmpty)
        #expect(try store.outboxCounts(colleague) == .zero)
        #expect(try store.outboxCounts(account: colleague.account) == .zero)
        #expect(try store.accountsSummary().allSatisfy { $0.partition.account == desk.account })
    }

    @Test func theSamePersonBackUnsealsAndADeliberateDeleteStillDeletes() throws {
        let dir = try TemporaryDirectory()
        let store = try open(dir)
        let g = try store.beginGeneration(desk)
        _ = try change(store, desk, g, 1)
        try store.sealAccount(desk.account, now: t0)
        // The same person has a session again: the clean-up unseals, keeps everything.
        #expect(try store.retainAccounts([desk.account]).outboxEntries == 0)
        #expect(try store.sealedAccounts().isEmpty)
        #expect(try store.outboxCounts(account: desk.account).toSend == 1)

        try store.sealAccount(desk.account, now: t0)
        let forgotten = try store.forgetAccount(desk.account)
        #expect(forgotten.outboxEntries == 1)
        #expect(try store.sealedAccounts().isEmpty)
        #expect(try rowsOf(store, desk.account) == 0)
    }
}
