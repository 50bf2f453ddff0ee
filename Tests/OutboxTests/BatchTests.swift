import Foundation
import OfflineStore
import Testing
@testable import Outbox

@Suite(.timeLimit(.minutes(5))) struct BatchTests {
    @Test(arguments: windows)
    func aBatchIsSavedWholeBeforeAnySendAndWaitsBehindItsHeldFirstEntry(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plans: ["101": [
            .fail(.status(code: 422, problemCode: "unit.invalid_status", detail: "No such status", retryAfter: nil)),
        ]])
        let store = f.store
        let countsAtFirstAttempt = SeenAtAttempt()
        client.onAttempt = { _ in countsAtFirstAttempt.set((try? store.pendingEntries(desk).count) ?? -1) }
        await f.engine.activate(partition: desk, generation: g, client: client)
        let outcomes = try await f.engine.submit(together: [
            OutboxChange(RoomStatus(), change("101", "clean")),
            OutboxChange(RoomNote(), RoomNote.Note(unit: "101", text: "towels")),
            OutboxChange(RoomNote(), RoomNote.Note(unit: "102", text: "lamp")),
        ])
        #expect(countsAtFirstAttempt.value == 3, "all three were on disk before the first attempt")
        guard outcomes.count == 3 else { Issue.record("\(outcomes)"); return }
        guard case .held(.refused, code: "unit.invalid_status") = outcomes[0] else { Issue.record("\(outcomes[0])"); return }
        guard case .queued(waitsForDecision: true) = outcomes[1] else { Issue.record("\(outcomes[1])"); return }
        // Room 102's note is another subject: it is not held up, but gets no answer (unplanned).
        guard case .queued(waitsForDecision: false) = outcomes[2] else { Issue.record("\(outcomes[2])"); return }
        #expect(inOrder(client.units, ["101", "102"], window: window))
        #expect(try f.store.outboxCounts(desk) == OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 1))
    }

    @Test(arguments: windows)
    func aBatchAfterTheGenerationEndedSavesNothing(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk")
        await f.engine.activate(partition: desk, generation: g, client: client)
        try f.store.endGenerations(.generation(g))
        let outcomes = try await f.engine.submit(together: [
            OutboxChange(RoomStatus(), change("101", "clean")),
            OutboxChange(RoomNote(), RoomNote.Note(unit: "101", text: "towels")),
        ])
        #expect(outcomes.count == 2)
        for outcome in outcomes {
            guard case .expired = outcome else { Issue.record("\(outcome)"); return }
        }
        #expect(try f.store.accountsSummary().isEmpty)
        #expect(client.calls.isEmpty)
    }

    @Test(arguments: windows)
    func aSentChangeRebasesOnlyLaterChangesOfTheSameOperation(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plan: [.fail(.noAnswer)])
        await f.engine.activate(partition: desk, generation: g, client: client)
        _ = try await f.engine.submit(together: [
            OutboxChange(RoomStatus(), change("101", "clean")),
            OutboxChange(RoomNote(), RoomNote.Note(unit: "101", text: "towels")),
            OutboxChange(RoomStatus(), change("101", "inspected")),
        ])
        client.answer(.applied(version: 7), .applied(version: 0), .applied(version: 8))
        let report = await f.engine.sendNow()
        #expect(report.sent.count == 3)
        #expect(client.calls.map(\.change) == [
            change("101", "clean"), change("101", "clean"),
            RoomChange(unit: "101", status: "note:towels", expectedVersion: 0),
            change("101", "inspected", expected: 7),
        ])
    }

    @Test(arguments: windows)
    func noRetryIsScheduledForAnotherSenderWhenNothingWaits(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let other = try #require(SendLock.tryAcquire(in: f.store.directory))
        let report = await f.engine.activate(partition: desk, generation: g, client: ScriptedClient("desk"))
        #expect(report.stop == nil)
        #expect(await f.engine.scheduledRetry == nil)
        withExtendedLifetime(other) {}
    }
}
