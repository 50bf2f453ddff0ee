import Foundation
import GuestCraftAPI
import HTTPClient

/// The typed GuestCraft API of one signed-in device session: every operation of docs/api.md,
/// built from the stored session alone, sending its token to the issuing origin only.
public final class InstanceClient: Sendable {
    /// The session this client speaks for.
    public let session: StoredSession
    let wire: Wire
    let onUnauthorized: (@Sendable (StoredSession) -> Void)?

    /// - Parameters:
    ///   - http: the transport (its configuration holds timeouts, caps and the environment).
    ///   - logger: receives one line per request (operation, status, problem code, request id).
    ///   - onUnauthorized: called with this session when the instance answers 401, e.g. to
    ///     forget exactly this token (`CredentialStore.forget(token:)`).
    public init(session: StoredSession, http: HTTPClient = HTTPClient(), logger: ClientLogger? = nil,
                onUnauthorized: (@Sendable (StoredSession) -> Void)? = nil) {
        self.session = session
        self.wire = Wire(http: http, logger: logger)
        self.onUnauthorized = onUnauthorized
    }

    /// The instance's origin.
    public var origin: InstanceOrigin { session.origin }

    /// How many requests this client's connection carries at once, when that bounds the outbox's
    /// window (#34): over HTTP/1.1 one per connection, so as many connections as libcurl opens to
    /// one host; nil over HTTP/2 (streams of one connection), and before the first answer of an
    /// https origin, which libcurl asks for HTTP/2 (plain http, loopback only, is HTTP/1.1).
    public var requestsAtOnce: Int? {
        switch wire.connection.multiplexes {
        case true?: nil
        case false?: HTTPTransport.maxConnectionsPerHost
        case nil: origin.scheme == "https" ? nil : HTTPTransport.maxConnectionsPerHost
        }
    }

    /// Sends one operation. The URL is the session's origin and the endpoint's path; the token
    /// is attached only for operations that take it, and only to that origin.
    func call<Body: Sendable, Answer: Decodable & Sendable>(
        _ endpoint: Endpoint<Body, Answer>, body: Data? = nil, contentType: String? = nil,
        ifMatch: ETag? = nil, ifNoneMatch: ETag? = nil, idempotencyKey: String? = nil,
        cancellation: HTTPCancellation?
    ) async throws(GuestCraftError) -> ReadAnswer<Answer> {
        guard let url = session.origin.url(endpoint.pathAndQuery) else {
            throw .noAnswer(.notSent("the path \(endpoint.path) is not under the origin"))
        }
        var request = WireRequest(operation: endpoint.operation, url: url, method: endpoint.method.rawValue, body: body)
        if let contentType { request.headers[HeaderName.contentType] = contentType }
        if endpoint.ifMatch != .notTaken, let ifMatch { request.headers[HeaderName.ifMatch] = ifMatch.headerValue }
        let conditional = endpoint.takesIfNoneMatch ? ifNoneMatch : nil
        if let conditional { request.headers[HeaderName.ifNoneMatch] = conditional.headerValue }
        if endpoint.idempotencyKey != .notTaken, let idempotencyKey {
            guard IdempotencyKeyShape.isValid(idempotencyKey) else {
                throw .noAnswer(.notSent("a malformed Idempotency-Key"))
            }
            request.headers[HeaderName.idempotencyKey] = idempotencyKey
        }
        if endpoint.credentials == .deviceToken {
            request.bearer = (session.token, session.origin)
        }
        do {
            return try await wire.perform(request, descriptor: endpoint.descriptor, conditional: conditional,
                                          as: Answer.self, cancellation: cancellation)
        } catch .unauthorized {
            if endpoint.credentials == .deviceToken { onUnauthorized?(session) }
            throw .unauthorized
        }
    }

    /// A call whose answer is always a body (writes, reads that are never conditional).
    func value<Body: Sendable, Answer: Decodable & Sendable>(
        _ endpoint: Endpoint<Body, Answer>, body: Data? = nil, contentType: String? = nil,
        ifMatch: ETag? = nil, idempotencyKey: String? = nil, cancellation: HTTPCancellation?
    ) async throws(GuestCraftError) -> Answer {
        let answer = try await call(endpoint, body: body, contentType: contentType, ifMatch: ifMatch,
                                    idempotencyKey: idempotencyKey, cancellation: cancellation)
        guard let value = answer.value else {
            throw .invalidResponse(InvalidResponse(status: 304, what: "304 to a request that was not conditional"))
        }
        return value
    }

    /// JSON of a request body, with sorted keys.
    static func json<Body: Encodable>(_ body: Body) throws(GuestCraftError) -> Data {
        do {
            return try APIJSON.encode(body)
        } catch {
            throw .noAnswer(.notSent("the request body could not be encoded"))
        }
    }
}

/// `Idempotency-Key`: 1–255 visible ASCII characters.
enum IdempotencyKeyShape {
    static func isValid(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        return (1...255).contains(bytes.count) && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
