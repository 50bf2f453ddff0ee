import AppCore
import AppHarness
import DemoInstance
import Foundation
import Testing
import TestSupport

/// A proxy that drops the `Authorization` header (`proxy_set_header Authorization ""`, #35), the
/// whole program in the process (#33): the housekeeper's change meets a 401 for a token that is
/// still good. It is kept, sealed to her; the screen says so and hints at the proxy; a colleague
/// who pairs on the same device sees none of it; once the proxy is fixed and she pairs again, it
/// is sent once. (`guestcraft send`'s side: LiveClientsTests' SignedOutByProxyTests.)
@MainActor @Suite(.timeLimit(.minutes(2))) struct SignedOutByProxyFlowTests {
    @Test func aChangeRefusedByAProxyIsKeptForItsPersonAndSentOnceAfterSheSignsInAgain() async throws {
        let app = try await AppHarness()
        let proxy = try AuthorizationStrippingProxy(upstream: app.demo.origin)
        defer { proxy.stop() }
        func link(_ member: DemoMember) throws -> String {
            try app.pairingLink(member).replacingOccurrences(of: app.demo.origin, with: proxy.origin)
        }
        func writes() async throws -> Int { try await app.stats().writesApplied["units.housekeeping", default: 0] }

        // Paired while the proxy still passed the header; the copy-pasted line goes in afterwards.
        proxy.strips = false
        #expect(try await app.command(["pair", try link(.housekeeper), "--yes"]).status == 0)
        try await app.start()
        try await app.press(.function(3))
        try app.expect("101 F1")
        try app.expect("All sent")
        proxy.strips = true
        try await app.type("101\n")
        try await app.press(.character("c"))
        try app.expect("Signed out by the instance: 1 change is kept for you.")
        try app.expect("A proxy may be dropping the Authorization header")
        try app.expect("Sign in with a browser")
        #expect(proxy.stripped > 0)
        #expect(try await writes() == 0)
        try await app.quit()
        let signedOut = try await app.command(["status"])
        #expect(!signedOut.out.contains("Hana"), "her session is forgotten: \(signedOut)")

        // A colleague pairs on the same device, through the fixed proxy: nothing of Hana's is
        // hers to see or to send.
        proxy.strips = false
        #expect(try await app.command(["pair", try link(.supervisor), "--yes"]).status == 0)
        try await app.start()
        try app.expect("Choose a property")
        try await app.press(.down, .enter)
        try await app.press(.function(3))
        try app.expect("101 F1")
        try app.expect("All sent")
        app.expectNo("↑")
        try await app.press(.function(5))
        try app.expect("Signed in  Samir Haddad")
        app.expectNo("Hana")
        app.expectNo("Accounts on this device")
        try await app.quit()
        #expect(try await app.command(["send"]).status == 0)
        #expect(try await writes() == 0, "the supervisor's device sends nothing of Hana's")

        // Hana pairs again: her kept change goes by itself, once.
        #expect(try await app.command(["pair", try link(.housekeeper), "--yes"]).status == 0)
        try await app.start()
        try app.expect("Samir Haddad")
        try await app.press(.function(5))
        try app.expect("Accounts on this device (2)")
        try await app.press(.character("a"))
        try app.expect("101 F1")
        try app.expect("All sent")
        #expect(try await writes() == 1)
        #expect(app.line(containing: "101 ")?.hasSuffix("✓ Clean") == true, "\(app.screenText)")
        try await app.advance(by: .seconds(30))
        #expect(try await writes() == 1, "sent once")
        try await app.quit()
    }
}
