import Foundation
import GuestCraftAPI
@testable import InstanceClient
import Testing

@Suite struct AddressTests {
    func normalized(_ text: String, _ environment: [String: String] = [:]) -> String? {
        if case .success(let origin) = InstanceAddress.normalize(text, environment: environment) { return origin.string }
        return nil
    }

    func problem(_ text: String, _ environment: [String: String] = [:]) -> InstanceAddress.Problem? {
        if case .failure(let problem) = InstanceAddress.normalize(text, environment: environment) { return problem }
        return nil
    }

    @Test func aTypedHostBecomesHTTPS() {
        #expect(normalized("hotel.example.com") == "https://hotel.example.com")
        #expect(normalized("  Hotel.Example.COM  ") == "https://hotel.example.com")
        #expect(normalized("HTTPS://hotel.example.com/") == "https://hotel.example.com")
        #expect(normalized("hotel.example.com:8443") == "https://hotel.example.com:8443")
        #expect(normalized("https://hotel.example.com:443") == "https://hotel.example.com")
        #expect(normalized("https://hotel.example.com/dashboard?x=1#top") == "https://hotel.example.com")
        #expect(normalized("[::1]:8080") == "https://[::1]:8080")
    }

    /// URLComponents takes `[fe81%25eth0]` as a bracketed host, but the origin it gave was written
    /// `https://fe81%eth0` (no colon, so no brackets), which is no URL: the instance could not be
    /// asked and, saved in credentials.json, it could not be read back, which makes the whole file
    /// unreadable. Found by the `address` fuzz target (Tests/Fuzz/Regressions/address).
    @Test func anOriginThatDoesNotReadBackFromItsOwnTextIsRefused() {
        #expect(problem("https://[fe81%25eth0]") == .invalid)
        #expect(problem("http://[fe81%25eth0]:80", ["GUESTCRAFT_ALLOW_HTTP": "1"]) == .invalid)
        #expect(InstanceOrigin(scheme: "https", host: "[fe81%eth0]", port: nil) == nil)
        #expect(InstanceOrigin(scheme: "https", host: "hotel example", port: nil) == nil)
        // Still accepted: what reads back.
        #expect(normalized("https://[fe80::1%25eth0]:8443") != nil)
        #expect(normalized("[::1]:8080") == "https://[::1]:8080")
    }

    /// URLComponents lets C1 controls (U+0080–U+009F: NEL, CSI …) through inside a bracketed host;
    /// the host is shown to the person (Connect, the pairing question) and written into files. Found
    /// by the `address` and `pairing` fuzz targets (Tests/Fuzz/Regressions/address, …/pairing).
    @Test func aHostWithAC1ControlIsRefused() throws {
        #expect(problem("https://[fe80::1%\u{85}]") == .invalid)
        #expect(InstanceOrigin(scheme: "https", host: "fe80::1%\u{9B}31m", port: nil) == nil)
        #expect(throws: PairingError.malformedLink) {
            try Pairing.parse("https://[::1%\u{94}]:8443/mobile/pair#gcp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                              environment: [:])
        }
    }

    @Test func plainHTTPOnlyForLoopbackOrWhenAllowed() {
        #expect(problem("http://hotel.example.com") == .notHTTPS)
        #expect(normalized("http://hotel.example.com", ["GUESTCRAFT_ALLOW_HTTP": "1"]) == "http://hotel.example.com")
        #expect(problem("http://hotel.example.com", ["GUESTCRAFT_ALLOW_HTTP": "0"]) == .notHTTPS)
        #expect(normalized("http://127.0.0.1:8080") == "http://127.0.0.1:8080")
        #expect(normalized("http://localhost:8080") == "http://localhost:8080")
        #expect(normalized("http://127.0.0.1:80") == "http://127.0.0.1")
    }

    @Test func whatIsNotAnAddressIsRefused() {
        for text in ["", "   ", "ftp://hotel.example.com", "https://user:pw@hotel.example.com",
                     "https://user@hotel.example.com", "hotel example.com", "https://", "hotel.example.com:99999",
                     "hotel.example.com\u{7}"] {
            #expect(problem(text) == .invalid, "\(text)")
        }
    }

    @Test func originsCompareWithoutDefaultPorts() {
        #expect(InstanceOrigin(string: "https://a.example:443/x") == InstanceOrigin(string: "https://A.example"))
        #expect(InstanceOrigin(string: "https://a.example:8443") != InstanceOrigin(string: "https://a.example"))
        #expect(InstanceOrigin(string: "http://a.example") != InstanceOrigin(string: "https://a.example"))
        #expect(InstanceOrigin(string: "http://127.0.0.1:80")?.string == "http://127.0.0.1")
        #expect(InstanceOrigin(string: "mailto:someone@example.com") == nil)
    }

    @Test func anOriginBuildsURLsOnlyUnderItself() throws {
        let origin = try #require(InstanceOrigin(string: "https://hotel.example.com"))
        #expect(origin.url("/api/v1/instance")?.absoluteString == "https://hotel.example.com/api/v1/instance")
        #expect(origin.url("//evil.example/api") == nil)
        #expect(origin.url("@evil.example/api") == nil)
        #expect(origin.url("api") == nil)
        // A path parameter that looks like a host is percent-encoded into the path.
        let endpoint = Endpoints.unitsGet(propertyID: PropertyID("@evil.example"), unitID: UnitID("../../x"))
        let url = try #require(origin.url(endpoint.pathAndQuery))
        #expect(InstanceOrigin(url: url) == origin)
    }
}

@Suite struct SemanticVersionTests {
    @Test func parsesAndOrders() throws {
        let versions = ["0.0.9", "0.1.0-alpha", "0.1.0-alpha.1", "0.1.0-alpha.beta", "0.1.0-beta.2",
                        "0.1.0-beta.11", "0.1.0-rc.1", "0.1.0", "0.2.0", "1.0.0", "1.10.0"]
        let parsed = try versions.map { try #require(SemanticVersion($0)) }
        for (a, b) in zip(parsed, parsed.dropFirst()) { #expect(a < b, "\(a) < \(b)") }
        #expect(SemanticVersion("1.2.3+build.5") == SemanticVersion(1, 2, 3))
        #expect(SemanticVersion("1.2.3")?.description == "1.2.3")
    }

    @Test func refusesOtherShapes() {
        for text in ["", "1", "1.2", "1.2.3.4", "01.2.3", "1.2.x", "v1.2.3", "1.2.3-", "1.2.3-a..b", " 1.2.3"] {
            #expect(SemanticVersion(text) == nil, "\(text)")
        }
    }
}

@Suite struct DeviceNameDefaultTests {
    @Test func hostnameAndTerminal() {
        #expect(DefaultDeviceName.make(hostname: "fd-desk-01") == "fd-desk-01 terminal")
        #expect(DefaultDeviceName.make(hostname: "hk-handheld-07.hotel.local") == "hk-handheld-07 terminal")
        #expect(DefaultDeviceName.make(hostname: "10.0.0.7") == "10.0.0.7 terminal")
        #expect(DefaultDeviceName.make(hostname: "") == "GuestCraft terminal")
        #expect(DefaultDeviceName.make(hostname: "bad\u{202E}host") == "GuestCraft terminal")
        let long = DefaultDeviceName.make(hostname: String(repeating: "h", count: 300))
        #expect(long.count == DeviceName.maximumLength && long.hasSuffix(" terminal"))
        // This machine's name gives a valid name too.
        #expect(throws: Never.self) { try DeviceName.validate(DefaultDeviceName.make()).get() }
    }
}

@Suite struct PKCETests {
    @Test func challengeIsTheRFC7636Example() throws {
        // RFC 7636 Appendix B.
        let pkce = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func verifiersAreRandomAndInRange() {
        let a = PKCE(), b = PKCE()
        #expect(a.verifier != b.verifier)
        #expect(a.verifier.count == 43)
        #expect(PKCE(byteCount: 96).verifier.count == 128)
        #expect(PKCE(byteCount: 1000).verifier.count == 128)
        #expect(PKCE.isValidVerifier(a.verifier))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 42)))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 129)))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 42) + "+"))
        #expect(PKCE.makeState() != PKCE.makeState())
        #expect(PKCE.makeState().count == 43)
    }
}

@Suite struct PairingLinkTests {
    let code = CredentialPrefix.make(prefix: "gcp_", bytes: Array(repeating: 9, count: 32))

    func parse(_ text: String, _ environment: [String: String] = [:]) -> Result<(InstanceOrigin, String), PairingError> {
        do {
            let parsed = try Pairing.parse(text, environment: environment)
            return .success((parsed.origin, parsed.code))
        } catch {
            return .failure(error)
        }
    }

    @Test func theOneShapeIsAccepted() throws {
        let parsed = try Pairing.parse("  https://Hotel.Example.com/mobile/pair#\(code)\n", environment: [:])
        #expect(parsed.origin.string == "https://hotel.example.com")
        #expect(parsed.code == code)
        let port = try Pairing.parse("https://hotel.example.com:8443/mobile/pair#\(code)", environment: [:])
        #expect(port.origin.string == "https://hotel.example.com:8443")
        let loopback = try Pairing.parse("http://127.0.0.1:4000/mobile/pair#\(code)", environment: [:])
        #expect(loopback.origin.string == "http://127.0.0.1:4000")
    }

    @Test func everyOtherShapeIsMalformed() {
        let bad = [
            "https://hotel.example.com/mobile/pair?x=1#\(code)",
            "https://hotel.example.com/mobile/pair?#\(code)",
            "https://user@hotel.example.com/mobile/pair#\(code)",
            "https://user:pw@hotel.example.com/mobile/pair#\(code)",
            "https://hotel.example.com/mobile/pair/#\(code)",
            "https://hotel.example.com/mobile/Pair#\(code)",
            "https://hotel.example.com/mobile/pair#\(code.dropLast())",
            "https://hotel.example.com/mobile/pair#\(code)x",
            "https://hotel.example.com/mobile/pair#gcd_" + code.dropFirst(4),
            "https://hotel.example.com/mobile/pair",
            "hotel.example.com/mobile/pair#\(code)",
            "ftp://hotel.example.com/mobile/pair#\(code)",
            code,
        ]
        for text in bad {
            if case .failure(let error) = parse(text) {
                #expect(error == .malformedLink, "\(text)")
            } else {
                Issue.record("accepted \(text)")
            }
        }
    }

    @Test func plainHTTPOnlyWhereConnectAllowsIt() {
        let link = "http://hotel.example.com/mobile/pair#\(code)"
        if case .failure(let error) = parse(link) { #expect(error == .notHTTPS) } else { Issue.record("accepted") }
        if case .failure(let error) = parse(link, ["GUESTCRAFT_ALLOW_HTTP": "1"]) { Issue.record("\(error)") }
    }
}
