import Foundation
import HTTPClient
import HTTPServer
import ProcessSpawn
import Locking
import TestSupport

/// A value shared between a handler thread and the test.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Locked<Value>
    init(_ value: Value) { storage = Locked(value) }
    var value: Value { storage.withLock { $0 } }
    func update<R: Sendable>(_ body: @Sendable (inout Value) -> R) -> R { storage.withLock { body(&$0) } }
}

/// A started server on 127.0.0.1 that counts the requests it handled.
final class TestServer: Sendable {
    let server: HTTPServer
    let base: String
    private let handled = Shared(0)

    init(_ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
         handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws {
        let handled = self.handled
        server = HTTPServer(configuration: configuration) { request in
            handled.update { $0 += 1 }
            return handler(request)
        }
        let port = try server.start()
        base = "\(configuration.tls == nil ? "http" : "https")://127.0.0.1:\(port)"
    }

    var requestsHandled: Int { handled.value }

    func url(_ pathAndQuery: String = "/") -> URL {
        URL(string: base + pathAndQuery)!
    }

    func stop() { server.stop() }

    deinit { server.stop() }
}

/// A client with tight test timeouts on its own transport (its connections are this test's alone).
func makeClient(totalTimeout: Duration = .seconds(5), lowSpeedLimit: Int = 100, lowSpeedTime: Duration = .seconds(5),
                maxBody: Int = 1 << 20, environment: [String: String] = [:]) -> HTTPClient {
    HTTPClient(configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), totalTimeout: totalTimeout,
                                                      lowSpeedLimit: lowSpeedLimit, lowSpeedTime: lowSpeedTime,
                                                      maxResponseBodyBytes: maxBody, environment: environment),
               transport: HTTPTransport())
}

/// Polls `condition` until it holds, with no bound of its own (#33: about five seconds was one):
/// false once the suite's time limit cancels the wait.
func eventually(_ condition: () -> Bool) async -> Bool {
    while !Task.isCancelled {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// Runs a program to completion; throws on a non-zero exit. Output goes to a file, never to a
/// pipe that could fill.
func run(_ program: String, _ arguments: [String], stdoutFile: URL? = nil) throws {
    struct Failed: Error { let termination: SpawnedProcess.Termination }
    let termination = try SpawnedProcess(program, arguments: arguments, stdout: stdoutFile.map { .file($0.path) } ?? .null).wait()
    guard termination == .exited(0) else { throw Failed(termination: termination) }
}

/// gzip of `count` zero bytes, made by /bin/gzip.
func gzipOfZeros(count: Int) throws -> Data {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let input = directory.url.appendingPathComponent("zeros")
    let output = directory.url.appendingPathComponent("zeros.gz")
    try Data(count: count).write(to: input)
    try run("/bin/gzip", ["-c", "-9", input.path], stdoutFile: output)
    return try Data(contentsOf: output)
}
