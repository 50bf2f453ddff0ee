import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Browser sign-in: /mobile/authorize, PKCE S256, loopback redirects, single-use codes")
struct SignInTests {
    @Test func theFormNamesTheDeviceAndEscapesIt() async throws {
        let demo = try Demo()
        var browser = BrowserSignIn(demo)
        browser.deviceName = "Desk <b>2</b> & \"co\""
        let page = try await browser.page()
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("Desk &lt;b&gt;2&lt;/b&gt; &amp; &quot;co&quot;"))
        #expect(!page.text.contains("<b>2</b>"))
        #expect(page.text.contains("name=\"password\""))
        #expect(page.text.contains("the password is <code>demo</code>"))
    }

    @Test func aBadRequestShowsAnErrorPageAndNeverRedirects() async throws {
        let demo = try Demo()
        let browser = BrowserSignIn(demo)
        func with(_ name: String, _ value: String?) -> [(String, String)] {
            var pairs = browser.query.filter { $0.0 != name }
            if let value { pairs.append((name, value)) }
            return pairs
        }
        let cases: [[(String, String)]] = [
            with("redirect_uri", "https://evil.example/callback"),
            with("redirect_uri", "http://127.0.0.1/callback"),
            with("redirect_uri", "http://127.0.0.1:5000/elsewhere"),
            with("redirect_uri", "http://localhost:5000/callback"),
            with("redirect_uri", "other.app://auth"),
            with("redirect_uri", nil),
            with("code_challenge_method", "plain"),
            with("code_challenge", nil),
            with("code_challenge", "tooShort"),
            with("state", nil),
            with("state", ""),
            with("device_name", "bell\u{7}"),
            with("device_name", "   "),
            with("response_type", "token"),
        ]
        for pairs in cases {
            let page = try await browser.page(pairs)
            #expect(page.status == 400, "\(pairs)")
            #expect(page.headers["location"] == nil)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            let posted = try await browser.post(pairs + [("member", "frontdesk"), ("password", "demo")])
            #expect(posted.location == nil)
            #expect(posted.response?.status == 400)
        }
        #expect(try await browser.page(with("redirect_uri", "dev.guestcraft.app://auth")).status == 200)
    }

    @Test func aWrongPasswordShowsTheFormAgain() async throws {
        let demo = try Demo()
        let browser = BrowserSignIn(demo)
        let wrong = try await browser.signIn("frontdesk", password: "nope")
        #expect(wrong.page.status == 200)
        #expect(wrong.cookie == nil)
        #expect(wrong.page.text.contains("Wrong member or password."))
        let unknown = try await browser.signIn("nobody")
        #expect(unknown.cookie == nil)
        let byEmail = try await browser.signIn("Manager@demo.guestcraft.test")
        #expect(byEmail.cookie != nil)
        #expect(byEmail.page.text.contains("Marta Lindqvist"))
        #expect(byEmail.page.text.contains("Allow fd-desk-01 terminal?"))
    }

    @Test func allowRedirectsWithACodeThatSignsTheDeviceIn() async throws {
        let demo = try Demo()
        let browser = BrowserSignIn(demo)
        let code = try await browser.code("supervisor")
        #expect(CredentialPrefix.isSignInCode(code))
        let created = try await demo.send("POST", "/api/v1/device_sessions", json: browser.grant(code))
        #expect(created.status == 201)
        let session = try created.decode(DeviceSessionCreated.self)
        #expect(session.user.id == "usr_supervisor")
        #expect(session.deviceSession.name == "fd-desk-01 terminal")
        #expect(try await demo.get("/api/v1/workspaces", token: session.token).status == 200)

        // The code served its one attempt; a second use also revokes the session the first made.
        expectProblem(try await demo.send("POST", "/api/v1/device_sessions", json: browser.grant(code)), 400,
                      .deviceSessionInvalidGrant)
        expectProblem(try await demo.get("/api/v1/workspaces", token: session.token), 401, .authUnauthenticated)
    }

    @Test func cancelRedirectsWithAccessDenied() async throws {
        let demo = try Demo()
        var browser = BrowserSignIn(demo)
        browser.state = "a state/with spaces"
        let cookie = try #require(try await browser.signIn("frontdesk").cookie)
        let location = try #require(try await browser.decide("cancel", cookie: cookie))
        let components = try #require(URLComponents(string: location))
        #expect(components.host == "127.0.0.1" && components.port == 49152 && components.path == "/callback")
        #expect(components.queryItems?.first { $0.name == "error" }?.value == "access_denied")
        #expect(components.queryItems?.first { $0.name == "state" }?.value == "a state/with spaces")
        #expect(components.queryItems?.contains { $0.name == "code" } == false)
        // Without the browser session a decision shows the form again.
        let signedOut = try await browser.post(browser.query + [("decision", "allow")])
        #expect(signedOut.location == nil)
        #expect(signedOut.response?.text.contains("Sign in first.") == true)
    }

    @Test func aCustomSchemeOfTheMobileAppIsAccepted() async throws {
        let demo = try Demo()
        var browser = BrowserSignIn(demo)
        browser.redirectURI = "dev.guestcraft.app://auth"
        let code = try await browser.code()
        #expect(try await demo.send("POST", "/api/v1/device_sessions", json: browser.grant(code)).status == 201)
    }

    @Test func everyMismatchOfTheGrantIsInvalidAndUsesTheCode() async throws {
        let clock = DemoClock(fixedAt: Instant(rfc3339: "2026-11-02T08:00:00Z")!)
        let demo = try Demo(clock: clock)
        let browser = BrowserSignIn(demo)
        let wrongVerifier = String(repeating: "v", count: 43)
        let mismatches: [(String) -> String] = [
            { browser.grant($0, verifier: wrongVerifier) },
            { browser.grant($0, verifier: String(browser.verifier.dropLast(3))) },
            { browser.grant($0, redirectURI: "http://127.0.0.1:49153/callback") },
            { browser.grant($0, deviceName: "another device") },
        ]
        for mismatch in mismatches {
            let code = try await browser.code()
            expectProblem(try await demo.send("POST", "/api/v1/device_sessions", json: mismatch(code)), 400,
                          .deviceSessionInvalidGrant)
            expectProblem(try await demo.send("POST", "/api/v1/device_sessions", json: browser.grant(code)), 400,
                          .deviceSessionInvalidGrant)
        }
        let late = try await browser.code()
        clock.advance(seconds: 121)
        expectProblem(try await demo.send("POST", "/api/v1/device_sessions", json: browser.grant(late)), 400,
                      .deviceSessionInvalidGrant)
        let inTime = try await browser.code()
        clock.advance(seconds: 119)
        #expect(try await demo.send("POST", "/api/v1/device_sessions", json: browser.grant(inTime)).status == 201)
    }

    @Test func theWebPairsADeviceForTheSignedInMember() async throws {
        let demo = try Demo()
        let browser = BrowserSignIn(demo)
        let signedOut = try await demo.get("/mobile/pair")
        #expect(signedOut.status == 200)
        #expect(signedOut.text.contains("name=\"intent\" value=\"pair\""))
        let wrong = try await browser.post([("intent", "pair"), ("member", "housekeeper"), ("password", "x")])
        #expect(wrong.response?.text.contains("Wrong member or password.") == true)
        let right = try await browser.post([("intent", "pair"), ("member", "housekeeper"), ("password", "demo")])
        #expect(right.location == "/mobile/pair")

        let cookie = try #require(try await browser.signIn("housekeeper").cookie)
        let page = try await demo.get("/mobile/pair", headers: ["Cookie": cookie])
        #expect(page.text.contains("Hana Kowalski"))
        #expect(page.text.contains("action=\"/api/v1/device_pairings\""))
        let html = try await demo.send("POST", "/api/v1/device_pairings",
                                       headers: ["Cookie": cookie, "Accept": "text/html,application/xhtml+xml"])
        #expect(html.status == 201)
        let link = try #require(html.text.range(of: "\(demo.origin)/mobile/pair#gcp_[A-Za-z0-9_-]{43}", options: .regularExpression))
        let code = try #require(PairingLink(String(html.text[link]))).pairingCode

        let json = try await demo.send("POST", "/api/v1/device_pairings", headers: ["Cookie": cookie])
        let issued = try json.decode(DevicePairingIssued.self)
        #expect(issued.expiresIn == 120)
        #expect(issued.pairingURL == "\(demo.origin)/mobile/pair#\(issued.pairingCode)")
        for pairingCode in [code, issued.pairingCode] {
            let created = try await demo.send("POST", "/api/v1/device_sessions",
                                              json: #"{"pairing_code": "\#(pairingCode)", "device_name": "handheld"}"#)
            #expect(try created.decode(DeviceSessionCreated.self).user.id == "usr_housekeeper")
        }
    }
}
