import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPServer
@testable import InstanceClient
import Testing

/// Each refusal of SPEC §4, produced by a demo run that is wrong in that way (or a server that is
/// not GuestCraft), each with its own error.
@Suite struct ConnectTests {
    func connect(_ address: String, environment: [String: String] = [:],
                 appVersion: SemanticVersion = SemanticVersion.thisApp) async -> Result<ConnectedInstance, ConnectError> {
        let connector = InstanceConnector(http: makeHTTP(environment: environment), appVersion: appVersion)
        do {
            return .success(try await connector.connect(address))
        } catch {
            return .failure(error)
        }
    }

    @Test func aDemoInstancePassesEveryCheck() async throws {
        let demo = try Demo()
        let instance = try await connect(demo.address).get()
        #expect(instance.origin == demo.origin)
        #expect(instance.name == "Harbour View Demo")
        #expect(instance.offersPairing && instance.offersBrowserSignIn)
        #expect(Set(instance.capabilities) == Set(Capability.all))
        #expect(instance.etag != nil)
        // Typed with another spelling of the same origin.
        #expect(try await connect("  HTTP://127.0.0.1:\(demo.instance.port)/whatever  ").get().origin == demo.origin)
    }

    @Test func plainHTTPToAnAddressThatIsNotLoopbackIsNotHTTPS() async throws {
        if let ip = nonLoopbackIPv4() {
            // The demo listens on every address; over this machine's LAN address it is plain http.
            let demo = try Demo(DemoConfiguration(host: "0.0.0.0", rooms: 8))
            let address = "http://\(ip):\(demo.instance.port)"
            #expect(await connect(address).failureValue == .notHTTPS)
            #expect(try await demo.requests(.instanceDiscovery) == 0)
            // The same address is fine where development allows http: the refusal was the scheme alone.
            #expect(try await connect(address, environment: ["GUESTCRAFT_ALLOW_HTTP": "1"]).get().name == "Harbour View Demo")
        }
        #expect(await connect("http://hotel.example.com").failureValue == .notHTTPS)
        #expect(await connect("ftp://hotel.example.com").failureValue == .invalidAddress)
    }

    @Test func nothingListeningIsUnreachable() async throws {
        let demo = try Demo()
        let address = demo.address
        demo.stop()
        #expect(await connect(address).failureValue == .unreachable(.couldNotConnect))
    }

    @Test func serversThatAreNotGuestCraftAreSaidToBeSo() async throws {
        let server = try PlainServer { request in
            switch request.path {
            case "/.well-known/guestcraft" where request.header("x-case") == nil:
                return .text("<html>It works!</html>", contentType: "text/html")
            default:
                return .text("Not found", status: 404)
            }
        }
        defer { server.stop() }
        let html = await connect(server.origin.string).failureValue
        #expect(html == .notGuestCraft("200: Content-Type text/html, not JSON"))

        let shapes = try PlainServer { request in
            switch request.path {
            case "/.well-known/guestcraft":
                return .text("{\"name\":\"Some other API\",\"version\":3}", contentType: "application/json")
            default:
                return .text("Not found", status: 404)
            }
        }
        defer { shapes.stop() }
        guard case .notGuestCraft(let why) = await connect(shapes.origin.string).failureValue else {
            Issue.record("JSON of another shape was accepted")
            return
        }
        #expect(why.contains("missing"))

        let missing = try PlainServer { _ in .text("Not found", status: 404) }
        defer { missing.stop() }
        #expect(await connect(missing.origin.string).failureValue
                == .notGuestCraft("404: an error status without a problem document"))

        let redirecting = try PlainServer { _ in
            .bytes(Data(), status: 301, headers: [(name: "Location", value: "https://elsewhere.example/")])
        }
        defer { redirecting.stop() }
        #expect(await connect(redirecting.origin.string).failureValue
                == .notGuestCraft("301: redirect refused (never followed)"))
    }

    /// #35: an nginx 502 at Connect said "This address is not a GuestCraft instance"; a proxy's
    /// 502/503/504 page says the instance behind it is not answering. A 503 with a problem
    /// document is the instance itself, busy.
    @Test func aProxysGatewayErrorIsTheInstanceBehindItNotAnswering() async throws {
        for status in [502, 503, 504] {
            let proxy = try PlainServer { _ in
                .text("<html><center><h1>\(status) Bad Gateway</h1></center><hr><center>nginx</center></html>",
                      status: status, contentType: "text/html")
            }
            defer { proxy.stop() }
            #expect(await connect(proxy.origin.string).failureValue == .gatewayNotAnswering(status: status))
        }
        let busy = try PlainServer { _ in
            .text(#"{"type":"urn:guestcraft:problem:instance.unavailable","title":"Unavailable","status":503,"code":"instance.unavailable"}"#,
                  status: 503, contentType: "application/problem+json")
        }
        defer { busy.stop() }
        #expect(await connect(busy.origin.string).failureValue == .unavailable(retryAfter: nil))
    }

    @Test func anInstanceWithoutDeviceSessionsIsTooOld() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, capabilities: Capability.all.filter { $0 != .mobileSessions }))
        #expect(await connect(demo.address).failureValue == .instanceTooOld)
    }

    @Test func anInstanceNeedingANewerAppSaysWhichVersion() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, minAppVersion: "2.5.0"))
        #expect(await connect(demo.address).failureValue == .appTooOld(minimum: "2.5.0"))
        #expect(try await connect(demo.address, appVersion: SemanticVersion(2, 5, 0)).get().name == "Harbour View Demo")
        #expect(await connect(demo.address, appVersion: SemanticVersion(2, 5, 0, preRelease: ["rc", "1"])).failureValue
                == .appTooOld(minimum: "2.5.0"))
    }

    /// A proxy in front of `demo` that lets `change` edit the discovery document it passes on;
    /// `change` gets the document with every URL already on the proxy's own origin, and the demo's origin.
    func publish(_ demo: Demo, _ change: @escaping @Sendable (inout InstanceDescription, String) -> Void) throws -> ReverseProxy {
        let published = Shared("")
        let demoOrigin = demo.origin.string
        let proxy = try ReverseProxy(target: demo.origin) { path, body in
            guard path == "/.well-known/guestcraft" || path == "/api/v1/instance",
                  var document = try? APIJSON.decode(InstanceDescription.self, from: body) else { return body }
            let mine = published.value
            document.apiBaseURL = document.apiBaseURL.replacingOccurrences(of: demoOrigin, with: mine)
            document.auth.authorizeURL = document.auth.authorizeURL.replacingOccurrences(of: demoOrigin, with: mine)
            document.auth.tokenURL = document.auth.tokenURL.replacingOccurrences(of: demoOrigin, with: mine)
            document.auth.pairingURLPrefix = document.auth.pairingURLPrefix.replacingOccurrences(of: demoOrigin, with: mine)
            change(&document, demoOrigin)
            return (try? APIJSON.encode(document)) ?? body
        }
        published.update { $0 = proxy.origin.string }
        return proxy
    }

    @Test func anInstancePublishedUnderAnotherAddressHasItsAPIOnAnotherOrigin() async throws {
        let demo = try Demo()
        // The demo names the address it was reached at; a proxy that reaches it under the demo's
        // own address passes on a document whose every URL points at the demo, not at the proxy.
        let proxy = try ReverseProxy(target: demo.origin)
        defer { proxy.stop() }
        let direct = await connect(proxy.origin.string)
        #expect(direct.failureValue == .otherOrigin(member: "api_base_url"), "\(direct)")
        // The same through a proxy that publishes its own URLs is fine ...
        let faithful = try publish(demo) { _, _ in }
        defer { faithful.stop() }
        #expect(try await connect(faithful.origin.string).get().origin == faithful.origin)
        // ... unless one sign-in URL is left on the demo's origin.
        let authorize = try publish(demo) { document, demoOrigin in document.auth.authorizeURL = demoOrigin + "/mobile/authorize" }
        defer { authorize.stop() }
        #expect(await connect(authorize.origin.string).failureValue == .otherOrigin(member: "auth.authorize_url"))
        let token = try publish(demo) { document, demoOrigin in document.auth.tokenURL = demoOrigin + "/api/v1/device_sessions" }
        defer { token.stop() }
        #expect(await connect(token.origin.string).failureValue == .otherOrigin(member: "auth.token_url"))
        let pairing = try publish(demo) { document, _ in document.auth.pairingURLPrefix = "https://pair.example/mobile/pair" }
        defer { pairing.stop() }
        #expect(await connect(pairing.origin.string).failureValue == .otherOrigin(member: "auth.pairing_url_prefix"))
    }

    /// Each address field of discovery on another origin (another host, scheme or port) is refused
    /// naming that field, whichever other fields are right; the first wrong one in document order.
    @Test(arguments: ["api_base_url", "auth.authorize_url", "auth.token_url", "auth.pairing_url_prefix"])
    func eachAddressFieldOnAnotherOriginIsRefusedByItsName(_ field: String) throws {
        let origin = try #require(InstanceOrigin(string: "https://hotel.example.com"))
        let connector = InstanceConnector(http: makeHTTP())
        try connector.check(discoveryDocument(origin: origin.string), origin: origin)
        for other in ["https://proxy.example.com", "http://hotel.example.com", "https://hotel.example.com:8443"] {
            var document = discoveryDocument(origin: origin.string)
            switch field {
            case "api_base_url": document.apiBaseURL = other + "/api/v1"
            case "auth.authorize_url": document.auth.authorizeURL = other + "/mobile/authorize"
            case "auth.token_url": document.auth.tokenURL = other + "/api/v1/device_sessions"
            default: document.auth.pairingURLPrefix = other + "/mobile/pair"
            }
            #expect(throws: ConnectError.otherOrigin(member: field), "\(field) at \(other)") {
                try connector.check(document, origin: origin)
            }
        }
    }

    @Test func anInstanceWithoutAnySignInThisAppCanUseIsRefused() async throws {
        // Without pairing the demo still offers browser sign-in ...
        let demo = try Demo(DemoConfiguration(rooms: 8, capabilities: Capability.all.filter { $0 != .mobilePairing }))
        let instance = try await connect(demo.address).get()
        #expect(!instance.offersPairing && instance.offersBrowserSignIn)
        // ... and once loopback redirects are off too (the demo always allows them, so a proxy
        // takes them out of the document it publishes), nothing this app can use is left.
        let proxy = try publish(demo) { document, _ in document.auth.loopbackRedirects = false }
        defer { proxy.stop() }
        #expect(await connect(proxy.origin.string).failureValue == .noUsableSignIn)
    }

    @Test func aBusyInstanceIsUnavailableWithItsRetryAfter() async throws {
        let demo = try Demo()
        _ = try await demo.admin.armFault(DemoFaultRequest(operation: .instanceDiscovery, kind: .rateLimit, count: 1,
                                                           retryAfter: 7))
        #expect(await connect(demo.address).failureValue == .unavailable(retryAfter: .seconds(7)))
        #expect(try await connect(demo.address).get().name == "Harbour View Demo")
    }
}
