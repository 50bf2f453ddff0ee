import TestSupport
@testable import LiveClients
import Testing

/// How long the start holds the network back (#18): half a second unless the environment says
/// otherwise, within 0…60 s; what is not a number keeps the default.
struct NetworkHoldTests {
    @Test(arguments: [
        (nil, 500), ("2500", 2500), ("0", 0), ("-3", 0), ("999999", 60_000), ("soon", 500), ("", 500),
    ] as [(String?, Int)])
    func theHoldComesFromTheEnvironment(text: String?, milliseconds: Int) {
        let environment = text.map { ["GUESTCRAFT_NETWORK_HOLD_MS": $0] } ?? [:]
        #expect(AppStart.networkHold(environment) == .milliseconds(milliseconds))
    }
}

/// The start's other two waits, raised only for counting it under callgrind (the start's guard,
/// docs/startup.md): the first frame's hold (a quarter of a second) and the screen's wait for
/// the read ahead (50 ms), each within 0…60 s.
struct StartWaitTests {
    @Test func theFirstFrameHoldComesFromTheEnvironment() {
        #expect(AppStart.firstFrame([:]).atMost == .milliseconds(250))
        #expect(AppStart.firstFrame(["GUESTCRAFT_FIRST_FRAME_HOLD_MS": "60000"]).atMost == .seconds(60))
        #expect(AppStart.firstFrame(["GUESTCRAFT_FIRST_FRAME_HOLD_MS": "later"]).atMost == .milliseconds(250))
    }

    @Test func theReadAheadsWaitComesFromTheEnvironment() throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-start-waits")
        #expect(try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path]).start.prefetch.waitAtMostMilliseconds == 50)
        let raised = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path, "GUESTCRAFT_READ_AHEAD_WAIT_MS": "90000"])
        #expect(raised.start.prefetch.waitAtMostMilliseconds == 60_000)
    }
}
