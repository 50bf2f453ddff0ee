import AppCore
import Catalog
import DeviceServices
import Foundation
import GuestCraftAPI
@testable import LiveClients
import OfflineStore
import Outbox
import Testing

/// How the app reads the engine's events: whether a round reached the instance (the connection
/// notice follows it), and how Account names a change this version does not know.
@Suite struct OutboxNewsTests {
    static let partition = Partition(instanceKey: "ins_0123456789abcdef", personID: "usr_housekeeper", workspaceID: "wsp_demo")

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
        #expect(OutboxNews(.roundFinished(report))
                == .roundFinished(partition: Self.partition, sent: sent, held: held, reachedInstance: expected))
    }

    @Test func aRoundWithoutAPartitionAndASessionEndPassThrough() {
        let idle = OutboxRoundReport(partition: nil, sent: [], held: [], stop: .inactive, retryIn: nil)
        #expect(OutboxNews(.roundFinished(idle)) == .roundFinished(partition: nil, sent: [], held: [], reachedInstance: nil))
        #expect(OutboxNews(.sessionEnded(Self.partition)) == .sessionEnded(Self.partition))
    }

    @Test func aRoundThatWillTryAgainSaysWhenInTheLocalTime() {
        let waiting = OutboxRoundReport(partition: Self.partition, sent: [], held: [], stop: .noAnswer, retryIn: .seconds(40))
        guard case .roundFinished(_, _, _, let reached, let retryAt) = OutboxNews(.roundFinished(waiting)) else {
            Issue.record("not a round"); return
        }
        #expect(reached == false)
        let around = [39.0, 40, 41].map { LocalTime.format(Date().addingTimeInterval($0)) }   // a minute may turn meanwhile
        #expect(retryAt.map(around.contains) == true, "the time of the next try, as the person reads it")
        let idle = OutboxRoundReport(partition: Self.partition, sent: [1], held: [], stop: nil, retryIn: nil)
        guard case .roundFinished(_, _, _, _, let none) = OutboxNews(.roundFinished(idle)) else { return }
        #expect(none == nil)
    }

    @Test func anUnknownChangeIsNamedWithTheCatalogsSentence() {
        let sentence = StringCatalog.english.string("account.change_unknown", [:])
        #expect(sentence == "A change this version of the app does not know")
        let entry = OutboxEntry(id: 1, partition: Self.partition, operation: "rooms.repaint", subject: "unit:unt_h101",
                                payload: Data(#"{"colour":"teal"}"#.utf8), idempotencyKey: "k", createdAt: Date(),
                                attempts: 0, lastAttemptAt: nil, outcomeUnknown: false, hold: nil)
        #expect(ChangeSummary.text(entry) == sentence)
        // A known one keeps its own sentence (every operation's: WorkOperationsTests).
    }
}

/// The same on the real engine and SQLite file: an entry of an operation this version does not
/// know, listed by Account through the live outbox client.
@Suite(.serialized) struct LiveChangesTests {
    @Test func accountNamesAnUnknownOperationWithTheUnknownChangeSentence() async throws {
        let f = try await LiveFixture()
        let id = try #require(try f.services.offline.enqueue(
            operation: "rooms.repaint", subject: "unit/unt_h101", payload: Data(#"{"colour":"teal"}"#.utf8),
            partition: f.context.partition, generation: f.context.generation, now: Date()))
        await f.outbox.activate(f.context)

        let changes = try await f.outbox.changes().get()
        #expect(changes.map(\.id) == [id])
        #expect(changes.first?.summary == "A change this version of the app does not know")
        await f.outbox.deactivate()
    }
}
