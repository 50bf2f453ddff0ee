import Foundation
import OfflineStore
import Testing
@testable import Outbox
import TestSupport

@Suite(.timeLimit(.minutes(5))) struct SendingTests {
    @Test(arguments: windows)
    func aChangeIsSavedWithItsKeyBeforeTheFirstAttempt(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let generation = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plan: [.applied(version: 2)])
        let store = f.store
        let seen = SeenAtAttempt()
        client.onAttempt = { call in
            // At the moment of sending, the entry is on disk with this key and marked attempted.
            let entries = (try? store.pendingEntries(desk)) ?? []
            seen.set(entries.first { $0.idempotencyKey == call.idempotencyKey }?.attempts)
        }
        await f.engine.activate(partition: desk, generation: generation, client: client)
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "clean"))
        guard case .sent(let result) = outcome else { Issue.record("not sent: \(outcome)"); return }
        #expect(result == RoomResult(unit: "101", version: 2))
        #expect(seen.value == 1)
        #expect(client.calls.count == 1)
        #expect(client.calls.first?.idempotencyKey.count == 22)
        #expect(try f.store.pendingEntries(desk).isEmpty)
        #expect(await f.engine.scheduledRetry == nil, "nothing scheduled when nothing waits")
    }

    @Test(arguments: windows)
    func entriesGoInOrderOneAtATimeWithTheActivePartitionsClient(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g1 = try f.store.beginGeneration(desk)
        let g2 = try f.store.beginGeneration(otherWorkspace)
        try f.queue([change("101", "clean"), change("102", "dirty"), change("103", "inspected")], generation: g1)
        try f.queue([change("201", "clean")], partition: otherWorkspace, generation: g2)

        let deskClient = ScriptedClient("desk", plan: [.applied(version: 2), .applied(version: 2), .applied(version: 2)])
        let report = await f.engine.activate(partition: desk, generation: g1, client: deskClient)
        #expect(report.sent.count == 3)
        #expect(report.stop == nil)
        #expect(inOrder(deskClient.units, ["101", "102", "103"], window: window))
        #expect(try f.payloads(otherWorkspace).map(\.unit) == ["201"], "another partition's entries wait")

        let otherClient = ScriptedClient("other", plan: [.applied(version: 5)])
        await f.engine.activate(partition: otherWorkspace, generation: g2, client: otherClient)
        #expect(otherClient.calls.map(\.change.unit) == ["201"])
        #expect(deskClient.calls.count == 3)
    }

    @Test(arguments: windows)
    func laterChangesOfTheSameRoomFollowTheVersionTheSentOneCreated(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        // Made offline: clean then inspected for 101 (both read version 1), dirty for 102.
        try f.queue([change("101", "clean"), change("102", "dirty"), change("101", "inspected")], generation: g)
        let client = ScriptedClient("desk", plans: ["101": [.applied(version: 2), .fail(.noAnswer)],
                                                    "102": [.applied(version: 8)]])
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(report.stop == .noAnswer)
        #expect(inOrder(client.calls.map(\.change), [change("101", "clean"), change("102", "dirty"),
                                                     change("101", "inspected", expected: 2)], window: window))
        // The rebase was written before the sent entries were deleted: it is on disk.
        #expect(try f.payloads() == [change("101", "inspected", expected: 2)])
        // Marked attempted once (in the commit that completed the entry before it), and unknown.
        let left = try f.store.pendingEntries(desk)
        #expect(left.first?.attempts == 1)
        #expect(left.first?.outcomeUnknown == true)
    }

    @Test(arguments: windows)
    func aHeldEntryBlocksLaterEntriesOfItsSubjectOnlyAndIsNeverRetried(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let ids = try f.queue([change("101", "clean"), change("102", "clean"), change("101", "inspected")], generation: g)
        let client = ScriptedClient("desk", plans: [
            "101": [.fail(.status(code: 409, problemCode: "unit.status_conflict", detail: "Room 101 changed", retryAfter: nil))],
            "102": [.applied(version: 2)],
        ])
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(report.held == [ids[0]])
        #expect(report.sent == [ids[1]])
        #expect(report.stop == nil)
        #expect(inOrder(client.units, ["101", "102"], window: window))
        let entries = try f.store.pendingEntries(desk)
        #expect(entries.map(\.id) == [ids[0], ids[2]])
        #expect(entries[0].hold?.reason == .conflict)
        #expect(entries[0].hold?.code == "unit.status_conflict")
        #expect(entries[0].hold?.detail == "Room 101 changed")
        #expect(try f.store.outboxCounts(desk) == OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
        #expect(await f.engine.scheduledRetry == nil, "a decision is not retried")

        // Send now: the held entry is not sent again, the one behind it still waits.
        await f.engine.sendNow()
        #expect(client.calls.count == 2)
        // A new change of the blocked room waits for the decision.
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "dirty"))
        guard case .queued(waitsForDecision: true) = outcome else { Issue.record("\(outcome)"); return }
        #expect(client.calls.count == 2)

        // The person discards the conflict: the later entries of 101 go.
        client.answer("101", .applied(version: 3), .applied(version: 4))
        #expect(try await f.engine.discard(ids[0]))
        #expect(inOrder(client.calls.map(\.change), [
            change("101", "clean"), change("102", "clean"), change("101", "inspected"), change("101", "dirty", expected: 3),
        ], window: window))
        #expect(try f.store.pendingEntries(desk).isEmpty)
    }

    @Test(arguments: windows)
    func aSubmitAfterTheGenerationEndedExpiresAndSavesNothing(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk")
        await f.engine.activate(partition: desk, generation: g, client: client)
        try f.store.forgetAccount(desk.account)
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "clean"))
        guard case .expired = outcome else { Issue.record("\(outcome)"); return }
        #expect(client.calls.isEmpty)
        #expect(try f.store.outboxCounts(account: desk.account) == .zero)
    }

    @Test(arguments: windows)
    func withoutAnActivePartitionNothingIsSavedOrSent(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "clean"))
        guard case .expired = outcome else { Issue.record("\(outcome)"); return }
        let report = await f.engine.sendNow()
        #expect(report.stop == .inactive)
        #expect(try f.store.accountsSummary().isEmpty)
    }

    @Test(arguments: windows)
    func anotherSenderHoldingTheLockStopsTheRound(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: g)
        let client = ScriptedClient("desk", plan: [.applied(version: 2)])
        do {
            // Another process (here: another open file description) is sending.
            let other = try #require(SendLock.tryAcquire(in: f.store.directory))
            let report = await f.engine.activate(partition: desk, generation: g, client: client)
            #expect(report.stop == .anotherSender)
            #expect(client.calls.isEmpty)
            #expect(await f.engine.scheduledRetry != nil)
            withExtendedLifetime(other) {}
        }
        let report = await f.engine.sendNow()
        #expect(report.sent.count == 1)
        #expect(client.calls.count == 1)
        #expect(await f.engine.scheduledRetry == nil)
        let lockPath = f.store.directory.appendingPathComponent("send.lock").path
        let mode = (try FileManager.default.attributesOfItem(atPath: lockPath)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    @Test(arguments: windows)
    func anUnknownOperationIsHeldForTheRefusalItIs(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let id = try #require(try f.store.enqueue(operation: "retired.operation", subject: "unit:101", payload: Data("{}".utf8),
                                                  partition: desk, generation: g, now: t0))
        try f.queue([change("101", "clean"), change("102", "clean")], generation: g)
        let client = ScriptedClient("desk", plan: [.applied(version: 2)])
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(report.held == [id])
        #expect(client.calls.map(\.change.unit) == ["102"])
        #expect(try f.store.entry(id, partition: desk)?.hold?.code == "outbox.unknown_operation")
    }
}

/// #31: one change, one truth — its result reaches its submit whichever round sent it.
@Suite(.timeLimit(.minutes(5))) struct OneChangeOneTruthTests {
    /// #31: with keys arriving at once, a change sent by a round that was already waiting to run
    /// was reported to its own submit as gone ("not saved") although the instance applied it.
    @Test(arguments: windows)
    func aChangeSentByAnotherSubmitsRoundIsStillReportedSentToItsOwn(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let generation = try f.store.beginGeneration(desk)
        let gate = Gate()
        let client = ScriptedClient("desk", plan: [.after(gate, version: 2), .applied(version: 2), .applied(version: 2)])
        await f.engine.activate(partition: desk, generation: generation, client: client)
        let engine = f.engine
        let first = Task { try await engine.submit(RoomStatus(), change("101", "clean")) }
        while client.calls.isEmpty { await Task.yield() }
        let second = Task { try await engine.submit(RoomStatus(), change("102", "clean")) }
        let third = Task { try await engine.submit(RoomStatus(), change("103", "clean")) }
        // Both saved while the first round waits for its answer: the next round sends both.
        while try f.store.pendingEntries(desk).count < 3 { await Task.yield() }
        gate.open()
        for (unit, task) in [("101", first), ("102", second), ("103", third)] {
            let outcome = try await task.value
            guard case .sent(let result) = outcome else {
                Issue.record("\(unit): \(outcome), though the instance applied it")
                continue
            }
            #expect(result == RoomResult(unit: unit, version: 2))
        }
        #expect(client.calls.map(\.change.unit).sorted() == ["101", "102", "103"], "each sent once")
    }

    /// The app counts what is on its way when a round begins sending, not only when it ends (a
    /// stalled round said "All sent" beside a change waiting for its answer).
    @Test(arguments: windows)
    func aRoundSaysItIsSendingBeforeItsFirstAttempt(window: Int) async throws {
        let dir = try TemporaryDirectory()
        let store = try OfflineStore(directory: dir.url, now: t0)
        let engine = OutboxEngine(store: store, registry: EngineFixture.registry(),
                                  timing: EngineFixture.timing(ManualClock(now: t0), ManualSleeper()), window: window)
        let generation = try store.beginGeneration(desk)
        let gate = Gate()
        let client = ScriptedClient("desk", plan: [.after(gate, version: 2)])
        await engine.activate(partition: desk, generation: generation, client: client)
        var events = engine.events.makeAsyncIterator()
        guard case .roundFinished = await events.next() else { Issue.record("the activation's round"); return }
        let submit = Task { try await engine.submit(RoomStatus(), change("101", "clean")) }
        guard case .sending(let partition) = await events.next() else { Issue.record("no sending before the answer"); return }
        #expect(partition == desk)
        #expect(try store.outboxCounts(desk).toSend == 1, "the change is counted while its answer is awaited")
        gate.open()
        guard case .roundFinished = await events.next() else { Issue.record("no end of the round"); return }
        _ = try await submit.value
    }
}

@Suite(.timeLimit(.minutes(5))) struct UnreadablePayloadTests {
    @Test(arguments: windows)
    func aPayloadThatNoLongerDecodesIsHeldNotRetried(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let bad = try #require(try f.store.enqueue(operation: "units.housekeeping", subject: "unit:101",
                                                   payload: Data("{\"room\":1}".utf8), partition: desk,
                                                   generation: g, now: t0))
        try f.queue([change("101", "clean"), change("102", "clean")], generation: g)
        let client = ScriptedClient("desk", plan: [.applied(version: 2)])
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(report.held == [bad])
        #expect(report.stop == nil)
        #expect(client.calls.map(\.change.unit) == ["102"], "101 waits behind its held entry")
        #expect(try f.store.entry(bad, partition: desk)?.hold?.code == "outbox.unreadable_payload")
        #expect(await f.engine.scheduledRetry == nil)
    }
}

final class SeenAtAttempt: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int?
    func set(_ v: Int?) { lock.withLock { stored = v } }
    var value: Int? { lock.withLock { stored } }
}
