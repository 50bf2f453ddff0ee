import AppCore
import ClientModel
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import Testing

/// A read's first answer is saved even when it comes back before its generation's row is on
/// disk (a slow disk: three syncs). The row is written on the store's queue of disk writes
/// (`OffThePool`) when the context begins; the answer's save goes through the same queue, so it
/// follows the row (on CI the rooms' answer beat the row and was not saved: a save inserts only
/// inside a live generation).
@Suite struct SaveAfterGenerationTests {
    @Test(.timeLimit(.minutes(2)))
    func anAnswerThatBeatsItsGenerationsRowIsSavedOnceTheRowIsIn() async throws {
        let f = try await LiveFixture()
        let generation = GenerationID(rawValue: IdempotencyKey.random())
        let c = f.context
        let context = WorkContext(instance: c.instance, session: c.session, workspace: c.workspace, property: c.property,
                                  capabilities: c.capabilities, partition: c.partition, generation: generation)
        let work = LiveWork(services: f.services, context: context)
        let units = UnitList(businessDate: BusinessDate("2026-11-02")!, units: [])

        // The row's write is under way on the queue, held as a slow disk would hold it.
        // The read starts once the row's write is on the queue (its closure says so), not 50 ms
        // after it was asked for (#33: a loaded run may not have queued it by then).
        let rowMayGo = DispatchSemaphore(value: 0)
        let rowOnTheQueue = AsyncStream<Void>.makeStream()
        let store = f.services.offline
        let partition = c.partition
        let row = Task {
            await OffThePool.run {
                rowOnTheQueue.continuation.yield()
                rowMayGo.wait()
                return (try? store.beginGeneration(partition, id: generation)) != nil
            }
        }
        var queued = rowOnTheQueue.stream.makeAsyncIterator()
        #expect(await queued.next() != nil)
        let read = Task {
            await work.fetch(work.unitsKey, as: UnitList.self) { _ in .fresh(Fresh(value: units, etag: ETag("\"u1\""), wireBytes: 10)) }
        }
        // Time for the read to come back and try to save before the row (a save that did not wait
        // for the row would then be lost); whether it has come yet changes nothing that is checked.
        try await Task.sleep(for: .milliseconds(100))
        rowMayGo.signal()
        #expect(await row.value)
        _ = await read.value
        let saved = try store.savedRead(work.unitsKey, partition: partition, now: Date(), appVersion: AppVersion.current)
        #expect(saved != nil, "the answer was saved after the row")
    }
}
