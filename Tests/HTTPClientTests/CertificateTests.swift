import Foundation
import HTTPClient
import HTTPServer
import Testing
import TestSupport

extension TestPKI {
    /// A TLS server answering "ok" with the certificate `name` (and its key).
    func server(_ name: String) throws -> TestServer {
        let keyFile = name == "self" ? file("self.key") : key
        let tls = HTTPServerConfiguration.TLS(certificatePEM: try String(contentsOf: file("\(name).pem"), encoding: .utf8),
                                              privateKeyPEM: try String(contentsOf: keyFile, encoding: .utf8))
        return try TestServer(HTTPServerConfiguration(tls: tls)) { _ in .text("ok") }
    }

}

@Suite(.serialized, .timeLimit(.minutes(5))) struct CertificateClassificationTests {
    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    /// The certificate problem `client` meets at `server`, with libcurl's words for the log.
    func problem(_ client: HTTPClient, _ server: TestServer) async -> (HTTPClientError.CertificateProblem, String, String)? {
        do {
            _ = try await client.send(HTTPRequest(url: server.url("/")))
            Issue.record("the request was answered")
        } catch {
            #expect(!error.mayHaveReachedServer)
            if case .certificate(let problem, let host, let detail) = error { return (problem, host, detail) }
            Issue.record("expected a certificate error, got \(error)")
        }
        return nil
    }

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl to make certificates"))
    func eachCertificateProblemIsNamedWithItsHost() async throws {
        let pki = try TestPKI()
        defer { pki.remove() }
        let untrusting = makeClient()
        let trusting = makeClient(environment: ["GUESTCRAFT_CA_BUNDLE": pki.ca.path])
        let cases: [(String, HTTPClient, HTTPClientError.CertificateProblem, String)] = [
            ("self", untrusting, .untrusted, "self-signed certificate"),
            ("good", untrusting, .untrusted, "unable to get local issuer certificate"),
            ("chain", untrusting, .untrusted, "self-signed certificate in certificate chain"),
            ("expired", trusting, .expired, "certificate has expired"),
            ("future", trusting, .notYetValid, "certificate is not yet valid"),
            ("elsewhere", trusting, .wrongHost, "127.0.0.1"),
        ]
        for (name, client, expected, words) in cases {
            let server = try pki.server(name)
            defer { server.stop() }
            let found = await problem(client, server)
            #expect(found?.0 == expected, "\(name)")
            #expect(found?.1 == "127.0.0.1", "\(name)")
            #expect(found?.2.contains(words) == true, "\(name): \(found?.2 ?? "")")
            #expect(server.requestsHandled == 0)
        }
    }

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl to make certificates"))
    func theConfiguredCABundleIsTrustedAndTheEnvironmentWins() async throws {
        let pki = try TestPKI()
        defer { pki.remove() }
        let server = try pki.server("good")
        defer { server.stop() }
        let missing = pki.file("missing.pem").path

        // ca_bundle of the configuration file alone.
        let configured = HTTPClient(configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), environment: [:],
                                                                           caBundle: pki.ca.path),
                                    transport: HTTPTransport())
        let answer = try await configured.send(HTTPRequest(url: server.url("/")))
        #expect(String(decoding: answer.body, as: UTF8.self) == "ok")

        // GUESTCRAFT_CA_BUNDLE set wins over the file's ca_bundle, both ways.
        let environmentWins = HTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), environment: ["GUESTCRAFT_CA_BUNDLE": pki.ca.path], caBundle: missing),
                                         transport: HTTPTransport())
        _ = try await environmentWins.send(HTTPRequest(url: server.url("/")))
        let missingWins = HTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), environment: ["GUESTCRAFT_CA_BUNDLE": missing], caBundle: pki.ca.path),
                                     transport: HTTPTransport())
        let found = await problem(missingWins, server)
        #expect(found?.0 == .caBundleUnreadable(path: missing))
        #expect(found?.1 == "127.0.0.1")
        #expect(server.requestsHandled == 2)
    }
}
