import Foundation
import OfflineStore
import Testing
@testable import Outbox

/// The version a change goes with (#16): the newer of the one it was made with and the one the
/// outbox recorded from the last send of its subject, so a screen's copy older than a send made
/// elsewhere (`guestcraft send` in the background) never makes a false conflict. The scripted
/// instance checks the precondition (`.precondition(current:)`) as the real one does.
@Suite(.timeLimit(.minutes(5))) struct SentVersionTests {
    /// `guestcraft send` in the background: its own connection and engine on the same file, one round.
    func sendInBackground(_ f: EngineFixture, _ plan: [Planned]) async throws -> OutboxRoundReport {
        let background = try f.otherProcess()
        let generation = try background.store.beginGeneration(desk)
        defer { _ = try? background.store.endGenerations(.generation(generation)) }
        return await background.engine.activate(partition: desk, generation: generation,
                                                client: ScriptedClient("send", plan: plan))
    }

    @Test(arguments: windows)
    func aChangeMadeFromACopyOlderThanABackgroundSendGoesWithTheVersionThatSendAnswered(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let app = try f.store.beginGeneration(desk)
        // Made offline in the app (room 101 read at version 1), then the app was closed.
        try f.queue([change("101", "clean")], generation: app)
        let background = try await sendInBackground(f, [.precondition(current: 1)])
        #expect(background.sent.count == 1)

        // The app's copy still says version 1; the instance has 2, which this outbox's own send made.
        let client = ScriptedClient("app", plan: [.precondition(current: 2)])
        await f.engine.activate(partition: desk, generation: app, client: client)
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "inspected", expected: 1))
        guard case .sent(let result) = outcome else { Issue.record("held or kept: \(outcome)"); return }
        #expect(result == RoomResult(unit: "101", version: 3))
        #expect(client.calls.map(\.change) == [change("101", "inspected", expected: 2)])
        #expect(try f.store.pendingEntries(desk).isEmpty, "nothing held")
    }

    @Test(arguments: windows)
    func aNewerVersionTheChangeWasMadeWithIsKeptAndOtherRoomsAndPartitionsAreUntouched(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let app = try f.store.beginGeneration(desk)
        let other = try f.store.beginGeneration(otherWorkspace)
        try f.queue([change("101", "clean")], generation: app)
        #expect(try await sendInBackground(f, [.applied(version: 2)]).sent.count == 1)

        // 101 was read again after someone else's changes (5); 102 and the other workspace's 101
        // have no send of their own: each goes with the version it was made with.
        try f.queue([change("101", "dirty", expected: 5), change("102", "dirty", expected: 1)], generation: app)
        try f.queue([change("101", "dirty", expected: 1)], partition: otherWorkspace, generation: other)
        let client = ScriptedClient("app", plans: ["101": [.applied(version: 6)], "102": [.applied(version: 2)]])
        await f.engine.activate(partition: desk, generation: app, client: client)
        let otherClient = ScriptedClient("other", plan: [.applied(version: 2)])
        await f.engine.activate(partition: otherWorkspace, generation: other, client: otherClient)
        #expect(inOrder(client.calls.map(\.change), [change("101", "dirty", expected: 5), change("102", "dirty", expected: 1)],
                        window: window))
        #expect(otherClient.calls.map(\.change) == [change("101", "dirty", expected: 1)])
    }

    @Test(arguments: windows)
    func theNextEntryTakesTheRecordedVersionInTheCommitThatMarksItAttempted(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let app = try f.store.beginGeneration(desk)
        try f.queue([change("102", "clean")], generation: app)
        #expect(try await sendInBackground(f, [.applied(version: 4)]).sent.count == 1)

        // Both made from the old copy; 102 goes second, marked attempted when 101's send completes.
        try f.queue([change("101", "clean"), change("102", "dirty")], generation: app)
        let client = ScriptedClient("app", plans: ["101": [.applied(version: 2)], "102": [.fail(.noAnswer)]])
        let report = await f.engine.activate(partition: desk, generation: app, client: client)
        #expect(report.stop == .noAnswer)
        // With a window, 102 goes beside 101, marked attempted on its own with the recorded version.
        #expect(inOrder(client.calls.map(\.change), [change("101", "clean"), change("102", "dirty", expected: 4)],
                        window: window))
        // What was sent is what is on disk (its body is frozen now): a resend goes with 4 too.
        #expect(try f.payloads() == [change("102", "dirty", expected: 4)])
        #expect(try f.store.pendingEntries(desk).first?.attempts == 1)
    }

    @Test(arguments: windows)
    func anEntryAlreadyAttemptedKeepsItsFrozenBody(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let app = try f.store.beginGeneration(desk)
        let ids = try f.queue([change("101", "clean"), change("101", "dirty")], generation: app)
        // The second was marked attempted by a round that stopped before sending it (an older app):
        // it may have reached the instance with its key, so its body stays as it was.
        try f.store.markAttempted(ids[1], partition: desk, now: t0)
        let client = ScriptedClient("app", plan: [.applied(version: 2), .applied(version: 3)])
        await f.engine.activate(partition: desk, generation: app, client: client)
        #expect(client.calls.map(\.change) == [change("101", "clean"), change("101", "dirty")])
    }

    @Test(arguments: windows)
    func aRealConflictIsStillHeldAndForgetsTheRecordedVersion(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let app = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: app)
        #expect(try await sendInBackground(f, [.precondition(current: 1)]).sent.count == 1)

        // The desk changed 101 after that send (3): the app's change, made from its old copy, is
        // held as the conflict it is, with the version the outbox knew.
        let client = ScriptedClient("app", plan: [.precondition(current: 3)])
        await f.engine.activate(partition: desk, generation: app, client: client)
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "inspected", expected: 1))
        guard case .held(.conflict, let code) = outcome else { Issue.record("\(outcome)"); return }
        #expect(code == "unit.status_conflict")
        #expect(client.calls.map(\.change) == [change("101", "inspected", expected: 2)])

        // The instance said 2 is not the room's version: the record goes. Once the person discards
        // the held change, one still made from the old copy goes with its own 1 (held again), and
        // one made from a fresh read (3) is applied.
        let held = try #require(try f.store.pendingEntries(desk).first)
        #expect(try await f.engine.discard(held.id))
        client.answer(.precondition(current: 3), .precondition(current: 3))
        let stale = try await f.engine.submit(RoomStatus(), change("101", "dirty", expected: 1))
        guard case .held(.conflict, _) = stale else { Issue.record("\(stale)"); return }
        #expect(client.calls.last?.change == change("101", "dirty", expected: 1))
        let again = try #require(try f.store.pendingEntries(desk).first)
        #expect(try await f.engine.discard(again.id))
        let fresh = try await f.engine.submit(RoomStatus(), change("101", "dirty", expected: 3))
        guard case .sent = fresh else { Issue.record("\(fresh)"); return }
    }
}
