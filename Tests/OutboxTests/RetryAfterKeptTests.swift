import Foundation
import OfflineStore
import Testing
@testable import Outbox
import TestSupport

/// A `Retry-After` is kept in the file (#13): `guestcraft send` right after the app was told to
/// wait (or the app started again) waits too, and sends once the time has come.
@Suite(.timeLimit(.minutes(5))) struct RetryAfterKeptTests {
    @Test(arguments: windows)
    func anotherEngineOnTheSameFileHonoursTheWait(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        try f.queue([change("101", "clean")], generation: g)
        let client = ScriptedClient("app", plan: [
            .fail(.status(code: 429, problemCode: "rate_limited", detail: nil, retryAfter: .seconds(30))),
        ])
        _ = await f.engine.activate(partition: desk, generation: g, client: client)
        #expect(client.calls.count == 1)
        #expect(try f.store.outboxWait(desk, now: f.clock.now)?.status == 429)

        // Another process on the same file (`guestcraft send`): it does not send before the time.
        var registry = OutboxRegistry<ScriptedClient>()
        registry.register(RoomStatus())
        let (clock, sleeper) = (f.clock, f.sleeper)
        let second = OutboxEngine(store: f.store, registry: registry,
                                  timing: OutboxTiming(now: { clock.now }, sleep: { try await sleeper.sleep($0) },
                                                       jitter: { 0.5 }), window: window)
        let send = ScriptedClient("send", plan: [.applied(version: 2)])
        let early = await second.activate(partition: desk, generation: g, client: send)
        #expect(early.stop == .retryLater(status: 429))
        #expect(send.calls.isEmpty, "a second send right after the 429 waits")

        f.clock.advance(31)
        _ = await second.sendNow()
        #expect(send.calls.count == 1, "once the time has come it sends")
        #expect(try f.store.outboxWait(desk, now: f.clock.now) == nil)
    }
}
