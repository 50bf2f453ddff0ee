import ClientModel
import HTTPClient

extension NoAnswerReason {
    /// The reason for an `HTTPClientError` that is not an answer.
    init(_ error: HTTPClientError) {
        switch error {
        case .couldNotResolve: self = .couldNotResolve
        case .couldNotConnect: self = .couldNotConnect
        case .timedOut(let sent): self = .timedOut(requestSent: sent)
        case .stalled: self = .stalled
        case .connectionLost: self = .connectionLost
        case .certificate(let problem, let host, let detail): self = .certificate(CertificateProblem(problem), host: host, detail: detail)
        case .tls(let message): self = .tls(message)
        case .cancelled: self = .cancelled
        case .invalidURL, .insecureScheme, .invalidHeader: self = .notSent(error.description)
        case .transport(_, let message): self = .transport(message)
        case .libraryMissing(let why): self = .libraryMissing(why)
        case .redirectRefused, .bodyTooLarge: self = .transport(error.description)
        }
    }
}

extension CertificateProblem {
    init(_ problem: HTTPClientError.CertificateProblem) {
        switch problem {
        case .untrusted: self = .untrusted
        case .expired: self = .expired
        case .notYetValid: self = .notYetValid
        case .wrongHost: self = .wrongHost
        case .caBundleUnreadable(let path): self = .caBundleUnreadable(path: path)
        }
    }
}

extension GuestCraftError {
    /// Maps a transport failure: a redirect or an oversized body is an answer outside the
    /// contract; everything else is no answer.
    init(_ error: HTTPClientError) {
        switch error {
        case .redirectRefused(let status, _):
            // The Location is left out: it may carry anything.
            self = .invalidResponse(InvalidResponse(status: status, what: "redirect refused (never followed)"))
        case .bodyTooLarge(let limit):
            self = .invalidResponse(InvalidResponse(status: nil, what: "answer body over \(limit) bytes"))
        default:
            self = .noAnswer(NoAnswerReason(error))
        }
    }
}
