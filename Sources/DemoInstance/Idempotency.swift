import Foundation
import GuestCraftAPI
import SodiumCrypto
import SQLiteDB

/// `Idempotency-Key` on replayable writes: the first answer is kept 24 hours per person and answered to every repeat.
extension DemoService {
    static let idempotencyRetentionMS: Int64 = 24 * 60 * 60 * 1000

    /// Runs `apply` at most once per key: a repeat of an applied key answers the first answer (checked before any
    /// precondition `apply` makes), another request with the key is 422, a repeat while the first runs is 409.
    func idempotent(_ call: Call, apply: () throws -> Answer) throws -> Answer {
        guard let key = call.header(HeaderName.idempotencyKey) else {
            pauseForFault(call)
            return try apply()
        }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            throw Refusal(.requestMalformed, "Idempotency-Key must be 1 to 255 visible ASCII characters.",
                          field: HeaderName.idempotencyKey)
        }
        let user = try call.person.userID
        var request = Data("\(call.operation.rawValue)\n\(call.request.path)\n".utf8)
        request.append(call.request.body)
        let digest = SHA256.hash(request).hex
        let now = self.now.millisecondsSinceEpoch

        let purge = shouldPurgeIdempotency(now: now)
        let replay: Answer? = try db.transaction {
            if purge {
                try db.run("DELETE FROM idempotency WHERE created_ms < ?", [.integer(now - Self.idempotencyRetentionMS)])
            }
            if let row = try db.queryFirst("SELECT * FROM idempotency WHERE user_id = ? AND key = ?",
                                           [.text(user), .text(key)]) {
                guard row.text("request_sha256") == digest else {
                    throw Refusal(.idempotencyKeyReused, "This Idempotency-Key was used with another request.",
                                  field: HeaderName.idempotencyKey)
                }
                guard row.text("state") == "done" else {
                    throw Refusal(.idempotencyInProgress, "A request with this Idempotency-Key is still being processed.",
                                  field: HeaderName.idempotencyKey)
                }
                return Answer(status: row.integer("status"), headers: Self.decodeHeaders(row.text("headers")),
                              body: row["body"].data ?? Data())
            }
            try db.run("""
                INSERT INTO idempotency (user_id, key, request_sha256, state, created_ms) VALUES (?, ?, ?, 'running', ?)
                """, [.text(user), .text(key), .text(digest), .integer(now)])
            return nil
        }
        if let replay { return replay }

        pauseForFault(call)
        do {
            // The operation and the record of its answer commit together.
            return try db.transaction {
                let answer: Answer
                do {
                    answer = try apply()
                } catch let refusal as Refusal {
                    answer = refusal.answer
                }
                // Only answers of the operation's own rules are remembered; a retry after anything else runs again.
                if (200..<300).contains(answer.status) || [409, 412, 422].contains(answer.status) {
                    try db.run("""
                        UPDATE idempotency SET state = 'done', status = ?, headers = ?, body = ? WHERE user_id = ? AND key = ?
                        """, [.integer(Int64(answer.status)), .text(Self.encodeHeaders(answer.headers)), .blob(answer.body),
                              .text(user), .text(key)])
                } else {
                    try db.run("DELETE FROM idempotency WHERE user_id = ? AND key = ?", [.text(user), .text(key)])
                }
                return answer
            }
        } catch {
            _ = try? db.run("DELETE FROM idempotency WHERE user_id = ? AND key = ?", [.text(user), .text(key)])
            throw error
        }
    }

    /// Keys whose first request is still running (for tests that need to catch one in flight).
    func idempotencyKeysRunning() throws -> Int {
        try db.queryValue("SELECT count(*) FROM idempotency WHERE state = 'running'")?.int ?? 0
    }

    static func encodeHeaders(_ headers: [(name: String, value: String)]) -> String {
        let pairs = headers.map { [$0.name, $0.value] }
        return (try? JSONEncoder().encode(pairs)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static func decodeHeaders(_ text: String) -> [(name: String, value: String)] {
        let pairs = (try? JSONDecoder().decode([[String]].self, from: Data(text.utf8))) ?? []
        return pairs.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil }
    }
}
