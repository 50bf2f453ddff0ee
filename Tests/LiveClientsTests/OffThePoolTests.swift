import Foundation
@testable import LiveClients
import Locking
import Testing

/// The store's writes that wait for the disk run off Swift concurrency's threads (#18): with
/// every one of those threads waiting in such a write, other work still runs — at the start, the
/// first screen's saved read did not, until the generation's row was synced.
@Suite struct OffThePoolTests {
    @Test func workWaitingOffThePoolLeavesItsThreadsFree() async {
        let finished = Locked(false)
        let writers = ProcessInfo.processInfo.activeProcessorCount + 2
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<writers {
                group.addTask {
                    await OffThePool.run {
                        Thread.sleep(forTimeInterval: 0.3)
                        finished.withLock { $0 = true }
                    }
                }
            }
            // The writes hold their thread for 0.3 s each, one after another: this runs meanwhile.
            try? await Task.sleep(for: .milliseconds(20))
            let ranDuringTheWrites = await Task.detached { !finished.withLock { $0 } }.value
            #expect(ranDuringTheWrites)
            await group.waitForAll()
        }
        #expect(finished.withLock { $0 })
    }
}
