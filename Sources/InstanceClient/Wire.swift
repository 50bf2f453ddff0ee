import Foundation
import GuestCraftAPI
import HTTPClient
import Synchronization

/// One request of an operation as the wire layer sends it; the bearer token travels beside the
/// headers so that the last step before sending can check its origin.
struct WireRequest: Sendable {
    var operation: OperationID
    var url: URL
    var method: String
    var headers: HTTPHeaders = [:]
    var body: Data?
    /// The device token and the origin that issued it; attached only to a URL of that origin.
    var bearer: (token: String, origin: InstanceOrigin)?
}

/// The request/answer core every client here shares: sends, maps failures to `GuestCraftError`,
/// checks answers against the route table, decodes, logs (never a token).
struct Wire: Sendable {
    let http: HTTPClient
    let logger: ClientLogger?
    /// What the origin's last answer said of its connection.
    let connection = ConnectionSeen()

    /// Media types of a JSON answer and of a problem document.
    static let jsonType = "application/json"
    static let acceptHeader = "application/json, application/problem+json"

    /// Sends the request; the token is attached here and only when the URL's origin is the one
    /// that issued it.
    func send(_ request: WireRequest, cancellation: HTTPCancellation?) async throws(GuestCraftError) -> HTTPResponse {
        var headers = request.headers
        if headers["Accept"] == nil { headers["Accept"] = Self.acceptHeader }
        if let bearer = request.bearer {
            guard let target = InstanceOrigin(url: request.url), target == bearer.origin else {
                let error = GuestCraftError.noAnswer(.notSent("the token is sent to the origin that issued it only"))
                log(request, error: error, wireBytes: 0)
                throw error
            }
            headers[HeaderName.authorization] = "Bearer \(bearer.token)"
        }
        let http = HTTPRequest(method: request.method, url: request.url, headers: headers, body: request.body)
        do {
            let response = try await self.http.send(http, cancellation: cancellation)
            connection.record(response.httpVersion)
            return response
        } catch {
            let mapped = GuestCraftError(error)
            log(request, error: mapped, wireBytes: 0)
            throw mapped
        }
    }

    /// Sends a request of `descriptor` and reads its answer as `Answer`.
    func perform<Answer: Decodable & Sendable>(_ request: WireRequest, descriptor: OperationDescriptor,
                                               conditional ifNoneMatch: ETag?, as: Answer.Type,
                                               cancellation: HTTPCancellation?) async throws(GuestCraftError) -> ReadAnswer<Answer> {
        let response = try await send(request, cancellation: cancellation)
        do {
            let answer = try interpret(response, descriptor: descriptor, ifNoneMatch: ifNoneMatch, as: Answer.self)
            log(request, response: response, outcome: answer.isNotModified ? "not modified" : "ok", problemCode: nil)
            return answer
        } catch {
            log(request, response: response, outcome: error.description, problemCode: error.problemCode?.rawValue)
            throw error
        }
    }

    /// Reads an answer the way docs/api.md says it comes: 401, a problem document, 304 to a
    /// conditional read, or a success status of the operation with its body.
    func interpret<Answer: Decodable & Sendable>(_ response: HTTPResponse, descriptor: OperationDescriptor,
                                                 ifNoneMatch: ETag?, as: Answer.Type) throws(GuestCraftError) -> ReadAnswer<Answer> {
        let status = response.status
        if status == 401 { throw .unauthorized }
        if status >= 400 { throw Self.problem(in: response) }
        // Weak too: a proxy that compresses the answer makes the instance's strong ETag weak.
        let etag = response.headers[HeaderName.eTag].flatMap(ETag.init(validator:))
        if status == 304 {
            guard let sent = ifNoneMatch else {
                throw .invalidResponse(InvalidResponse(status: 304, what: "304 to a read that was not conditional"))
            }
            return .notModified(etag: etag ?? sent, wireBytes: response.wireBytes)
        }
        guard descriptor.successStatuses.contains(status) else {
            throw .invalidResponse(InvalidResponse(status: status, what: "status not in \(descriptor.successStatuses)"))
        }
        let value: Answer
        var body = Data()
        if descriptor.answerEncoding == .json {
            guard Self.mediaType(response) == Self.jsonType else {
                throw .invalidResponse(InvalidResponse(status: status, what: "Content-Type \(Self.mediaType(response) ?? "missing"), not JSON"))
            }
            do {
                value = try APIJSON.decode(Answer.self, from: response.body)
                body = response.body
            } catch {
                throw .invalidResponse(InvalidResponse(status: status, what: error.description))
            }
        } else if let empty = NoBody() as? Answer {
            value = empty
        } else {
            throw .invalidResponse(InvalidResponse(status: status, what: "an answer without a body where one was expected"))
        }
        return .fresh(Fresh(value: value, etag: etag, wireBytes: response.wireBytes, body: body))
    }

    /// The problem of a 4xx/5xx answer; an error status without a problem document is outside the contract.
    static func problem(in response: HTTPResponse) -> GuestCraftError {
        let type = mediaType(response)
        guard type == ProblemDocument.mediaType || type == jsonType,
              let document = try? APIJSON.decode(ProblemDocument.self, from: response.body) else {
            return .invalidResponse(InvalidResponse(status: response.status, what: "an error status without a problem document"))
        }
        let retryAfter = response.headers[HeaderName.retryAfter].flatMap { RetryAfter.parse($0) }
            ?? document.retryAfter.map { Duration.seconds(max(0, $0)) }
        return .problem(ProblemAnswer(status: response.status, document: document, retryAfter: retryAfter,
                                      requestID: response.headers[HeaderName.requestID]))
    }

    /// The media type of the answer, lowercased, without parameters.
    static func mediaType(_ response: HTTPResponse) -> String? {
        guard let value = response.headers[HeaderName.contentType] else { return nil }
        return value.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    private func log(_ request: WireRequest, error: GuestCraftError, wireBytes: Int) {
        logger?(ClientLogEntry(operation: request.operation, origin: InstanceOrigin(url: request.url)?.string ?? "-",
                               status: nil, problemCode: nil, requestID: nil, outcome: error.description,
                               wireBytes: wireBytes))
    }

    private func log(_ request: WireRequest, response: HTTPResponse, outcome: String, problemCode: String?) {
        logger?(ClientLogEntry(operation: request.operation, origin: InstanceOrigin(url: request.url)?.string ?? "-",
                               status: response.status, problemCode: problemCode,
                               requestID: response.headers[HeaderName.requestID], outcome: outcome,
                               wireBytes: response.wireBytes))
    }
}

/// `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3).
enum RetryAfter {
    static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return .seconds(seconds) }
        // An HTTP date is printable ASCII (RFC 9110 §5.6.7). Anything else is no date, and must not
        // reach DateFormatter: Foundation traps on text where a combining mark joins a character.
        guard !text.isEmpty, text.utf8.count <= 64, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}

/// Whether an origin's connection carries several requests at once, as its last answer said
/// (HTTP/2 and HTTP/3 multiplex; HTTP/1.x carries one at a time): the outbox's window (#34).
final class ConnectionSeen: Sendable {
    /// 0: no answer yet; 1: one request per connection; 2: multiplexed.
    private let kind = Atomic<UInt8>(0)

    func record(_ httpVersion: String) {
        kind.store(httpVersion.hasPrefix("HTTP/1") ? 1 : 2, ordering: .relaxed)
    }

    /// nil before the first answer.
    var multiplexes: Bool? {
        switch kind.load(ordering: .relaxed) {
        case 1: false
        case 2: true
        default: nil
        }
    }
}
