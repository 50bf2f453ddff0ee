import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPServer

/// The demo instance's routes and body readers with a made-up request, in process (no socket):
/// an answer with a status, headers that cannot split a response, and a body of its type.
///
/// Input: `METHOD path?query` on the first line, `Name: value` header lines up to an empty line,
/// then the body. `$ADMIN` and `$TOKEN` anywhere stand for the admin key and a manager's device
/// token, so the fuzzer reaches past the credentials.
public enum DemoChecks {
    struct Demo: Sendable {
        let router: DemoRouter
        let token: String
    }

    static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("guestcraft-fuzz-demo-\(getpid())", isDirectory: true)

    /// One small hotel for the process, on a fixed business date (removed at exit).
    static let demo: Demo? = {
        let configuration = DemoConfiguration(dataDirectory: directory, rooms: 12, seed: 7,
                                              businessDate: DemoConfiguration.defaultBusinessDate, log: { _ in })
        guard let router = try? DemoRouter(configuration: configuration),
              let token = try? router.deviceToken(for: .manager) else { return nil }
        atexit { try? FileManager.default.removeItem(at: DemoChecks.directory) }
        return Demo(router: router, token: token)
    }()

    public static func request(_ data: Data) -> [String] {
        guard let demo else { return ["the demo instance did not open"] }
        var input = FuzzBytes(data)
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "$ADMIN", with: demo.router.adminKey)
                .replacingOccurrences(of: "$TOKEN", with: demo.token)
        }
        let requestLine = fill(FuzzBytes.text(input.line()))
        let parts = requestLine.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let method = parts.first.map(String.init) ?? ""
        let target = parts.count > 1 ? String(parts[1]) : "/"
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = (pathPart.first.map(String.init) ?? "").removingPercentEncoding ?? ""
        let query: [(name: String, value: String)] = pathPart.count > 1
            ? pathPart[1].split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(pair[0]).removingPercentEncoding ?? "",
                        pair.count > 1 ? String(pair[1]).removingPercentEncoding ?? "" : "")
            }
            : []
        var headers: [String: String] = [:]
        while !input.isAtEnd {
            let line = fill(FuzzBytes.text(input.line()))
            if line.isEmpty { break }
            let field = line.split(separator: ":", maxSplits: 1)
            guard let name = field.first else { continue }
            let value = field.count > 1 ? field[1].trimmingCharacters(in: .whitespaces) : ""
            let key = name.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        // Faults armed through /demo/faults (latency, dropped answers) would slow every later run.
        if path.hasPrefix("/demo/faults") { return [] }
        let body = Data(fill(FuzzBytes.text(input.rest())).utf8)
        let request = HTTPServerRequest(method: method, path: path, query: query, headers: headers, body: body,
                                        clientAddress: "127.0.0.1", clientPort: 40_000)
        let response = demo.router.respond(to: request)
        return answerKeeps(response, to: request)
    }

    static func answerKeeps(_ response: HTTPServerResponse, to request: HTTPServerRequest) -> [String] {
        var problems: [String] = []
        let what = "\(RefuseOrAgree.clip(request.method)) \(RefuseOrAgree.clip(request.path))"
        if !(100...599).contains(response.status) { problems.append("\(what) answered status \(response.status)") }
        for header in response.headers {
            let bad = (header.name + header.value).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            if bad || header.name.isEmpty { problems.append("\(what) answered the header \(header.name.debugDescription): \(header.value.debugDescription)") }
        }
        guard case .bytes(let body) = response.body else { return problems }
        let type = response.headers.first { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        if type.hasPrefix("application/json") || type.hasPrefix(ProblemDocument.mediaType) {
            if (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) == nil {
                problems.append("\(what) answered \(type) that is not JSON")
            }
        }
        if response.status >= 400, response.status != 401 || type.hasPrefix(ProblemDocument.mediaType) {
            if let document = try? APIJSON.decode(ProblemDocument.self, from: body) {
                if document.status != response.status {
                    problems.append("\(what) answered \(response.status) with a problem of status \(document.status)")
                }
            } else if type.hasPrefix(ProblemDocument.mediaType) || type.hasPrefix("application/json") {
                problems.append("\(what) answered \(response.status) without a problem document the app can read")
            }
        }
        return problems
    }
}
