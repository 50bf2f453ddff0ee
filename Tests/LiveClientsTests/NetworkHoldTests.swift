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
        #expect(LiveServices.networkHold(environment) == .milliseconds(milliseconds))
    }
}
