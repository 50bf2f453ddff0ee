import Foundation
import HTTPClient
import HTTPServer
import Locking

/// A value shared between a handler thread and the test.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Locked<Value>
    init(_ value: Value) { storage = Locked(value) }
    var value: Value { storage.withLock { $0 } }
    func update<R: Sendable>(_ body: @Sendable (inout Value) -> R) -> R { storage.withLock { body(&$0) } }
}

/// A started server and its base URL; stops when the test is done with it.
struct RunningServer {
    let server: HTTPServer
    let base: URL

    init(_ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
         handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws {
        server = HTTPServer(configuration: configuration, handler: handler)
        let port = try server.start()
        base = URL(string: "http://127.0.0.1:\(port)")!
    }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: base.absoluteString + pathAndQuery)!
    }
}

/// A client on its own transport, so connection counts belong to this test alone.
func makeClient(totalTimeout: Duration = .seconds(5)) -> HTTPClient {
    HTTPClient(configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), totalTimeout: totalTimeout,
                                                      environment: [:]),
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

/// What a request looked like, as the echo handler answers it.
struct Echo: Codable, Equatable {
    var method: String
    var path: String
    var query: [[String]]
    var headers: [String: String]
    var body: String
    var clientAddress: String
    var clientPort: UInt16
}

let echoHandler: @Sendable (HTTPServerRequest) -> HTTPServerResponse = { request in
    let echo = Echo(method: request.method, path: request.path, query: request.query.map { [$0.name, $0.value] },
                    headers: request.headers, body: String(decoding: request.body, as: UTF8.self),
                    clientAddress: request.clientAddress, clientPort: request.clientPort)
    let data = (try? JSONEncoder().encode(echo)) ?? Data()
    return .bytes(data, headers: [(name: "Content-Type", value: "application/json")])
}
