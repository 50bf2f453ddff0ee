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
        let pki = try PrivateCA()
        let conf = pki.directory.appendingPathComponent("guestcraft.conf")
        try "# as an administrator writes it\nrequire_lock = no\nca_bundle = \(pki.path("ca.pem"))\n".write(to: conf, atomically: true, encoding: .utf8)
        let none = pki.directory.appendingPathComponent("none.conf").path
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
        #expect(try app.logText().contains("ca_bundle \(pki.path("ca.pem"))"), "the log says which CA file is used")

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
        let missingConf = pki.directory.appendingPathComponent("missing.conf")
        try "ca_bundle = \(pki.path("missing.pem"))\n".write(to: missingConf, atomically: true, encoding: .utf8)
        app.commandEnvironment["GUESTCRAFT_SYSTEM_CONFIG"] = missingConf.path
        let missing = try await app.command(["send"])
        #expect(missing.status != 0, "\(missing)")
        #expect(missing.error.contains("The CA file \(pki.path("missing.pem")) cannot be read"), "\(missing)")
        #expect(try app.logText().contains("ca_bundle \(pki.path("missing.pem")) cannot be read"))
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

/// A CA and leaves for one key, made by openssl: `good` and `expired` for 127.0.0.1, `elsewhere`
/// for other.test.
struct PrivateCA {
    let home: TemporaryDirectory
    var directory: URL { home.url }

    init() throws {
        home = try TemporaryDirectory(prefix: "gc-pki")
        let db = home.url.appendingPathComponent("db")
        try FileManager.default.createDirectory(at: db, withIntermediateDirectories: true)
        try "".write(to: db.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "01\n".write(to: db.appendingPathComponent("serial"), atomically: true, encoding: .utf8)
        try """
            [ca]
            default_ca = test
            [test]
            database = \(db.path)/index.txt
            new_certs_dir = \(db.path)
            serial = \(db.path)/serial
            default_md = sha256
            policy = any
            unique_subject = no
            [any]
            commonName = supplied
            [here]
            subjectAltName = IP:127.0.0.1,DNS:localhost
            [elsewhere]
            subjectAltName = DNS:other.test

            """.write(to: home.url.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                     "-subj", "/CN=GuestCraft-Test-CA", "-keyout", path("ca.key"), "-out", path("ca.pem")])
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=127.0.0.1",
                     "-keyout", path("leaf.key"), "-out", path("leaf.csr")])
        let hour = Date().addingTimeInterval(-3600), later = Date().addingTimeInterval(2 * 86400)
        try leaf("good", "here", Self.stamp(hour), Self.stamp(later))
        try leaf("expired", "here", "20200101000000Z", "20200102000000Z")
        try leaf("elsewhere", "elsewhere", Self.stamp(hour), Self.stamp(later))
    }

    func path(_ name: String) -> String { home.url.appendingPathComponent(name).path }

    /// The demo's TLS with the leaf `name`.
    func tls(_ name: String) throws -> DemoConfiguration.TLS {
        DemoConfiguration.TLS(certificatePEM: try String(contentsOfFile: path(name + ".pem"), encoding: .utf8),
                              privateKeyPEM: try String(contentsOfFile: path("leaf.key"), encoding: .utf8))
    }

    private func leaf(_ name: String, _ extensions: String, _ start: String, _ end: String) throws {
        try openssl(["ca", "-batch", "-notext", "-config", path("ca.cnf"), "-cert", path("ca.pem"), "-keyfile", path("ca.key"),
                     "-in", path("leaf.csr"), "-extensions", extensions, "-startdate", start, "-enddate", end,
                     "-out", path(name + ".pem")])
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("openssl \(arguments.prefix(1)) failed") }
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        return formatter.string(from: date)
    }
}
