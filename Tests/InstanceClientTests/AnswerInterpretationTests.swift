import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing

/// How an answer is read against the route table, one rule at a time.
@Suite struct AnswerInterpretationTests {
    let wire = Wire(http: makeHTTP(), logger: nil)

    func response(_ status: Int, _ body: String = "", type: String? = "application/json",
                  headers: [(String, String)] = []) -> HTTPResponse {
        var fields = headers.map { HTTPHeaders.Field(name: $0.0.lowercased(), value: $0.1) }
        if let type { fields.append(HTTPHeaders.Field(name: "content-type", value: type)) }
        return HTTPResponse(status: status, headers: HTTPHeaders(fields), body: Data(body.utf8),
                            wireBytes: body.utf8.count + 100, newConnections: 0)
    }

    func read<T: Decodable & Sendable>(_ operation: OperationID, _ response: HTTPResponse, as: T.Type,
                                       ifNoneMatch: ETag? = nil) -> Result<ReadAnswer<T>, GuestCraftError> {
        do {
            return .success(try wire.interpret(response, descriptor: operation.descriptor, ifNoneMatch: ifNoneMatch,
                                               as: T.self))
        } catch {
            return .failure(error)
        }
    }

    func problemJSON(_ code: String, status: Int, retryAfter: Int? = nil) -> String {
        let retry = retryAfter.map { ",\"retry_after\":\($0)" } ?? ""
        return "{\"code\":\"\(code)\",\"detail\":\"d\",\"status\":\(status),\"title\":\"t\",\"type\":\"urn:guestcraft:problem:\(code)\"\(retry)}"
    }

    @Test func aJSONAnswerDecodesWithItsETag() throws {
        let result = read(.demoNightAudit, response(200, "{\"business_date\":\"2026-11-03\",\"new\":1}",
                                                     type: "application/json; charset=utf-8",
                                                     headers: [("ETag", "\"abc\"")]), as: DemoNightAuditResult.self)
        let answer = try result.get()
        #expect(answer.value?.businessDate.description == "2026-11-03")
        #expect(answer.etag == ETag("abc"))
        #expect(answer.wireBytes > 0)
    }

    /// nginx with `gzip on` turns the instance's strong ETag weak (the gzipped bytes are another
    /// representation); the read keeps it for its next If-None-Match, so a refresh through such a
    /// proxy is still a 304, and a 304 that carries it keeps the tag sent.
    @Test func aWeakETagFromAProxyIsKeptForTheNextConditionalRead() throws {
        let body = "{\"business_date\":\"2026-11-03\",\"new\":1}"
        let weak = try read(.demoNightAudit, response(200, body, headers: [("ETag", "W/\"abc\"")]),
                            as: DemoNightAuditResult.self).get()
        #expect(weak.etag == ETag("abc"))
        let again = try read(.demoNightAudit, response(304, "", type: nil, headers: [("ETag", "W/\"abc\"")]),
                             as: DemoNightAuditResult.self, ifNoneMatch: ETag("abc")).get()
        #expect(again.isNotModified && again.etag == ETag("abc"))
    }

    @Test func aFreshAnswerKeepsTheJSONItWasReadFromAndARoomListReadsAsJSONDecoderReadsIt() throws {
        let rooms = #"{"business_date":"2026-11-02","units":[{"floor":1,"housekeeping_status":"dirty","#
            + #""housekeeping_updated_at":"2026-11-01T18:35:00Z","housekeeping_version":3,"id":"unt_h101","#
            + #""number":"101","occupancy":"vacant","room_type":{"id":"rmt_dbl","name":"Double"}}]}"#
        let answer = try read(.unitsList, response(200, rooms, headers: [("ETag", "\"u-3\"")]), as: UnitList.self).get()
        guard case .fresh(let fresh) = answer else { Issue.record("not fresh"); return }
        #expect(fresh.body == Data(rooms.utf8))
        #expect(fresh.value == (try JSONDecoder().decode(UnitList.self, from: Data(rooms.utf8))))
        // Outside the byte reader's subset (an escape), the same list comes through JSONDecoder.
        let escaped = rooms.replacingOccurrences(of: #""Double""#, with: #""Dou\u0062le""#)
        #expect(try read(.unitsList, response(200, escaped), as: UnitList.self).get().value == fresh.value)
        // A mistyped member is still reported with its path.
        let mistyped = rooms.replacingOccurrences(of: #""floor":1"#, with: #""floor":"1""#)
        guard case .failure(.invalidResponse(let invalid)) = read(.unitsList, response(200, mistyped), as: UnitList.self)
        else { Issue.record("accepted"); return }
        #expect(invalid.what.contains("floor"), "\(invalid.what)")
    }

    @Test func notModifiedOnlyAnswersAConditionalRead() {
        let sent = ETag("v1")
        if case .success(let answer) = read(.unitsList, response(304, type: nil), as: UnitList.self, ifNoneMatch: sent) {
            #expect(answer == .notModified(etag: sent, wireBytes: 100))
        } else {
            Issue.record("304 refused")
        }
        #expect(read(.unitsList, response(304, type: nil), as: UnitList.self)
                == .failure(.invalidResponse(InvalidResponse(status: 304, what: "304 to a read that was not conditional"))))
    }

    @Test func answersOutsideTheContractAreInvalid() {
        let wrongType = read(.demoNightAudit, response(200, "<html>", type: "text/html"), as: DemoNightAuditResult.self)
        #expect(wrongType == .failure(.invalidResponse(InvalidResponse(status: 200, what: "Content-Type text/html, not JSON"))))
        let wrongShape = read(.demoNightAudit, response(200, "{\"business_date\":7}"), as: DemoNightAuditResult.self)
        guard case .failure(.invalidResponse(let invalid)) = wrongShape else { Issue.record("accepted"); return }
        #expect(invalid.status == 200 && invalid.what.hasPrefix("business_date"))
        let notJSON = read(.demoNightAudit, response(200, "{\"business_date\":"), as: DemoNightAuditResult.self)
        #expect(notJSON == .failure(.invalidResponse(InvalidResponse(status: 200, what: "not valid JSON"))))
        let otherSuccess = read(.demoPairings, response(200, "{}"), as: DemoPairingCreated.self)
        #expect(otherSuccess == .failure(.invalidResponse(InvalidResponse(status: 200, what: "status not in [201]"))))
        let noProblem = read(.unitsList, response(502, "<h1>Bad gateway</h1>", type: "text/html"), as: UnitList.self)
        #expect(noProblem == .failure(.invalidResponse(InvalidResponse(status: 502, what: "an error status without a problem document"))))
    }

    @Test func aRevocationAnswersNoBody() throws {
        let answer = try read(.deviceSessionsRevoke, response(204, type: nil), as: NoBody.self).get()
        #expect(answer.value == NoBody())
    }

    @Test func problemsCarryStatusCodeFieldAndRetryAfter() {
        let conflict = read(.unitsHousekeeping, response(409, problemJSON("unit.status_conflict", status: 409),
                                                         type: "application/problem+json",
                                                         headers: [("X-Request-Id", "req_1")]), as: RoomUnit.self)
        guard case .failure(.problem(let problem)) = conflict else { Issue.record("\(conflict)"); return }
        #expect(problem.status == 409 && problem.code == "unit.status_conflict" && problem.requestID == "req_1")
        #expect(problem.retryAfter == nil)

        let limited = read(.unitsList, response(429, problemJSON("rate_limited", status: 429, retryAfter: 9),
                                                type: "application/problem+json", headers: [("Retry-After", "2")]),
                           as: UnitList.self)
        #expect(limited.failureValue?.retryAfter == .seconds(2))
        let fromDocument = read(.unitsList, response(503, problemJSON("instance.unavailable", status: 503, retryAfter: 9),
                                                     type: "application/problem+json"), as: UnitList.self)
        #expect(fromDocument.failureValue?.retryAfter == .seconds(9))
        #expect(fromDocument.failureValue?.problemCode == .instanceUnavailable)
    }

    @Test func a401IsItsOwnCase() {
        let answer = read(.unitsList, response(401, problemJSON("auth.unauthenticated", status: 401),
                                               type: "application/problem+json"), as: UnitList.self)
        #expect(answer.failureValue == .unauthorized)
        #expect(GuestCraftError.unauthorized.status == 401)
        #expect(!GuestCraftError.unauthorized.mayHaveBeenApplied)
    }

    /// Foundation's DateFormatter traps ("Incorrect range CFRange") on text where a combining mark
    /// joins an ASCII character, so a 429 or 503 whose Retry-After held one stopped the app. Found by
    /// the `problem` fuzz target (Tests/Fuzz/Regressions/problem, …/retry-after).
    @Test func aRetryAfterThatIsNotASCIIIsNoDate() {
        let now = Date(timeIntervalSince1970: 1_793_000_000)
        #expect(RetryAfter.parse("Wed, 21\u{301} Oct 2015 07:28:00 GMT", now: now) == nil)
        #expect(RetryAfter.parse("W\u{301}ed, 21 Oct 2015 07:28:00 GMT", now: now) == nil)
        #expect(RetryAfter.parse("Wed, 21 Oct 2015 07:28:00 GMT\u{301}", now: now) == nil)
        #expect(RetryAfter.parse("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == .seconds(0))
    }

    @Test func retryAfterTakesSecondsOrAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_793_000_000)
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 0 ", now: now) == .seconds(0))
        #expect(RetryAfter.parse("-5", now: now) == nil)
        #expect(RetryAfter.parse("soon", now: now) == nil)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(RetryAfter.parse(formatter.string(from: now.addingTimeInterval(30)), now: now) == .seconds(30))
        #expect(RetryAfter.parse(formatter.string(from: now.addingTimeInterval(-30)), now: now) == .seconds(0))
    }

    @Test func whatMayHaveBeenApplied() {
        #expect(!GuestCraftError.noAnswer(.couldNotConnect).mayHaveBeenApplied)
        #expect(!GuestCraftError.noAnswer(.notSent("x")).mayHaveBeenApplied)
        #expect(!GuestCraftError.noAnswer(.timedOut(requestSent: false)).mayHaveBeenApplied)
        #expect(GuestCraftError.noAnswer(.timedOut(requestSent: true)).mayHaveBeenApplied)
        #expect(GuestCraftError.noAnswer(.connectionLost).mayHaveBeenApplied)
        #expect(GuestCraftError.noAnswer(.cancelled).mayHaveBeenApplied)
        #expect(GuestCraftError(HTTPClientError.bodyTooLarge(limit: 10))
                == .invalidResponse(InvalidResponse(status: nil, what: "answer body over 10 bytes")))
        #expect(GuestCraftError(HTTPClientError.stalled) == .noAnswer(.stalled))
        #expect(GuestCraftError(HTTPClientError.insecureScheme("http")).mayHaveBeenApplied == false)
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
