import AppCore
import AppHarness
import DemoInstance
import Foundation
import Testing
import TestSupport

/// #35: a hotel's instance with a private CA, then an expired certificate, then one for another
/// host (was Tests/e2e/certificates.sh), the whole program in the process (#33). The demo serves
/// TLS with certificates openssl makes here. `pair` and `send` name what is wrong with the
/// certificate and exit non-zero; the CA given as `ca_bundle` in the system configuration file
/// (GUESTCRAFT_SYSTEM_CONFIG stands in for /etc/guestcraft/guestcraft.conf) is trusted by both —
/// so by the send timer too — and by the app; the app in use names an expired certificate.
@MainActor @Suite(.timeLimit(.minutes(2))) struct CertificatesFlowTests {
    static let untrusted = "The certificate of 127.0.0.1 is not signed by an authority this device trusts"

    @Test func eachCertificateProblemIsNamedAndTheConfiguredCAIsTrusted() async throws {
        let pki = try TestPKI()
        defer { pki.remove() }
        let conf = pki.directory.url.appendingPathComponent("guestcraft.conf")
        try "# as an administrator writes it\nrequire_lock = no\nca_bundle = \(pki.ca.path)\n".write(to: conf, atomically: true, encoding: .utf8)
        let none = pki.directory.url.appendingPathComponent("none.conf").path
        let app = try await AppHarness(environment: ["GUESTCRAFT_SYSTEM_CONFIG": conf.path],
                                       demo: { $0.tls = try? pki.tls("good") })
        #expect(app.demo.origin.hasPrefix("https://127.0.0.1:"))
        let configured = app.commandEnvironment
        var plain = configured
        plain["GUESTCRAFT_SYSTEM_CONFIG"] = none

        app.commandEnvironment = plain
        let refused = try await app.command(["pair", try app.pairingLink(.housekeeper), "--yes"])
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.error.contains(Self.untrusted), "\(refused)")
        #expect(refused.error.contains("ca_bundle in /etc/guestcraft/guestcraft.conf") && refused.error.contains("update-ca-certificates"),
                "the sentence says what to do: \(refused)")
        #expect(try app.logText().contains("unable to get local issuer certificate"), "the log has OpenSSL's reason")

        app.commandEnvironment = configured
        let paired = try await app.command(["pair", try app.pairingLink(.housekeeper), "--yes"])
        #expect(paired.status == 0, "\(paired)")
        #expect(try app.logText().contains("ca_bundle \(pki.ca.path)"), "the log says which CA file is used")

        try await app.start()
        try app.expect("Harbour View Hotel")
        try await app.press(.character("j"), .enter)
        try app.expect("3 Housekeeping")
        try await app.quit()

        try app.restartDemo { $0.tls = try? pki.tls("expired") }
        try await app.start()
        try app.expect("The certificate of 127.0.0.1 has expired")
        try await app.press(.function(3))
        try app.expect("Offline")
        try await app.type("101\n")
        try await app.press(.character("c"))
        try app.expect("1 to send")
        try await app.quit()

        let expired = try await app.command(["send"])
        #expect(expired.status != 0, "\(expired)")
        #expect(expired.error.contains("The certificate of 127.0.0.1 has expired"), "\(expired)")

        try app.restartDemo { $0.tls = try? pki.tls("good") }
        app.commandEnvironment = plain
        let untrusted = try await app.command(["send"])
        #expect(untrusted.status != 0 && untrusted.error.contains(Self.untrusted), "\(untrusted)")
        let missingConf = pki.directory.url.appendingPathComponent("missing.conf")
        try "ca_bundle = \(pki.file("missing.pem").path)\n".write(to: missingConf, atomically: true, encoding: .utf8)
        app.commandEnvironment["GUESTCRAFT_SYSTEM_CONFIG"] = missingConf.path
        let missing = try await app.command(["send"])
        #expect(missing.status != 0, "\(missing)")
        #expect(missing.error.contains("The CA file \(pki.file("missing.pem").path) cannot be read"), "\(missing)")
        #expect(try app.logText().contains("ca_bundle \(pki.file("missing.pem").path) cannot be read"))
        app.commandEnvironment = configured
        let sent = try await app.command(["send"])
        #expect(sent.status == 0 && sent.out.contains("1 sent, 0 to send"), "\(sent)")

        let link = try app.pairingLink(.supervisor)
        try app.restartDemo { $0.tls = try? pki.tls("elsewhere") }
        let otherHome = try TemporaryDirectory(prefix: "gc-other")
        app.commandEnvironment["GUESTCRAFT_HOME"] = otherHome.url.path
        let wrongHost = try await app.command(["pair", link, "--yes"])
        #expect(wrongHost.status != 0, "\(wrongHost)")
        #expect(wrongHost.error.contains("The certificate of 127.0.0.1 is made out for another address"), "\(wrongHost)")
    }
}

extension TestPKI {
    /// The demo's TLS with the leaf `name`.
    func tls(_ name: String) throws -> DemoConfiguration.TLS {
        let (certificate, key) = try pem(name)
        return DemoConfiguration.TLS(certificatePEM: certificate, privateKeyPEM: key)
    }
}
