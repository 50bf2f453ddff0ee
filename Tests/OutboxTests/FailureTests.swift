import Foundation
import OfflineStore
import Testing
@testable import Outbox

/// What the engine should do with a failure.
enum Expected: Sendable, Equatable {
    case keep(OutboxStop)
    case hold(HoldReason)
    case endSession
}

@Suite(.timeLimit(.minutes(5))) struct FailureTests {
    static let cases: [(OutboxFailure, Expected)] = [
        (.noAnswer, .keep(.noAnswer)),
        (.notSent, .keep(.notSent)),
        (.status(code: 408, problemCode: nil, detail: nil, retryAfter: nil), .keep(.retryLater(status: 408))),
        (.status(code: 429, problemCode: nil, detail: nil, retryAfter: nil), .keep(.retryLater(status: 429))),
        (.status(code: 500, problemCode: nil, detail: nil, retryAfter: nil), .keep(.retryLater(status: 500))),
        (.status(code: 503, problemCode: nil, detail: nil, retryAfter: nil), .keep(.retryLater(status: 503))),
        (.status(code: 409, problemCode: "idempotency.in_progress", detail: nil, retryAfter: nil), .keep(.inProgress)),
        (.status(code: 409, problemCode: "unit.status_conflict", detail: nil, retryAfter: nil), .hold(.conflict)),
        (.status(code: 412, problemCode: nil, detail: nil, retryAfter: nil), .hold(.conflict)),
        (.status(code: 400, problemCode: "request.invalid", detail: "bad", retryAfter: nil), .hold(.refused)),
        (.status(code: 403, problemCode: "permission.denied", detail: nil, retryAfter: nil), .hold(.refused)),
        (.status(code: 404, problemCode: nil, detail: nil, retryAfter: nil), .hold(.refused)),
        (.status(code: 422, problemCode: "task.invalid_transition", detail: "Already done", retryAfter: nil), .hold(.refused)),
        (.status(code: 422, problemCode: "block.overlap", detail: "Room 301 is out of order", retryAfter: nil,
                 field: "block.from"), .hold(.refused)),
        (.status(code: 401, problemCode: nil, detail: nil, retryAfter: nil), .endSession),
        (.unauthorized, .endSession),
    ]

    @Test(arguments: cases, windows)
    func everyFailureIsClassified(_ row: (OutboxFailure, Expected), window: Int) async throws {
        let (failure, expected) = row
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let ids = try f.queue([change("101", "clean"), change("102", "clean")], generation: g)
        let client = ScriptedClient("desk", plans: ["101": [.fail(failure)], "102": [.applied(version: 2)]])
        // With a window, 102 is on its way beside 101: the round starts nothing after the kept entry.
        let attempted = window == 1 ? 1 : 2
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        let first = try f.store.entry(ids[0], partition: desk)
        switch expected {
        case .keep(let stop):
            #expect(report.stop == stop)
            #expect(client.calls.count == attempted, "the round stops at the kept entry")
            #expect(report.sent == (window == 1 ? [] : [ids[1]]))
            #expect(first?.hold == nil)
            #expect(first?.attempts == 1)
            #expect(first?.outcomeUnknown == (failure == .noAnswer))
            #expect(await f.engine.scheduledRetry != nil)
            #expect(f.sessionsEnded.isEmpty)
        case .hold(let reason):
            #expect(report.stop == nil)
            #expect(report.held == [ids[0]])
            #expect(first?.hold?.reason == reason)
            if case .status(let code, let problem, let detail, _, let field) = failure {
                #expect(first?.hold?.status == code)
                #expect(first?.hold?.code == problem)
                #expect(first?.hold?.detail == detail)
                #expect(first?.hold?.field == field)
            }
            #expect(client.calls.count == 2, "another subject goes on")
            #expect(await f.engine.scheduledRetry == nil)
        case .endSession:
            #expect(report.stop == .unauthorized)
            #expect(f.sessionsEnded == [desk])
            #expect(client.calls.count == attempted)
            #expect(first?.hold == nil)
            #expect(await f.engine.scheduledRetry == nil)
        }
    }

    @Test(arguments: windows)
    func aLostAnswerStaysUnknownUntilALaterAttemptWithTheSameKeySettlesIt(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plan: [.fail(.noAnswer)])
        await f.engine.activate(partition: desk, generation: g, client: client)
        let outcome = try await f.engine.submit(RoomStatus(), change("101", "clean"))
        guard case .queued(waitsForDecision: false) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try f.store.outboxCounts(desk) == OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 1))
        _ = await f.nextRound()   // activation's round
        _ = await f.nextRound()   // submit's round

        // The retry timer fires; this time the instance answers (with the first answer).
        client.answer(.applied(version: 2))
        #expect(await f.wakeRetry())
        let retried = await f.nextRound()
        #expect(retried?.sent.count == 1)
        #expect(client.calls.count == 2)
        #expect(client.calls[0].idempotencyKey == client.calls[1].idempotencyKey)
        #expect(client.calls.map(\.attempt) == [1, 2])
        #expect(try f.store.outboxCounts(desk) == .zero)
        #expect(await f.engine.scheduledRetry == nil)
        #expect(f.sleeper.pending == 0, "nothing scheduled when nothing waits")
    }

    @Test(arguments: windows)
    func retriesBackOffExponentiallyUpToTheCap(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: g)
        let client = ScriptedClient("desk")   // never answers
        await f.engine.activate(partition: desk, generation: g, client: client)
        _ = await f.nextRound()
        for _ in 0..<6 {
            #expect(await f.wakeRetry())
            _ = await f.nextRound()
        }
        // Base 2 s doubling, capped at 60 s, with jitter fixed at ½: ¾ of each step.
        #expect(f.sleeper.delays == [.milliseconds(1500), .seconds(3), .seconds(6), .seconds(12), .seconds(24),
                                     .seconds(45), .seconds(45)])
        #expect(client.calls.count == 7)
        // Success resets the backoff and stops scheduling.
        client.answer(.applied(version: 2))
        #expect(await f.wakeRetry())
        #expect(await f.nextRound()?.sent.count == 1)
        #expect(await f.engine.scheduledRetry == nil)
        #expect(f.sleeper.pending == 0)
    }

    @Test(arguments: windows)
    func retryAfterIsHonouredAndCapped(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: g)
        let client = ScriptedClient("desk", plan: [
            .fail(.status(code: 429, problemCode: "rate_limited", detail: nil, retryAfter: .seconds(30))),
        ])
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(report.retryIn == .seconds(30))
        // A trigger before the deadline sends nothing.
        let early = await f.engine.sendNow()
        #expect(early.stop == .retryLater(status: 429))
        #expect(client.calls.count == 1)
        f.clock.advance(31)
        client.answer(.fail(.status(code: 503, problemCode: nil, detail: nil, retryAfter: .seconds(36_000))))
        let again = await f.engine.networkChanged()
        #expect(client.calls.count == 2)
        #expect(again.retryIn == .seconds(120), "a Retry-After of ten hours waits the cap")
    }

    @Test(arguments: windows)
    func anErrorThatIsNotClassifiableStopsTheRoundWithoutRetrying(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean"), change("102", "clean")], generation: g)
        // With a window, 102 was on its way beside 101 and is answered; nothing starts after.
        let client = ScriptedClient("desk", plans: ["101": [.plainError], "102": [.applied(version: 2)]])
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        guard case .unexpected(let text) = report.stop else { Issue.record("\(String(describing: report.stop))"); return }
        #expect(text.contains("PlainError"))
        #expect(client.calls.count == (window == 1 ? 1 : 2))
        #expect(try f.store.pendingEntries(desk).count == (window == 1 ? 2 : 1))
        #expect(await f.engine.scheduledRetry == nil)
    }
}

@Suite(.timeLimit(.minutes(5))) struct CancellationTests {
    @Test(arguments: windows)
    func endingTheGenerationAbortsTheRequestInFlightAndTheWipeWins(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: g)
        let client = ScriptedClient("desk", plan: [.hang])
        let store = f.store
        client.onAttempt = { _ in
            // Sign-out while the request is in flight.
            Task.detached { try? store.forgetAccount(desk.account) }
        }
        let report = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(report.stop == .cancelled)
        #expect(try f.store.outboxCounts(account: desk.account) == .zero)
        #expect(try !f.store.isLive(g))
        #expect(await f.engine.scheduledRetry == nil)
    }

    @Test(arguments: windows)
    func switchingPartitionAbortsTheRequestAndTheEntryWaitsForItsOwnPartition(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g1 = try f.store.beginGeneration(desk)
        let g2 = try f.store.beginGeneration(otherWorkspace)
        let ids = try f.queue([change("101", "clean")], generation: g1)
        let deskClient = ScriptedClient("desk", plan: [.hang, .applied(version: 2)])
        let engine = f.engine
        let otherClient = ScriptedClient("other")
        deskClient.onAttempt = { call in
            guard call.attempt == 1 else { return }
            Task.detached { await engine.deactivate() }
        }
        let report = await f.engine.activate(partition: desk, generation: g1, client: deskClient)
        #expect(report.stop == .cancelled)
        let entry = try #require(try f.store.entry(ids[0], partition: desk))
        #expect(entry.outcomeUnknown, "the aborted request may have arrived")
        await f.engine.activate(partition: otherWorkspace, generation: g2, client: otherClient)
        #expect(otherClient.calls.isEmpty, "never sent with another partition's client")

        // Back in the first workspace (a new generation): sent again with the same key.
        let g3 = try f.store.beginGeneration(desk)
        let back = await f.engine.activate(partition: desk, generation: g3, client: deskClient)
        #expect(back.sent == ids)
        #expect(deskClient.calls.count == 2)
        #expect(deskClient.calls[0].idempotencyKey == deskClient.calls[1].idempotencyKey)
    }
}
