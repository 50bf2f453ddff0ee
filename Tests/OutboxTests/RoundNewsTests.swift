import Foundation
import OfflineStore
import Outbox
import Testing

/// How a round reads as the app's news: whether it reached the instance (the connection notice
/// follows it), and when the outbox tries again by itself.
@Suite struct RoundNewsTests {
    static let partition = Partition(instanceKey: "ins_0123456789abcdef", personID: "usr_housekeeper", workspaceID: "wsp_demo")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every stop, with what `reachedInstance` is when the round sent or held nothing, and when it
    /// sent or held entries before it stopped.
    static let stops: [(stop: OutboxStop?, nothingDone: Bool?, somethingDone: Bool?)] = [
        // The last attempt got no answer, or could not go out: offline, whatever went before.
        (.noAnswer, false, false),
        (.notSent, false, false),
        // The instance answered (asking to wait, still busy, or ending the session).
        (.retryLater(status: 503), true, true),
        (.retryLater(status: 429), true, true),
        (.inProgress, true, true),
        (.unauthorized, true, true),
        // Nothing said about the instance by the stop itself: only what was sent or held says.
        (.inactive, nil, true),
        (.anotherSender, nil, true),
        (.cancelled, nil, true),
        (.unexpected("a bug"), nil, true),
        (nil, nil, true),
    ]

    static var cases: [(OutboxStop?, sent: [Int64], held: [Int64], expected: Bool?)] {
        stops.flatMap { row in
            [(row.stop, sent: [], held: [], expected: row.nothingDone),
             (row.stop, sent: [4, 5], held: [], expected: row.somethingDone),
             (row.stop, sent: [], held: [6], expected: row.somethingDone),
             (row.stop, sent: [4], held: [6], expected: row.somethingDone)]
        }
    }

    @Test(arguments: cases)
    func aRoundSaysWhetherItReachedTheInstance(_ stop: OutboxStop?, sent: [Int64], held: [Int64], expected: Bool?) {
        let report = OutboxRoundReport(partition: Self.partition, sent: sent, held: held, stop: stop, retryIn: nil)
        #expect(report.news(at: Self.now)
                == .roundFinished(partition: Self.partition, sent: sent, held: held, reachedInstance: expected))
    }

    @Test func aRoundWithoutAPartitionTriedNothing() {
        let idle = OutboxRoundReport(partition: nil, sent: [], held: [], stop: .inactive, retryIn: nil)
        #expect(idle.news(at: Self.now) == .roundFinished(partition: nil, sent: [], held: [], reachedInstance: nil))
    }

    @Test func aRoundThatWillTryAgainSaysWhen() {
        let waiting = OutboxRoundReport(partition: Self.partition, sent: [], held: [], stop: .noAnswer, retryIn: .seconds(40))
        guard case .roundFinished(_, _, _, let reached, let retryAt) = waiting.news(at: Self.now) else {
            Issue.record("not a round"); return
        }
        #expect(reached == false)
        #expect(retryAt == Self.now.addingTimeInterval(40), "when the outbox tries again")
        let idle = OutboxRoundReport(partition: Self.partition, sent: [1], held: [], stop: nil, retryIn: nil)
        guard case .roundFinished(_, _, _, _, let none) = idle.news(at: Self.now) else { return }
        #expect(none == nil)
    }
}
