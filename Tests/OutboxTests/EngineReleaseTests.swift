import Foundation
import OfflineStore
import Testing
@testable import Outbox
import TestSupport

/// An engine that is let go ends what it started: its event stream finishes (so the loop reading
/// it ends) and its scheduled retry stops sleeping. LeakSanitizer found every test's engine kept
/// alive in a reader suspended for ever and a retry asleep for ever.
@Suite(.timeLimit(.minutes(5))) struct EngineReleaseTests {
    @Test(arguments: windows)
    func anEngineLetGoFinishesItsEventsAndCancelsItsRetry(window: Int) async throws {
        let f = try EngineFixture(window: window)
        var engine: OutboxEngine<ScriptedClient>? = try f.otherProcess().engine
        let readerEnded = Recorder<Bool>()
        let events = try #require(engine).events
        Task {
            for await _ in events {}
            readerEnded.append(true)
        }
        let generation = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: generation)
        // Unplanned attempts get no answer: a retry is scheduled and sleeps.
        let report = await engine?.activate(partition: desk, generation: generation, client: ScriptedClient("offline"))
        #expect(report?.stop == .noAnswer)
        #expect(await waitUntil { f.sleeper.pending == 1 })
        weak let released = engine
        engine = nil
        #expect(released == nil, "the retry's task holds the engine")
        #expect(await waitUntil { f.sleeper.pending == 0 }, "the retry still sleeps")
        #expect(await waitUntil { !readerEnded.all.isEmpty }, "the event stream never finished")
    }

    /// Polls `condition` with no bound of its own (#33): false once the time limit cancels the wait.
    private func waitUntil(_ condition: () -> Bool) async -> Bool {
        while !Task.isCancelled {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return condition()
    }
}
