import Foundation
import GuestCraftAPI

/// The one error of every instance call: no answer, an answer outside the contract, a problem
/// document, or 401 (the session is over).
///
/// The outbox classifies it (in a layer that sees both, since `Outbox` depends on this module):
/// `.noAnswer` → no answer; `.invalidResponse` → its status when it has a 4xx/5xx one, else no
/// answer; `.problem` → its status, code, detail and `retryAfter`; `.unauthorized` → 401.
public enum GuestCraftError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer came back (network, timeout, aborted): the request may or may not have been applied.
    case noAnswer(NoAnswerReason)
    /// The instance answered, but not as docs/api.md says (wrong status, type or shape, a redirect,
    /// a body over the cap).
    case invalidResponse(InvalidResponse)
    /// The instance refused with a problem document (any status but 401).
    case problem(ProblemAnswer)
    /// 401: the device token is missing, unknown, revoked or expired.
    case unauthorized

    /// Whether the instance may have applied the request (only when no answer came back).
    public var mayHaveBeenApplied: Bool {
        switch self {
        case .noAnswer(let reason): reason.mayHaveReachedInstance
        case .invalidResponse: true
        case .problem, .unauthorized: false
        }
    }

    /// The HTTP status, when the instance answered with one.
    public var status: Int? {
        switch self {
        case .noAnswer: nil
        case .invalidResponse(let invalid): invalid.status
        case .problem(let problem): problem.status
        case .unauthorized: 401
        }
    }

    /// The problem code of a problem answer.
    public var problemCode: ProblemCode? {
        if case .problem(let problem) = self { return problem.code }
        return nil
    }

    /// How long the instance asked to wait (`Retry-After`), on a problem answer.
    public var retryAfter: Duration? {
        if case .problem(let problem) = self { return problem.retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .noAnswer(let reason): "no answer: \(reason)"
        case .invalidResponse(let invalid): "invalid response: \(invalid)"
        case .problem(let problem): "problem: \(problem)"
        case .unauthorized: "unauthorized (401)"
        }
    }
}

/// Why no answer came back.
public enum NoAnswerReason: Sendable, Equatable, CustomStringConvertible {
    /// The host name did not resolve.
    case couldNotResolve
    /// Nothing accepted the connection.
    case couldNotConnect
    /// The connect or total time passed; `requestSent` says whether the request may have left.
    case timedOut(requestSent: Bool)
    /// The answer came slower than the low-speed limit.
    case stalled
    /// The connection closed before the answer was complete (or before any answer).
    case connectionLost
    /// The instance's certificate was refused for a reason a person can act on, at `host`;
    /// `detail` is libcurl's and OpenSSL's words, for the log (issue #35).
    case certificate(CertificateProblem, host: String, detail: String)
    /// Any other TLS handshake or certificate verification failure.
    case tls(String)
    /// Cancelled (the task, an `HTTPCancellation`, or the generation ended).
    case cancelled
    /// Refused on this device before sending (a URL off the session's origin, plain http,
    /// a malformed header); the request never left.
    case notSent(String)
    /// Any other transport failure.
    case transport(String)
    /// This device's network library (libcurl) could not be loaded: nothing left the device.
    case libraryMissing(String)

    /// False only when the request certainly never left this machine.
    public var mayHaveReachedInstance: Bool {
        switch self {
        case .couldNotResolve, .couldNotConnect, .certificate, .tls, .notSent, .libraryMissing: false
        case .timedOut(let requestSent): requestSent
        case .stalled, .connectionLost, .cancelled, .transport: true
        }
    }

    public var description: String {
        switch self {
        case .couldNotResolve: "could not resolve the host"
        case .couldNotConnect: "could not connect"
        case .timedOut(let sent): sent ? "timed out waiting for the answer" : "timed out connecting"
        case .stalled: "the answer stalled"
        case .connectionLost: "the connection was lost"
        case .certificate(let problem, let host, let detail): "certificate of \(host) \(problem): \(detail)"
        case .tls(let message): "TLS: \(message)"
        case .cancelled: "cancelled"
        case .notSent(let why): "not sent: \(why)"
        case .transport(let message): message
        case .libraryMissing(let why): "libcurl could not be loaded: \(why)"
        }
    }
}

/// Why the instance's certificate was refused, one case per thing to do about it (issue #35).
public enum CertificateProblem: Sendable, Equatable, CustomStringConvertible {
    /// Self-signed, or signed by a CA this device does not trust (a private CA).
    case untrusted
    case expired
    case notYetValid
    /// Valid, but made out for another host name.
    case wrongHost
    /// The CA file given (ca_bundle or GUESTCRAFT_CA_BUNDLE) cannot be read.
    case caBundleUnreadable(path: String)

    public var description: String {
        switch self {
        case .untrusted: "untrusted"
        case .expired: "expired"
        case .notYetValid: "not yet valid"
        case .wrongHost: "for another host"
        case .caBundleUnreadable(let path): "not checkable: ca_bundle \(path) cannot be read"
        }
    }
}

/// An answer that does not follow the contract: what was wrong, and the status if there was one.
public struct InvalidResponse: Sendable, Equatable, CustomStringConvertible {
    /// The status of the answer, nil when the answer itself was unusable (a redirect, a body over the cap).
    public let status: Int?
    /// What was wrong, for the log (`units[3].housekeeping_version: missing`).
    public let what: String

    public init(status: Int?, what: String) {
        self.status = status
        self.what = what
    }

    public var description: String { status.map { "\($0): \(what)" } ?? what }

    /// A 502, 503 or 504 without a problem document: a proxy's page (a GuestCraft instance
    /// answers those with one), so the instance behind the proxy is not answering (#35).
    public var gatewayStatus: Int? {
        guard let status, [502, 503, 504].contains(status) else { return nil }
        return status
    }
}

/// A refusal of the instance: the status, its problem document, how long to wait, and the request id.
public struct ProblemAnswer: Sendable, Equatable, CustomStringConvertible {
    public let status: Int
    public let document: ProblemDocument
    /// From the `Retry-After` header (seconds or an HTTP date), else the document's `retry_after`.
    public let retryAfter: Duration?
    /// The instance's `X-Request-Id`, for the log.
    public let requestID: String?

    public init(status: Int, document: ProblemDocument, retryAfter: Duration? = nil, requestID: String? = nil) {
        self.status = status
        self.document = document
        self.retryAfter = retryAfter
        self.requestID = requestID
    }

    public var code: ProblemCode { document.code }
    /// The request member or header concerned (`device_name`, `If-Match`), if one.
    public var field: String? { document.field }

    public var description: String { "\(status) \(code.rawValue)" + (field.map { " (\($0))" } ?? "") }
}
