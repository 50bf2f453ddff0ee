import Foundation
import SQLiteDB

/// A saved copy of a successful read, and when it was saved.
public struct SavedRead: Sendable, Equatable {
    public let body: Data
    public let savedAt: Date
}

/// Saved reads: each successful read of a work screen, under its key and partition, shown at
/// once on opening; kept 72 hours at most and read only by the app version that saved it.
extension OfflineStore {
    /// Saves `body` as the copy of read `key`; answers false (and saves nothing) when
    /// `generation` is no longer live. Expired copies of every partition are deleted too.
    @discardableResult
    public func saveRead(_ key: String, body: Data, partition: Partition, generation: GenerationID,
                         now: Date, appVersion: String) throws(OfflineStoreError) -> Bool {
        try wrap {
            try db.transaction {
                try Self.deleteExpiredReads(db, now: now)
                // One statement: the generation check and the insert cannot be separated.
                let changed = try db.run("""
                    INSERT INTO saved_reads (instance_key, person_id, workspace_id, key, body, saved_at, app_version)
                    SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
                    WHERE EXISTS (SELECT 1 FROM live_generations
                                  WHERE id = ?8 AND instance_key = ?1 AND person_id = ?2 AND workspace_id = ?3)
                    ON CONFLICT (instance_key, person_id, workspace_id, key) DO UPDATE
                    SET body = excluded.body, saved_at = excluded.saved_at, app_version = excluded.app_version
                    """, Self.values(partition) + [
                        .text(key), .blob(body), .integer(OfflineTime.milliseconds(now)), .text(appVersion),
                        .text(generation.rawValue),
                    ])
                return changed > 0
            }
        }
    }

    /// Marks the copy of read `key` as current at `now` without rewriting it (a 304: the instance
    /// says it is still what it holds), inside the live generation like every save. False when
    /// there is no such copy or the generation has ended.
    public func renewRead(_ key: String, partition: Partition, generation: GenerationID,
                          now: Date, appVersion: String) throws(OfflineStoreError) -> Bool {
        try wrap {
            let changed = try db.run("""
                UPDATE saved_reads SET saved_at = ?5
                WHERE instance_key = ?1 AND person_id = ?2 AND workspace_id = ?3 AND key = ?4 AND app_version = ?6
                  AND EXISTS (SELECT 1 FROM live_generations
                              WHERE id = ?7 AND instance_key = ?1 AND person_id = ?2 AND workspace_id = ?3)
                """, Self.values(partition) + [
                    .text(key), .integer(OfflineTime.milliseconds(now)), .text(appVersion), .text(generation.rawValue),
                ])
            return changed > 0
        }
    }

    /// The copy of read `key`, when one was saved by `appVersion` less than 72 hours before `now`.
    /// Read on the store's reading connection: the last commit, without waiting for a write.
    public func savedRead(_ key: String, partition: Partition, now: Date,
                          appVersion: String) throws(OfflineStoreError) -> SavedRead? {
        // Its body read straight into the copy answered (#18: through the row, the rooms' 440 KB
        // were gathered by SQLite and copied again).
        try savedReadHead(key, partition: partition, now: now, appVersion: appVersion, length: .max)
    }

    /// The first `length` bytes of the copy `savedRead` would answer (the rest of its body is not
    /// read): what a conditional read needs of a saved list is its ETag, at the head (#18).
    public func savedReadHead(_ key: String, partition: Partition, now: Date, appVersion: String,
                              length: Int) throws(OfflineStoreError) -> SavedRead? {
        try wrap { () throws -> SavedRead? in
            let reader = try self.reader
            // The row and its body in one snapshot of the file.
            return try reader.readTransaction { () throws -> SavedRead? in
                guard let row = try reader.queryFirst("SELECT rowid, saved_at FROM saved_reads WHERE \(Self.shownRead)",
                                                      Self.shownRead(key, partition: partition, now: now, appVersion: appVersion)),
                      let head = try reader.blobPrefix(table: "saved_reads", column: "body", rowid: try row.int64("rowid"),
                                                       length: length)
                else { return nil }
                return SavedRead(body: head, savedAt: OfflineTime.date(try row.int64("saved_at")))
            }
        }
    }

    /// Of the reads `keys`, the one saved last that `savedRead` would answer (by `appVersion`,
    /// less than 72 hours before `now`): which list a start will most likely open (#18). Its body
    /// is not read.
    public func newestSavedKey(among keys: [String], partition: Partition, now: Date,
                               appVersion: String) throws(OfflineStoreError) -> String? {
        guard !keys.isEmpty else { return nil }
        let nowMs = OfflineTime.milliseconds(now)
        let oldest = OfflineTime.milliseconds(now.addingTimeInterval(-Self.savedReadLifetime))
        // Not `joined(separator:)`: its first use asks the run time for a conformance, a scan of
        // every conformance record (280,000 instructions on the start's read ahead, #18).
        let marks = String(repeating: "?, ", count: keys.count - 1) + "?"
        return try wrap {
            try reader.queryValue("""
                SELECT key FROM saved_reads
                WHERE instance_key = ? AND person_id = ? AND workspace_id = ? AND key IN (\(marks))
                  AND app_version = ? AND saved_at > ? AND saved_at <= ?
                ORDER BY saved_at DESC LIMIT 1
                """, Self.values(partition) + keys.map { .text($0) }
                    + [.text(appVersion), .integer(oldest), .integer(nowMs)])?.string
        }
    }

    /// The row of read `key` that is shown: saved by `appVersion`, less than 72 hours before `now`.
    static let shownRead = """
        instance_key = ? AND person_id = ? AND workspace_id = ? AND key = ?
          AND app_version = ? AND saved_at > ? AND saved_at <= ?
        """

    /// `shownRead`'s parameters.
    static func shownRead(_ key: String, partition: Partition, now: Date, appVersion: String) -> [SQLValue] {
        let oldest = OfflineTime.milliseconds(now.addingTimeInterval(-savedReadLifetime))
        return values(partition) + [.text(key), .text(appVersion), .integer(oldest), .integer(OfflineTime.milliseconds(now))]
    }

    /// Deletes the copy of read `key` (a 403: the person may no longer see it).
    public func deleteRead(_ key: String, partition: Partition) throws(OfflineStoreError) {
        try wrap {
            try db.run("""
                DELETE FROM saved_reads WHERE instance_key = ? AND person_id = ? AND workspace_id = ? AND key = ?
                """, Self.values(partition) + [.text(key)])
        }
    }
}
