import Foundation
import HTTPClient
import HTTPServer
import Synchronization

/// A value shared between a handler thread and the test.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
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

/// Polls `condition` until it holds or about five seconds pass.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// A fresh directory under the temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gc-httpclient-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs a program to completion; throws on a non-zero exit. Output goes to files, never to pipes
/// that could fill. Spawned with `posix_spawn` and reaped with `waitpid`: Foundation's `Process`
/// crashed (SIGSEGV inside `run()`) once while other tests ran in parallel.
func run(_ program: String, _ arguments: [String], stdoutFile: URL? = nil) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutFile?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var cArguments = ([program] + arguments).map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    struct Failed: Error { let status: Int32 }
    let spawned = posix_spawn(&pid, program, &actions, &attributes, &cArguments, environ)
    guard spawned == 0 else { throw Failed(status: spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // Exited normally with status 0: (status & 0x7f) == 0 and (status >> 8) & 0xff == 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { throw Failed(status: status) }
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
