import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

/// `--base-url` (`DemoConfiguration.baseURL`): the public address of an instance behind a reverse proxy, in every
/// address the instance gives out, whatever address or Host header a request came with.
@Suite("The demo's public address (--base-url)")
struct BaseURLTests {
    static let published = "https://hotel.test:8443"

    @Test func everyAddressInDiscoveryPairingAndSignInIsThePublicOne() async throws {
        let demo = try Demo { $0.baseURL = Self.published }
        #expect(demo.instance.publicOrigin == Self.published)
        #expect(demo.origin.hasPrefix("http://127.0.0.1:"), "it still listens where it was told")
        // A proxy passes the Host it reached the demo with (nginx: the upstream's address by default).
        for headers in [[:], ["Host": "127.0.0.1:1"], ["Host": "alias.example"]] {
            for path in ["/.well-known/guestcraft", "/api/v1/instance"] {
                let discovery = try await demo.get(path, headers: headers).decode(InstanceDescription.self)
                #expect(discovery.apiBaseURL == "\(Self.published)/api/v1")
                #expect(discovery.auth.authorizeURL == "\(Self.published)/mobile/authorize")
                #expect(discovery.auth.tokenURL == "\(Self.published)/api/v1/device_sessions")
                #expect(discovery.auth.pairingURLPrefix == "\(Self.published)/mobile/pair")
            }
            let admin = try await demo.send("POST", "/demo/pairings", json: #"{"member": "housekeeper"}"#,
                                            headers: headers.merging(["X-Demo-Admin-Key": demo.instance.adminKey]) { $1 })
            #expect(try admin.decode(DemoPairingCreated.self).pairingURL.hasPrefix("\(Self.published)/mobile/pair#gcp_"))
        }
        #expect(try demo.instance.pairingURL(for: .frontdesk).hasPrefix("\(Self.published)/mobile/pair#gcp_"))

        // The web's "Pair a device" (JSON and its page) and the sign-in pages, which name no listening address.
        let browser = BrowserSignIn(demo)
        let cookie = try #require(try await browser.signIn("housekeeper").cookie)
        let issued = try await demo.send("POST", "/api/v1/device_pairings", headers: ["Cookie": cookie])
            .decode(DevicePairingIssued.self)
        #expect(issued.pairingURL == "\(Self.published)/mobile/pair#\(issued.pairingCode)")
        let html = try await demo.send("POST", "/api/v1/device_pairings",
                                       headers: ["Cookie": cookie, "Accept": "text/html"])
        #expect(html.text.contains("\(Self.published)/mobile/pair#gcp_"))
        let listening = demo.origin.replacingOccurrences(of: "http://", with: "")
        for page in [html, try await browser.page(), try await demo.get("/mobile/pair", headers: ["Cookie": cookie])] {
            #expect(page.status < 300)
            #expect(!page.text.contains(listening), "a page names the listening address")
        }
    }

    @Test(arguments: [
        ("https://Hotel.TEST:8443/", "https://hotel.test:8443"), ("https://hotel.test:443", "https://hotel.test"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"), ("https://[::1]:9000", "https://[::1]:9000"),
    ])
    func aBaseURLIsItsOrigin(given: String, origin: String) throws {
        #expect(DemoConfiguration.publicOrigin(given) == origin)
    }

    @Test(arguments: ["hotel.test", "ftp://hotel.test", "https://", "https://hotel.test/guestcraft",
                      "https://hotel.test?x=1", "https://hotel.test#top", "https://user@hotel.test", "https://hotel.test:0",
                      "https://ho tel.test"])
    func aBaseURLThatIsNotAnOriginIsRefused(_ given: String) throws {
        #expect(DemoConfiguration.publicOrigin(given) == nil)
        #expect(throws: DemoError.self) { try DemoInstance.start(DemoConfiguration(rooms: 1, baseURL: given)) }
    }
}
