/// Every way a request can fail; no case carries a header value or a token.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL has no host, carries credentials, or libcurl cannot parse it.
    case invalidURL
    /// Not https (plain http is allowed for loopback hosts or with GUESTCRAFT_ALLOW_HTTP=1).
    case insecureScheme(String)
    /// A header name or value (or the method) holds CR, LF or other forbidden bytes.
    case invalidHeader(name: String)
    /// The server answered with a redirect (3xx other than 304); it is never followed.
    case redirectRefused(status: Int, location: String?)
    case couldNotResolve
    case couldNotConnect
    /// The connect or total timeout passed; `requestSent` tells whether the request may have left.
    case timedOut(requestSent: Bool)
    /// The transfer went slower than the low-speed limit for the low-speed time.
    case stalled
    /// TLS handshake or certificate verification failed.
    case tls(String)
    /// The decoded answer body went over the limit.
    case bodyTooLarge(limit: Int)
    /// Cancelled by the task or by an `HTTPCancellation`.
    case cancelled
    /// The connection closed mid-answer, or with no answer at all.
    case connectionLost
    /// Any other libcurl failure.
    case transport(code: Int, message: String)
    /// libcurl could not be loaded (missing, or without a function the app calls): nothing is sent.
    case libraryMissing(String)

    /// Whether the server may have received the request (and applied it): false only when the
    /// request certainly never left this machine.
    public var mayHaveReachedServer: Bool {
        switch self {
        case .invalidURL, .insecureScheme, .invalidHeader, .couldNotResolve, .couldNotConnect, .tls, .libraryMissing:
            return false
        case .timedOut(let requestSent):
            return requestSent
        case .redirectRefused, .stalled, .bodyTooLarge, .cancelled, .connectionLost, .transport:
            return true
        }
    }

    public var description: String {
        switch self {
        case .invalidURL: return "invalid URL"
        case .insecureScheme(let scheme): return "scheme \(scheme) refused: https required"
        case .invalidHeader(let name): return "invalid header \(name)"
        case .redirectRefused(let status, _): return "redirect (\(status)) refused"
        case .couldNotResolve: return "could not resolve host"
        case .couldNotConnect: return "could not connect"
        case .timedOut(let sent): return sent ? "timed out waiting for the answer" : "timed out connecting"
        case .stalled: return "transfer stalled"
        case .tls(let message): return "TLS: \(message)"
        case .bodyTooLarge(let limit): return "answer body over \(limit) bytes"
        case .cancelled: return "cancelled"
        case .connectionLost: return "connection lost"
        case .transport(let code, let message): return "transport error \(code): \(message)"
        case .libraryMissing(let why): return "libcurl could not be loaded: \(why)"
        }
    }
}
