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
    /// The instance's certificate was refused for a reason a person can act on (`problem`), at
    /// `host`; `detail` is libcurl's and OpenSSL's words, for the log.
    case certificate(CertificateProblem, host: String, detail: String)
    /// Any other TLS handshake or certificate verification failure.
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
        case .invalidURL, .insecureScheme, .invalidHeader, .couldNotResolve, .couldNotConnect, .certificate, .tls, .libraryMissing:
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
        case .certificate(let problem, let host, let detail): return "certificate of \(host) \(problem): \(detail)"
        case .tls(let message): return "TLS: \(message)"
        case .bodyTooLarge(let limit): return "answer body over \(limit) bytes"
        case .cancelled: return "cancelled"
        case .connectionLost: return "connection lost"
        case .transport(let code, let message): return "transport error \(code): \(message)"
        case .libraryMissing(let why): return "libcurl could not be loaded: \(why)"
        }
    }
}

extension HTTPClientError {
    /// Why a certificate was refused, one case per thing to do about it (issue #35).
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

    /// The certificate problem in libcurl's `code` (60, 77) and its error buffer's `message`
    /// (OpenSSL's verify reason); nil when it is none a person can act on.
    static func certificateProblem(code: Int, message: String, caBundle: String?) -> CertificateProblem? {
        let text = message.lowercased()
        if code == 77 { return .caBundleUnreadable(path: caBundle ?? "") }
        guard code == 60 else { return nil }
        if text.contains("certificate has expired") { return .expired }
        if text.contains("certificate is not yet valid") { return .notYetValid }
        if text.contains("no alternative certificate subject name matches")
            || (text.contains("subject name") && text.contains("does not match target host")) {
            return .wrongHost
        }
        let untrusted = ["self-signed certificate", "self signed certificate", "unable to get local issuer certificate",
                         "unable to get issuer certificate", "unable to verify the first certificate"]
        if untrusted.contains(where: text.contains) { return .untrusted }
        return nil
    }
}
