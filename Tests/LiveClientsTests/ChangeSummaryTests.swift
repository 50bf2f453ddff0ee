import AppCore
import Catalog
import Foundation
import GuestCraftAPI
@testable import LiveClients
import OfflineStore
import Outbox
import Testing

/// How Account names a change this version does not know. (How a round reads as news:
/// OutboxTests' RoundNewsTests.)
@Suite struct ChangeSummaryTests {
    static let partition = Partition(instanceKey: "ins_0123456789abcdef", personID: "usr_housekeeper", workspaceID: "wsp_demo")

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
