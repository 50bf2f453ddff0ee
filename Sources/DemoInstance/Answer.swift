import Foundation
import GuestCraftAPI

/// What an operation answers before faults and idempotency touch it: status, headers, body, and whether it changed state.
struct Answer: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data
    /// True when the request changed state (counted in `writes_applied`).
    var applied = false

    init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(), applied: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.applied = applied
    }

    /// A JSON answer with sorted keys; `etag` names the version of a versioned resource.
    static func json<T: Encodable>(_ value: T, status: Int = 200, etag: ETag? = nil, applied: Bool = false) -> Answer {
        let body = (try? APIJSON.encode(value)) ?? Data("{}".utf8)
        var headers: [(name: String, value: String)] = [(HeaderName.contentType, "application/json")]
        if let etag { headers.append((HeaderName.eTag, etag.headerValue)) }
        return Answer(status: status, headers: headers, body: body, applied: applied)
    }

    /// An RFC 9457 problem document.
    static func problem(_ problem: ProblemDocument, headers extra: [(name: String, value: String)] = []) -> Answer {
        let body = (try? APIJSON.encode(problem)) ?? Data()
        var headers: [(name: String, value: String)] = [(HeaderName.contentType, ProblemDocument.mediaType),
                                                        (HeaderName.cacheControl, "no-store")]
        if let retry = problem.retryAfter { headers.append((HeaderName.retryAfter, String(retry))) }
        return Answer(status: problem.status, headers: headers + extra, body: body)
    }

    /// An HTML page.
    static func html(_ page: String, status: Int = 200, headers extra: [(name: String, value: String)] = []) -> Answer {
        Answer(status: status, headers: [(HeaderName.contentType, "text/html; charset=utf-8"),
                                         (HeaderName.cacheControl, "no-store")] + extra,
               body: Data(page.utf8))
    }

    /// A redirect the browser follows.
    static func redirect(_ location: String, status: Int = 302, headers extra: [(name: String, value: String)] = []) -> Answer {
        Answer(status: status, headers: [("Location", location), (HeaderName.cacheControl, "no-store")] + extra)
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func adding(_ name: String, _ value: String) -> Answer {
        var copy = self
        copy.headers.removeAll { $0.name.lowercased() == name.lowercased() }
        copy.headers.append((name, value))
        return copy
    }
}

/// A refusal of the request: the problem document the instance answers, thrown from deep inside an operation.
struct Refusal: Error {
    var problem: ProblemDocument
    var headers: [(name: String, value: String)] = []

    init(_ code: ProblemCode, _ detail: String, field: String? = nil, retryAfter: Int? = nil, status: Int? = nil,
         headers: [(name: String, value: String)] = []) {
        problem = ProblemDocument(code: code, detail: detail, field: field, retryAfter: retryAfter, status: status)
        self.headers = headers
    }

    var answer: Answer { .problem(problem, headers: headers) }

    static let unauthenticated = Refusal(.authUnauthenticated, "The device token is missing, unknown or revoked.")
}
