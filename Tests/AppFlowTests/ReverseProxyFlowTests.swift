import AppCore
import AppHarness
import Foundation
import Testing
import TestSupport

/// The real network path (#16; was Tests/e2e/reverse_proxy.sh), the whole program in the
/// process (#33): the demo behind Debian's nginx on loopback, as a hotel's instance sits behind a
/// reverse proxy that terminates TLS (a private CA trusted through GUESTCRAFT_CA_BUNDLE), speaks
/// HTTP/2 and gzips JSON. (The client's own view of the same proxy — one connection, gzip, the
/// 304, the gzip bomb's cap — is HTTPClientTests' ReverseProxyTests.)
@MainActor @Suite(.timeLimit(.minutes(2))) struct ReverseProxyFlowTests {
    /// Without a base URL the demo names the proxy's upstream and pairing is refused naming
    /// api_base_url; with it the housekeeper pairs in the app through the proxy, reads
    /// Housekeeping and My tasks, `r` is a 304; with nginx stopped a room's change waits, and
    /// `guestcraft send` sends it through nginx again, once. nginx's log shows HTTP/2.0 for every
    /// request and gzipped rooms and tasks; a gzip bomb from the proxy ends at the client's cap
    /// with a sentence.
    @Test(.enabled(if: NginxProxy.binary != nil, "nginx not installed (apt-get install nginx-light; make deps installs it)"))
    func throughNginxPairingReadsAnOfflineChangeAndItsSend() async throws {
        let proxy = try NginxProxy()
        let app = try await AppHarness(environment: ["GUESTCRAFT_CA_BUNDLE": proxy.caBundle])
        try proxy.configure(upstream: Int(app.demo.port))
        try await proxy.start()
        defer { proxy.stop(now: true) }

        let upstreamLink = try app.pairingLink(.housekeeper)
        let through = proxy.origin + "/mobile/pair#" + upstreamLink.split(separator: "#")[1]
        let refused = try await app.command(["pair", through, "--yes"])
        #expect(refused.status != 0 && refused.error.contains("(api_base_url)"), "\(refused)")

        try app.restartDemo { $0.baseURL = proxy.origin }
        let link = try app.pairingLink(.housekeeper)
        #expect(link.hasPrefix(proxy.origin + "/mobile/pair#gcp_"), "the link is on the public address: \(link)")
        try await app.start()
        try app.expect("Connect to a GuestCraft instance")
        try await app.paste(link)
        try app.expect("Pair this device with this instance?")
        try app.expect("127.0.0.1:\(proxy.port)")
        try await app.press(.character("y"))
        try app.expect("3 Housekeeping")
        try await app.press(.function(3))
        try app.expect("101 F1")
        try app.expect("All sent")
        try await app.press(.function(4))
        try app.expect("My tasks of 2026-11-02")
        try app.expect("101  ▲ Departure clean")
        try await app.press(.function(3), .character("r"))
        #expect(proxy.accessLogLines.contains { $0.hasPrefix("GET /api/v1/properties/prp_harbour/units HTTP/2.0 304 ") },
                "r reads the rooms again with a 304")
        try await app.quit()

        // The proxy goes away under the app's open HTTP/2 connection (a graceful stop would wait
        // for that connection to end).
        proxy.stop(now: true)
        try await app.start()
        try await app.press(.function(3))
        try app.expect("Offline · last updated")
        try await app.type("101\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")
        try await app.quit()
        let waiting = try await app.command(["status"])
        #expect(waiting.out.hasPrefix("127.0.0.1:\(proxy.port)") && waiting.out.contains("1 to send, 0 to review"), "\(waiting)")

        try await proxy.start()
        let sent = try await app.command(["send"])
        #expect(sent.status == 0 && sent.out.contains("1 sent"), "\(sent)")
        #expect(try await app.stats().writesApplied["units.housekeeping"] == 1)
        #expect(try await app.command(["status"]).out.contains("0 to send, 0 to review"))

        let api = proxy.accessLogLines.filter { $0.contains(" /api/v1/") }
        #expect(!api.isEmpty)
        #expect(api.allSatisfy { $0.contains(" HTTP/2.0 ") }, "every request over HTTP/2: \(api)")
        #expect(api.contains { $0.hasPrefix("GET /api/v1/properties/prp_harbour/units HTTP/2.0 200 ") && $0.contains("content_encoding=gzip") })
        #expect(api.contains { $0.hasPrefix("PUT /api/v1/properties/prp_harbour/units/") && $0.contains("/housekeeping HTTP/2.0 200 ") })
        #expect(api.contains { $0.hasPrefix("GET /api/v1/properties/prp_harbour/tasks?") && $0.contains(" HTTP/2.0 200 ")
            && $0.contains("content_encoding=gzip") })

        // A gzip bomb from the proxy: 64 KB that expand to 64 MiB, past the client's 16 MiB cap.
        let bombHome = try TemporaryDirectory(prefix: "gc-bomb")
        app.commandEnvironment["GUESTCRAFT_HOME"] = bombHome.url.path
        let bomb = try await app.command(["pair", "https://127.0.0.1:\(proxy.bombPort)/mobile/pair#gcp_" + String(repeating: "A", count: 43), "--yes"])
        #expect(bomb.status == 1 && bomb.error == "guestcraft: This address is not a GuestCraft instance.\n", "\(bomb)")
        let bombLog = (try? String(contentsOf: bombHome.url.appendingPathComponent("guestcraft.log"), encoding: .utf8)) ?? ""
        #expect(bombLog.contains("answer body over 16777216 bytes"), "\(bombLog)")
    }
}
