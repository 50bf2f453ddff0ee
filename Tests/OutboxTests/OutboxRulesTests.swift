import Testing
@testable import Outbox

/// The outbox's decision table (SPEC §6), one row per kind of failure, without an engine.
/// `FailureTests` checks what the engine does with each decision.
@Suite(.timeLimit(.minutes(5))) struct OutboxRulesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let failure: OutboxFailure
        let decision: OutboxDecision
        var testDescription: String { name }
    }

    static func status(_ code: Int, _ problem: String? = nil, _ detail: String? = nil,
                       retryAfter: Duration? = nil) -> OutboxFailure {
        .status(code: code, problemCode: problem, detail: detail, retryAfter: retryAfter)
    }

    static let rows: [Row] = [
        Row(name: "no answer", failure: .noAnswer, decision: .keep(.noAnswer, retryAfter: nil)),
        Row(name: "not sent", failure: .notSent, decision: .keep(.notSent, retryAfter: nil)),
        Row(name: "unauthorized", failure: .unauthorized, decision: .endSession),
        Row(name: "401", failure: status(401, "session.expired"), decision: .endSession),
        Row(name: "408", failure: status(408), decision: .keep(.retryLater(status: 408), retryAfter: nil)),
        Row(name: "429 keeps Retry-After", failure: status(429, "rate.limited", retryAfter: .seconds(30)),
            decision: .keep(.retryLater(status: 429), retryAfter: .seconds(30))),
        Row(name: "500", failure: status(500), decision: .keep(.retryLater(status: 500), retryAfter: nil)),
        Row(name: "503 keeps Retry-After", failure: status(503, retryAfter: .seconds(5)),
            decision: .keep(.retryLater(status: 503), retryAfter: .seconds(5))),
        Row(name: "409 idempotency.in_progress waits",
            failure: status(409, "idempotency.in_progress", retryAfter: .seconds(2)),
            decision: .keep(.inProgress, retryAfter: .seconds(2))),
        Row(name: "409 other is a conflict", failure: status(409, "unit.status_conflict", "Changed by Ana"),
            decision: .hold(.conflict, status: 409, code: "unit.status_conflict", detail: "Changed by Ana")),
        Row(name: "412 is a conflict", failure: status(412, "version.mismatch"),
            decision: .hold(.conflict, status: 412, code: "version.mismatch", detail: nil)),
        Row(name: "400 refused", failure: status(400, "request.invalid", "bad"),
            decision: .hold(.refused, status: 400, code: "request.invalid", detail: "bad")),
        Row(name: "422 refused keeps the field it names",
            failure: .status(code: 422, problemCode: "block.overlap", detail: "Overlaps", retryAfter: nil, field: "block.from"),
            decision: .hold(.refused, status: 422, code: "block.overlap", detail: "Overlaps", field: "block.from")),
        Row(name: "403 refused", failure: status(403, "permission.denied", "Not yours"),
            decision: .hold(.refused, status: 403, code: "permission.denied", detail: "Not yours")),
        Row(name: "404 refused", failure: status(404),
            decision: .hold(.refused, status: 404, code: nil, detail: nil)),
        Row(name: "422 refused", failure: status(422, "task.invalid_transition", "Already done"),
            decision: .hold(.refused, status: 422, code: "task.invalid_transition", detail: "Already done")),
        Row(name: "a status outside 400–599 is kept", failure: status(302, retryAfter: .seconds(1)),
            decision: .keep(.retryLater(status: 302), retryAfter: .seconds(1))),
    ]

    @Test(arguments: rows)
    func decides(_ row: Row) {
        #expect(OutboxRules.decide(row.failure) == row.decision)
    }
}
