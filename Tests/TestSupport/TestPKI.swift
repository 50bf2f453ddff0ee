import Foundation

/// A CA and leaves for 127.0.0.1 made by openssl at test time: good, expired, not yet valid, for
/// another host (`elsewhere`, other.test), and a self-signed one (`self`, with `self.key`); the
/// leaves share `leaf.key`. For the client's certificate tests and the app's.
public struct TestPKI {
    public let directory: TemporaryDirectory
    public var ca: URL { file("ca.pem") }
    public var key: URL { file("leaf.key") }

    public func file(_ name: String) -> URL { directory.url.appendingPathComponent(name) }

    public init() throws {
        directory = try TemporaryDirectory()
        let url = directory.url
        try FileManager.default.createDirectory(at: url.appendingPathComponent("db"), withIntermediateDirectories: true)
        try Data().write(to: url.appendingPathComponent("db/index.txt"))
        try Data("01\n".utf8).write(to: url.appendingPathComponent("db/serial"))
        try Data("""
            [ca]
            default_ca = test
            [test]
            database = \(url.path)/db/index.txt
            new_certs_dir = \(url.path)/db
            serial = \(url.path)/db/serial
            default_md = sha256
            policy = any
            unique_subject = no
            [any]
            commonName = supplied
            [here]
            subjectAltName = IP:127.0.0.1,DNS:localhost
            [elsewhere]
            subjectAltName = DNS:other.test

            """.utf8).write(to: url.appendingPathComponent("ca.cnf"))
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.openssl(["req", "-x509"] + ec + ["-days", "2", "-subj", "/CN=GuestCraft Test CA",
                                                           "-keyout", file("ca.key").path, "-out", ca.path])
        try Self.openssl(["req"] + ec + ["-subj", "/CN=127.0.0.1", "-keyout", key.path,
                                                 "-out", file("leaf.csr").path])
        func leaf(_ name: String, _ extensions: String, _ dates: [String]) throws {
            try Self.openssl(["ca", "-batch", "-notext", "-config", file("ca.cnf").path, "-cert", ca.path,
                              "-keyfile", file("ca.key").path, "-in", file("leaf.csr").path,
                              "-extensions", extensions, "-out", file("\(name).pem").path] + dates)
        }
        try leaf("good", "here", ["-days", "2"])
        try leaf("expired", "here", ["-startdate", "20200101000000Z", "-enddate", "20200102000000Z"])
        try leaf("future", "here", ["-startdate", "20990101000000Z", "-enddate", "20991231000000Z"])
        try leaf("elsewhere", "elsewhere", ["-days", "2"])
        try Self.openssl(["req", "-x509"] + ec + ["-days", "2", "-subj", "/CN=127.0.0.1",
                                                           "-addext", "subjectAltName=IP:127.0.0.1",
                                                           "-keyout", file("self.key").path,
                                                           "-out", file("self.pem").path])
        // The leaf followed by its root, as a server that sends the whole chain does.
        try (try Data(contentsOf: file("good.pem")) + Data(contentsOf: ca)).write(to: file("chain.pem"))
    }

    /// The PEM texts of the certificate `name` and its key.
    public func pem(_ name: String) throws -> (certificate: String, key: String) {
        (try String(contentsOf: file("\(name).pem"), encoding: .utf8),
         try String(contentsOf: name == "self" ? file("self.key") : key, encoding: .utf8))
    }

    public func remove() { directory.remove() }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestPKIError(description: "openssl \(arguments.first ?? "") exited \(process.terminationStatus)")
        }
    }
}

/// openssl refused to make a certificate.
public struct TestPKIError: Error, CustomStringConvertible {
    public let description: String
}
