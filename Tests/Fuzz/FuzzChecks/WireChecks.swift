import AppCore
import ClientModel
import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient

/// What `Wire` reads of an error answer, and `Retry-After`.
public enum WireChecks {
    /// A fixed "now" for HTTP dates (2026-12-02 12:00 UTC), so a replay is deterministic.
    static let now = Date(timeIntervalSince1970: 1_796_212_800)

    /// Input: one byte for the status (400–599), header lines `Name: value` up to an empty line,
    /// then the body.
    public static func problem(_ data: Data) -> [String] {
        var input = FuzzBytes(data)
        let status = 400 + Int(input.byte()) % 200
        var fields: [HTTPHeaders.Field] = []
        while !input.isAtEnd {
            let line = FuzzBytes.text(input.line())
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1)
            let name = parts.first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            let value = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
            fields.append(HTTPHeaders.Field(name: name, value: value))
        }
        let body = Data(input.rest())
        let response = HTTPResponse(status: status, headers: HTTPHeaders(fields), body: body, wireBytes: data.count,
                                    newConnections: 0, httpVersion: "1.1")
        let error = AnswerReaders.problem(in: response)
        var problems: [String] = []
        if error.status != status { problems.append("the error's status \(error.status.map(String.init) ?? "none") is not the answer's \(status)") }
        switch error {
        case .problem(let answer):
            if let wait = answer.retryAfter, wait < .zero { problems.append("a negative Retry-After: \(wait)") }
            let type = AnswerReaders.mediaType(response)
            if type != ProblemDocument.mediaType && type != "application/json" {
                problems.append("a problem read from a body of type \(type ?? "none")")
            }
        case .invalidResponse:
            break
        case .noAnswer, .unauthorized:
            problems.append("an error answer read as \(error)")
        }
        // What the person reads of it is a sentence from the catalog, inert.
        let sentence = ErrorText.request(error)
        if let bad = TextChecks.firstUnsafeScalar(sentence, singleLine: false) {
            problems.append("the sentence for \(error) holds U+\(String(bad.value, radix: 16, uppercase: true))")
        }
        if sentence.isEmpty { problems.append("no sentence for \(error)") }
        return problems
    }

    /// `Retry-After` alone, at a fixed now and at the ends of time.
    public static func retryAfter(_ data: Data) -> [String] {
        let text = FuzzBytes.text(Array(data))
        var problems: [String] = []
        for now in [now, Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: 0)] {
            if let wait = AnswerReaders.retryAfter(text, now: now), wait < .zero {
                problems.append("Retry-After \(RefuseOrAgree.clip(text)) read as \(wait) at \(now)")
            }
        }
        if let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0,
           AnswerReaders.retryAfter(text, now: now) != .seconds(seconds) {
            problems.append("Retry-After \(seconds) not read as \(seconds) seconds")
        }
        return problems
    }
}
