import GuestCraftAPI
import HTTPClient
import InstanceClient
import Outbox

/// The client's one error, classified for the outbox's rules (keep, hold, end the session).
extension GuestCraftError: OutboxClassifiable {
    public var outboxFailure: OutboxFailure {
        switch self {
        case .noAnswer(let reason):
            return reason.mayHaveReachedInstance ? .noAnswer : .notSent
        case .unauthorized:
            return .unauthorized
        case .problem(let problem):
            return .status(code: problem.status, problemCode: problem.code.rawValue,
                           detail: problem.document.detail, retryAfter: problem.retryAfter,
                           field: problem.document.field)
        case .invalidResponse(let invalid):
            // A failure status without a readable problem is still that status; anything else
            // (a success we could not read, a redirect, a body over the cap) may have been applied.
            if let status = invalid.status, status >= 400 {
                return .status(code: status, problemCode: nil, detail: nil, retryAfter: nil)
            }
            return .noAnswer
        }
    }
}

extension OutboxSendContext {
    /// An HTTP cancellation that fires with this attempt's outbox cancellation (generation end,
    /// partition switch), so the request in flight is aborted.
    public func httpCancellation() -> HTTPCancellation {
        let http = HTTPCancellation()
        cancellation.onCancel { http.cancel() }
        return http
    }
}
