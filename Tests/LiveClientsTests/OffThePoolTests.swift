import Dispatch
@testable import LiveClients
import Testing

/// The store's writes that wait for the disk run off Swift concurrency's threads (#18), on a queue
/// of their own: at the start, the first screen's saved read waited for a pool thread while the
/// generation's row was synced on one.
@Suite struct OffThePoolTests {
    @Test func theWorkRunsOnTheWritesOwnQueue() async {
        #expect(await OffThePool.run { OffThePool.isCurrent })
        #expect(!OffThePool.isCurrent)
    }
}
