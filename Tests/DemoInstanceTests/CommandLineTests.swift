import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import ProcessSpawn
import Testing
import TestSupport

/// `guestcraft-demo serve` as a process: its first line, its admin key file, signals and restarts on the same data.
@Suite("guestcraft-demo serve")
struct CommandLineTests {
    /// The binary built beside the test runner (`swift build` builds both).
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("guestcraft-demo")

    /// A running `guestcraft-demo` and what it printed first.
    final class Server: Sendable {
        let process: SpawnedProcess
        let firstLine: String
        let errors: SpawnPipe

        init(_ arguments: [String], environment: [String: String]? = nil) async throws {
            try #require(FileManager.default.isExecutableFile(atPath: CommandLineTests.binary.path),
                         "build guestcraft-demo first: \(CommandLineTests.binary.path)")
            let output = try SpawnPipe()
            let errors = try SpawnPipe()
            process = try SpawnedProcess(CommandLineTests.binary.path, arguments: arguments, environment: environment,
                                         stdout: .pipe(output), stderr: .pipe(errors))
            self.errors = errors
            let reader = output.reader
            firstLine = await Task.detached {
                var bytes = Data()
                while !bytes.contains(0x0A) {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
            }.value
        }

        /// Sends a signal and answers the exit status.
        func stop(_ signal: Int32) async -> Int32 {
            if signal != 0 { process.signal(signal) }
            let process = self.process
            return await Task.detached {
                switch process.wait() {
                case .exited(let status): status
                case .signaled(let number): 128 + number
                }
            }.value
        }

        deinit {
            process.signal(SIGKILL)
            process.reapInBackground()
        }
    }

    static func client() -> HTTPClient {
        HTTPClient(configuration: HTTPClientConfiguration(environment: [:]), transport: HTTPTransport())
    }

    @Test func servesUntilSignalledAndASecondStartKeepsTheData() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.appendingPathComponent("demo")
        let first = try await Server(["serve", "--port", "0", "--data", data.path, "--rooms", "30"])
        let match = try #require(first.firstLine.wholeMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)/),
                                 "first line: \(first.firstLine)")
        let port = String(match.1)
        let origin = "http://127.0.0.1:\(port)"
        let key = try String(contentsOf: data.appendingPathComponent("admin-key"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let attributes = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent("admin-key").path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)

        let client = Self.client()
        let discovery = try await client.send(HTTPRequest(url: URL(string: "\(origin)/.well-known/guestcraft")!))
        #expect(discovery.status == 200)
        let change = try await client.send(HTTPRequest(
            method: "POST", url: URL(string: "\(origin)/demo/units/203/housekeeping")!,
            headers: ["X-Demo-Admin-Key": key, "Content-Type": "application/json"], body: Data(#"{"status": "dirty"}"#.utf8)))
        #expect(try change.decode(RoomUnit.self).housekeepingVersion == 6)
        #expect(await first.stop(SIGINT) == 0)

        let second = try await Server(["serve", "--port", port, "--data", data.path])
        #expect(second.firstLine == "listening on \(origin)")
        let stats = try await Self.client().send(HTTPRequest(url: URL(string: "\(origin)/demo/units/203/housekeeping")!,
                                                            headers: ["X-Demo-Admin-Key": key]))
        #expect(stats.status == 405, "the same key opens the admin endpoints")
        let units = try await Self.client().send(HTTPRequest(
            method: "POST", url: URL(string: "\(origin)/demo/units/203/housekeeping")!,
            headers: ["X-Demo-Admin-Key": key, "Content-Type": "application/json"], body: Data(#"{"status": "clean"}"#.utf8)))
        #expect(try units.decode(RoomUnit.self).housekeepingVersion == 7, "the change of the first run was kept")
        #expect(await second.stop(SIGTERM) == 0)
    }

    /// Each server's end is waited for with no bound of its own (#33: it was 5 s); the time limit
    /// ends the wait for one that lost its signal.
    @Test(.timeLimit(.minutes(5)))
    func aSignalSentAsSoonAsItListensIsNeverLost() async throws {
        for _ in 0..<20 {
            let server = try await Server(["serve", "--port", "0", "--rooms", "1"])
            #expect(server.firstLine.hasPrefix("listening on "))
            server.process.signal(SIGTERM)
            while server.process.isRunning, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
            #expect(!server.process.isRunning, "the SIGTERM sent right after 'listening on' was lost")
            guard !server.process.isRunning else { return }
            #expect(server.process.wait() == .exited(0))
        }
    }

    @Test func wrongArgumentsAreSaidOnStandardError() async throws {
        for arguments in [["serve", "--rooms", "0"], ["serve", "--port", "x"], ["serve", "--colour"], ["launch"],
                          ["serve", "--capabilities", "front_desk,teleport"], ["serve", "--tls-cert", "/nonexistent"],
                          ["serve", "--base-url", "hotel.test"], ["serve", "--base-url", "https://hotel.test/gc"]] {
            let server = try await Server(arguments)
            let status = await server.stop(0)
            #expect(status != 0, "\(arguments)")
            #expect(server.firstLine.isEmpty)
            let message = String(decoding: server.errors.reader.readDataToEndOfFile(), as: UTF8.self)
            #expect(message.hasPrefix("guestcraft-demo: "), "\(arguments): \(message)")
        }
        let help = try await Server(["--help"])
        #expect(help.firstLine.hasPrefix("usage: guestcraft-demo serve"))
        #expect(await help.stop(0) == 0)
    }

    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl to make a certificate"))
    func servesHTTPSWithTheGivenCertificate() async throws {
        let directory = try TemporaryDirectory()
        let key = directory.url.appendingPathComponent("key.pem")
        let certificate = directory.url.appendingPathComponent("cert.pem")
        let openssl = try SpawnedProcess("/usr/bin/openssl", arguments: [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key.path, "-out", certificate.path, "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1"])
        #expect(openssl.wait() == .exited(0))

        let server = try await Server(["serve", "--tls-cert", certificate.path, "--tls-key", key.path, "--rooms", "5"])
        let match = try #require(server.firstLine.wholeMatch(of: /listening on https:\/\/127\.0\.0\.1:(\d+)/),
                                 "first line: \(server.firstLine)")
        let origin = "https://127.0.0.1:\(match.1)"
        let client = HTTPClient(configuration: HTTPClientConfiguration(environment: ["GUESTCRAFT_CA_BUNDLE": certificate.path]),
                                transport: HTTPTransport())
        let discovery = try await client.send(HTTPRequest(url: URL(string: "\(origin)/.well-known/guestcraft")!))
        #expect(try discovery.decode(InstanceDescription.self).apiBaseURL == "\(origin)/api/v1")
        #expect(await server.stop(SIGTERM) == 0)
    }

    @Test func theBaseURLComesFromTheOptionOrTheEnvironment() async throws {
        func discovery(_ server: Server) async throws -> InstanceDescription {
            let match = try #require(server.firstLine.wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/),
                                     "first line: \(server.firstLine)")
            return try await Self.client().send(HTTPRequest(url: URL(string: "\(match.1)/.well-known/guestcraft")!))
                .decode(InstanceDescription.self)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["GUESTCRAFT_BASE_URL"] = "https://hotel.test:8443"
        let fromEnvironment = try await Server(["serve", "--rooms", "1"], environment: environment)
        #expect(try await discovery(fromEnvironment).apiBaseURL == "https://hotel.test:8443/api/v1")
        #expect(await fromEnvironment.stop(SIGTERM) == 0)
        let fromOption = try await Server(["serve", "--rooms", "1", "--base-url", "https://front.hotel.test"],
                                          environment: environment)
        #expect(try await discovery(fromOption).auth.tokenURL == "https://front.hotel.test/api/v1/device_sessions")
        #expect(await fromOption.stop(SIGTERM) == 0)
    }
}
