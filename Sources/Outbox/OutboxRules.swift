/// What the engine does with an entry whose send failed.
enum OutboxDecision: Sendable, Equatable {
    /// Keep the entry and stop the round (retry later, after `retryAfter` when the instance asked).
    case keep(OutboxStop, retryAfter: Duration?)
    /// Hold the entry for the person's decision; the later entries of its subject wait behind it.
    case hold(HoldReason, status: Int, code: String?, detail: String?, field: String? = nil)
    /// The session ended (401).
    case endSession
}

/// The outbox's rules (SPEC §6): a failure's classification alone decides what becomes of the
/// entry. Pure, so the table is tested row by row (`Tests/OutboxTests/OutboxRulesTests.swift`).
enum OutboxRules {
    /// No answer, 408, 429 and 5xx keep the entry and stop; 401 ends the session;
    /// 409 and 412 hold as a conflict, except a 409 `idempotency.in_progress`, which waits;
    /// other 4xx hold as refused.
    static func decide(_ failure: OutboxFailure) -> OutboxDecision {
        switch failure {
        case .noAnswer:
            return .keep(.noAnswer, retryAfter: nil)
        case .notSent:
            return .keep(.notSent, retryAfter: nil)
        case .unauthorized:
            return .endSession
        case .status(let code, let problemCode, let detail, let retryAfter, let field):
            switch code {
            case 401:
                return .endSession
            case 408, 429, 500...599:
                return .keep(.retryLater(status: code), retryAfter: retryAfter)
            case 409 where problemCode == "idempotency.in_progress":
                return .keep(.inProgress, retryAfter: retryAfter)
            case 409, 412:
                return .hold(.conflict, status: code, code: problemCode, detail: detail, field: field)
            case 400...499:
                return .hold(.refused, status: code, code: problemCode, detail: detail, field: field)
            default:
                // Not a status a send can fail with: try again later rather than lose it.
                return .keep(.retryLater(status: code), retryAfter: retryAfter)
            }
        }
    }
}
