import Foundation
import SQLiteDB

/// Outbox primitives: the engine (target Outbox) decides; these keep its decisions on disk.
extension OfflineStore {
    private static let entryColumns = """
        id, instance_key, person_id, workspace_id, operation, subject, payload, idempotency_key, created_at,
        attempts, last_attempt_at, outcome_unknown, held_reason, held_status, held_code, held_detail, held_at,
        held_field
        """
    private static let inPartition = "instance_key = ? AND person_id = ? AND workspace_id = ?"

    /// Saves a change before its first attempt; answers its id, or nil (nothing saved) when
    /// `generation` has ended. The generation check and the insert are one statement.
    public func enqueue(operation: String, subject: String, payload: Data, partition: Partition,
                        generation: GenerationID, idempotencyKey: String = IdempotencyKey.random(),
                        now: Date) throws(OfflineStoreError) -> Int64? {
        try wrap {
            try insertEntry(NewOutboxEntry(operation: operation, subject: subject, payload: payload,
                                           idempotencyKey: idempotencyKey),
                            partition: partition, generation: generation, now: now)
        }
    }

    /// Saves several changes in one transaction (a fault report and its photos): all or none.
    /// Answers their ids in order, or nil when `generation` has ended.
    public func enqueue(_ entries: [NewOutboxEntry], partition: Partition, generation: GenerationID,
                        now: Date) throws(OfflineStoreError) -> [Int64]? {
        struct GenerationEnded: Error {}
        return try wrap { () -> [Int64]? in
            do {
                return try db.transaction {
                    try entries.map { entry in
                        guard let id = try insertEntry(entry, partition: partition, generation: generation, now: now)
                        else { throw GenerationEnded() }
                        return id
                    }
                }
            } catch is GenerationEnded {
                return nil
            }
        }
    }

    private func insertEntry(_ entry: NewOutboxEntry, partition: Partition, generation: GenerationID,
                             now: Date) throws -> Int64? {
        try db.queryValue("""
            INSERT INTO outbox_entries
                (instance_key, person_id, workspace_id, operation, subject, payload, idempotency_key, created_at)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
            WHERE EXISTS (SELECT 1 FROM live_generations
                          WHERE id = ?9 AND instance_key = ?1 AND person_id = ?2 AND workspace_id = ?3)
            RETURNING id
            """, Self.values(partition) + [
                .text(entry.operation), .text(entry.subject), .blob(entry.payload), .text(entry.idempotencyKey),
                .integer(OfflineTime.milliseconds(now)), .text(generation.rawValue),
            ])?.int64
    }

    /// Keeps (or, with nil, clears) the time before which `partition`'s outbox must not send:
    /// the instance's `Retry-After`, and the status that asked for it.
    public func setOutboxWait(_ notBefore: Date?, status: Int, partition: Partition) throws(OfflineStoreError) {
        try wrap {
            if let notBefore {
                try db.run("""
                    INSERT INTO outbox_waits (instance_key, person_id, workspace_id, not_before, status)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (instance_key, person_id, workspace_id)
                    DO UPDATE SET not_before = excluded.not_before, status = excluded.status
                    """, Self.values(partition) + [.integer(OfflineTime.milliseconds(notBefore)), .integer(Int64(status))])
            } else {
                try db.run("DELETE FROM outbox_waits WHERE \(Self.inPartition)", Self.values(partition))
            }
        }
    }

    /// The kept wait of `partition`, if it is still ahead of `now`.
    public func outboxWait(_ partition: Partition, now: Date) throws(OfflineStoreError) -> (notBefore: Date, status: Int)? {
        try wrap {
            guard let row = try db.queryFirst("SELECT not_before, status FROM outbox_waits WHERE \(Self.inPartition)",
                                              Self.values(partition)) else { return nil }
            let notBefore = OfflineTime.date(try row.int64("not_before"))
            guard notBefore > now else { return nil }
            return (notBefore, Int(try row.int64("status")))
        }
    }

    /// Every entry of `partition`, held ones included, in id (submission) order.
    /// Read on the reading connection: the last commit, without waiting for a write (#18).
    public func pendingEntries(_ partition: Partition) throws(OfflineStoreError) -> [OutboxEntry] {
        try wrap {
            try reader.query("SELECT \(Self.entryColumns) FROM outbox_entries WHERE \(Self.inPartition) ORDER BY id",
                         Self.values(partition)).map(Self.entry)
        }
    }

    /// One entry of `partition`, or nil.
    public func entry(_ id: Int64, partition: Partition) throws(OfflineStoreError) -> OutboxEntry? {
        try wrap {
            try db.queryFirst("SELECT \(Self.entryColumns) FROM outbox_entries WHERE id = ? AND \(Self.inPartition)",
                              [.integer(id)] + Self.values(partition)).map(Self.entry)
        }
    }

    /// Records that an attempt starts: from now on the entry's body is frozen. With `payload`, the
    /// body it is sent with is written in the same statement (the engine gives one only to an
    /// entry never attempted: one that goes with its subject's sent version).
    @discardableResult
    public func markAttempted(_ id: Int64, partition: Partition, payload: Data? = nil,
                              now: Date) throws(OfflineStoreError) -> Bool {
        let attempted = "attempts = attempts + 1, last_attempt_at = ?"
        let at = SQLValue.integer(OfflineTime.milliseconds(now))
        guard let payload else { return try update(attempted, [at], id: id, partition: partition) }
        return try update("payload = ?, " + attempted, [.blob(payload), at], id: id, partition: partition)
    }

    /// Marks (or clears) that an attempt's answer was lost and the instance may have applied it.
    @discardableResult
    public func markOutcomeUnknown(_ id: Int64, partition: Partition, _ unknown: Bool) throws(OfflineStoreError) -> Bool {
        try update("outcome_unknown = ?", [.integer(unknown ? 1 : 0)], id: id, partition: partition)
    }

    /// Holds an entry for the person's decision; it is never sent again by itself. With
    /// `forgettingSentVersion`, the version recorded for its subject goes in the same transaction
    /// (a conflict: the instance has just said that is not the subject's version).
    @discardableResult
    public func hold(_ id: Int64, partition: Partition, reason: HoldReason, status: Int?, code: String?,
                     detail: String?, field: String? = nil, forgettingSentVersion: Bool = false,
                     now: Date) throws(OfflineStoreError) -> Bool {
        try wrap {
            try db.transaction {
                if forgettingSentVersion {
                    try db.run("""
                        DELETE FROM outbox_sent_versions WHERE \(Self.inPartition)
                            AND subject = (SELECT subject FROM outbox_entries WHERE id = ? AND \(Self.inPartition))
                        """, Self.values(partition) + [.integer(id)] + Self.values(partition))
                }
                return try db.run("""
                    UPDATE outbox_entries SET held_reason = ?, held_status = ?, held_code = ?, held_detail = ?,
                        held_field = ?, held_at = ?, outcome_unknown = 0
                    WHERE id = ? AND \(Self.inPartition)
                    """, [.text(reason.rawValue), SQLValue(status), SQLValue(code), SQLValue(detail), SQLValue(field),
                          .integer(OfflineTime.milliseconds(now)), .integer(id)] + Self.values(partition)) > 0
            }
        }
    }

    /// The version the last successful send of each subject of `partition` answered, by subject.
    public func sentVersions(_ partition: Partition) throws(OfflineStoreError) -> [String: Int] {
        try wrap {
            var versions: [String: Int] = [:]
            for row in try db.query("SELECT subject, version FROM outbox_sent_versions WHERE \(Self.inPartition)",
                                    Self.values(partition)) {
                versions[try row.string("subject")] = try row.int("version")
            }
            return versions
        }
    }

    /// Deletes an entry the person discarded; answers whether it was there.
    @discardableResult
    public func discard(_ id: Int64, partition: Partition) throws(OfflineStoreError) -> Bool {
        try discard([id], partition: partition) > 0
    }

    /// Deletes several entries in one transaction (a discarded fault report and the photos that
    /// wait on it: all or none); answers how many were there.
    @discardableResult
    public func discard(_ ids: [Int64], partition: Partition) throws(OfflineStoreError) -> Int {
        try wrap {
            try db.transaction {
                try ids.reduce(0) { count, id in
                    count + (try db.run("DELETE FROM outbox_entries WHERE id = ? AND \(Self.inPartition)",
                                        [.integer(id)] + Self.values(partition)))
                }
            }
        }
    }

    /// After a successful send: records `sentVersion` (the version the instance answered) for the
    /// sent entry's subject, writes the rebased payloads of later entries, then deletes the sent
    /// one, in one transaction (an app stopped before it sends the entry again, harmlessly).
    /// Entries already attempted or held keep their frozen body. With `nextAttempt`, that entry
    /// is also marked attempted in the same commit (it goes next), saving one disk sync per send.
    /// Answers how many were rebased.
    @discardableResult
    public func completeAndRebase(sentID: Int64, partition: Partition, rebased: [(id: Int64, payload: Data)],
                                  sentVersion: Int? = nil, nextAttempt: Int64? = nil,
                                  now: Date = Date()) throws(OfflineStoreError) -> Int {
        try wrap {
            try db.transaction {
                if let sentVersion {
                    try db.run("""
                        INSERT INTO outbox_sent_versions (instance_key, person_id, workspace_id, subject, version, sent_at)
                        SELECT instance_key, person_id, workspace_id, subject, ?, ? FROM outbox_entries
                        WHERE id = ? AND \(Self.inPartition)
                        ON CONFLICT (instance_key, person_id, workspace_id, subject)
                        DO UPDATE SET version = excluded.version, sent_at = excluded.sent_at
                        """, [.integer(Int64(sentVersion)), .integer(OfflineTime.milliseconds(now)), .integer(sentID)]
                            + Self.values(partition))
                }
                var count = 0
                for (id, payload) in rebased where id != sentID {
                    count += try db.run("""
                        UPDATE outbox_entries SET payload = ?
                        WHERE id = ? AND \(Self.inPartition) AND attempts = 0 AND held_reason IS NULL
                        """, [.blob(payload), .integer(id)] + Self.values(partition))
                }
                try db.run("DELETE FROM outbox_entries WHERE id = ? AND \(Self.inPartition)",
                           [.integer(sentID)] + Self.values(partition))
                if let nextAttempt {
                    try db.run("""
                        UPDATE outbox_entries SET attempts = attempts + 1, last_attempt_at = ?
                        WHERE id = ? AND \(Self.inPartition)
                        """, [.integer(OfflineTime.milliseconds(now)), .integer(nextAttempt)] + Self.values(partition))
                }
                return count
            }
        }
    }

    /// How many changes of `partition` wait to be sent and how many need a decision.
    public func outboxCounts(_ partition: Partition) throws(OfflineStoreError) -> OutboxCounts {
        try counts(where: Self.inPartition, Self.values(partition))
    }

    /// The same counts over every workspace of an account (what sign-out would delete).
    public func outboxCounts(account: Account) throws(OfflineStoreError) -> OutboxCounts {
        try counts(where: "instance_key = ? AND person_id = ?", [.text(account.instanceKey), .text(account.personID)])
    }

    /// The same counts over every account of an instance (what removing it would delete).
    public func outboxCounts(instanceKey: String) throws(OfflineStoreError) -> OutboxCounts {
        try counts(where: "instance_key = ?", [.text(instanceKey)])
    }

    /// Every partition with entries, with its counts, for `guestcraft status`.
    public func accountsSummary() throws(OfflineStoreError) -> [OutboxSummary] {
        try wrap {
            try db.query("""
                SELECT instance_key, person_id, workspace_id,
                       sum(held_reason IS NULL) AS to_send, sum(held_reason IS NOT NULL) AS to_review,
                       sum(held_reason IS NULL AND outcome_unknown != 0) AS unknown
                FROM outbox_entries GROUP BY instance_key, person_id, workspace_id
                ORDER BY instance_key, person_id, workspace_id
                """).map { row in
                OutboxSummary(
                    partition: Partition(instanceKey: try row.string("instance_key"),
                                         personID: try row.string("person_id"),
                                         workspaceID: try row.string("workspace_id")),
                    counts: OutboxCounts(toSend: try row.int("to_send"), toReview: try row.int("to_review"),
                                         outcomeUnknown: try row.int("unknown")))
            }
        }
    }

    /// Read on the reading connection, like `pendingEntries`.
    private func counts(where condition: String, _ parameters: [SQLValue]) throws(OfflineStoreError) -> OutboxCounts {
        try wrap {
            guard let row = try reader.queryFirst("""
                SELECT coalesce(sum(held_reason IS NULL), 0) AS to_send,
                       coalesce(sum(held_reason IS NOT NULL), 0) AS to_review,
                       coalesce(sum(held_reason IS NULL AND outcome_unknown != 0), 0) AS unknown
                FROM outbox_entries WHERE \(condition)
                """, parameters) else { return .zero }
            return OutboxCounts(toSend: try row.int("to_send"), toReview: try row.int("to_review"),
                                outcomeUnknown: try row.int("unknown"))
        }
    }

    private func update(_ assignments: String, _ values: [SQLValue], id: Int64,
                        partition: Partition) throws(OfflineStoreError) -> Bool {
        try wrap {
            try db.run("UPDATE outbox_entries SET \(assignments) WHERE id = ? AND \(Self.inPartition)",
                       values + [.integer(id)] + Self.values(partition)) > 0
        }
    }

    private static func entry(_ row: Row) throws -> OutboxEntry {
        var hold: OutboxHold?
        if let reason = try row.optionalString("held_reason") {
            hold = OutboxHold(reason: HoldReason(rawValue: reason) ?? .refused,
                              status: try row.optionalInt64("held_status").map { Int($0) },
                              code: try row.optionalString("held_code"),
                              detail: try row.optionalString("held_detail"),
                              field: try row.optionalString("held_field"),
                              heldAt: OfflineTime.date(try row.optionalInt64("held_at") ?? 0))
        }
        return OutboxEntry(
            id: try row.int64("id"),
            partition: Partition(instanceKey: try row.string("instance_key"), personID: try row.string("person_id"),
                                 workspaceID: try row.string("workspace_id")),
            operation: try row.string("operation"),
            subject: try row.string("subject"),
            payload: try row.data("payload"),
            idempotencyKey: try row.string("idempotency_key"),
            createdAt: OfflineTime.date(try row.int64("created_at")),
            attempts: try row.int("attempts"),
            lastAttemptAt: try row.optionalInt64("last_attempt_at").map(OfflineTime.date),
            outcomeUnknown: try row.bool("outcome_unknown"),
            hold: hold)
    }
}
