import Foundation
import SQLiteDB
#if canImport(Glibc)
import Glibc
#endif

/// Generations: the wipe barrier. A save inserts only while its generation's row exists,
/// checked in the save's own statement; ending a generation deletes its row.
extension OfflineStore {
    /// Begins a generation of `partition` (the session and workspace in use) and writes its row.
    public func beginGeneration(_ partition: Partition,
                                id: GenerationID = GenerationID(rawValue: IdempotencyKey.random()))
        throws(OfflineStoreError) -> GenerationID {
        try wrap {
            try db.run("""
                INSERT INTO live_generations (id, instance_key, person_id, workspace_id, owner_pid)
                VALUES (?, ?, ?, ?, ?)
                """, [.text(id.rawValue)] + Self.values(partition) + [.integer(Int64(getpid()))])
        }
        return id
    }

    /// Whether `generation` is still live.
    public func isLive(_ generation: GenerationID) throws(OfflineStoreError) -> Bool {
        try wrap {
            try db.queryValue("SELECT 1 FROM live_generations WHERE id = ?", [.text(generation.rawValue)]) != nil
        }
    }

    /// Ends the generations `scope` covers; answers them (also told to `onGenerationsEnded`).
    @discardableResult
    public func endGenerations(_ scope: GenerationScope) throws(OfflineStoreError) -> [EndedGeneration] {
        let ended = try wrap { try db.transaction { try endGenerationsInTransaction(scope) } }
        observers.notify(ended)
        return ended
    }

    /// Copies the write-ahead log into the file and empties it (#18). The app's exit runs it: a
    /// process that ends without closing the file leaves the log, and the next opening reads all
    /// of it back to rebuild SQLite's index of it — before that start's first frame.
    public func checkpoint() throws(OfflineStoreError) {
        _ = try wrap { try db.query("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Registers `handler` to hear of every generation that ends (by any method of this store),
    /// e.g. to cancel the HTTP requests of that generation. Called on the ending thread.
    public func onGenerationsEnded(_ handler: @escaping @Sendable ([EndedGeneration]) -> Void) {
        observers.add(handler)
    }

    /// Selects then deletes the live rows of `scope`; run inside a transaction.
    func endGenerationsInTransaction(_ scope: GenerationScope) throws -> [EndedGeneration] {
        let (condition, parameters) = Self.generationCondition(scope)
        let rows = try db.query(
            "SELECT id, instance_key, person_id, workspace_id FROM live_generations WHERE \(condition) ORDER BY id",
            parameters)
        try db.run("DELETE FROM live_generations WHERE \(condition)", parameters)
        return try rows.map { row in
            EndedGeneration(
                id: GenerationID(rawValue: try row.string("id")),
                partition: Partition(instanceKey: try row.string("instance_key"),
                                     personID: try row.string("person_id"),
                                     workspaceID: try row.string("workspace_id")))
        }
    }

    private static func generationCondition(_ scope: GenerationScope) -> (String, [SQLValue]) {
        switch scope {
        case .generation(let id):
            return ("id = ?", [.text(id.rawValue)])
        case .partition(let p):
            return ("instance_key = ? AND person_id = ? AND workspace_id = ?", values(p))
        case .account(let a):
            return ("instance_key = ? AND person_id = ?", [.text(a.instanceKey), .text(a.personID)])
        case .instance(let key):
            return ("instance_key = ?", [.text(key)])
        }
    }
}

/// What a deletion removed.
public struct Forgotten: Sendable, Equatable {
    /// The generations it ended (their requests should be cancelled).
    public let endedGenerations: [EndedGeneration]
    /// Saved reads deleted.
    public let savedReads: Int
    /// Outbox entries deleted (unsent changes).
    public let outboxEntries: Int
}

/// Deletion: sign-out, a 401, removing an instance, and the clean-up at each start.
/// Each ends the generations it covers, then deletes the rows, in one transaction.
extension OfflineStore {
    /// Deletes everything of one person on one instance, in every workspace, their seal too
    /// (a sign-out the person confirmed, told how many); nothing of others.
    @discardableResult
    public func forgetAccount(_ account: Account) throws(OfflineStoreError) -> Forgotten {
        try forget(.account(account),
                   where: "instance_key = ? AND person_id = ?",
                   [.text(account.instanceKey), .text(account.personID)])
    }

    /// A 401, or a sign-out that keeps the changes (#35): ends the account's generations and
    /// deletes its saved reads, but keeps its outbox entries (and the versions and waits they go
    /// with), sealed to the person and instance: the start-up clean-up keeps them, no other
    /// account's partition holds them, and they are sent when the same person signs in again.
    /// Answers what was deleted; `keptEntries` says how many changes wait.
    @discardableResult
    public func sealAccount(_ account: Account, now: Date = Date()) throws(OfflineStoreError) -> Sealed {
        let parameters: [SQLValue] = [.text(account.instanceKey), .text(account.personID)]
        let result = try wrap {
            try db.transaction {
                let ended = try endGenerationsInTransaction(.account(account))
                let reads = try db.run("DELETE FROM saved_reads WHERE instance_key = ? AND person_id = ?", parameters)
                let kept = try db.queryValue(
                    "SELECT count(*) FROM outbox_entries WHERE instance_key = ? AND person_id = ?", parameters)?.int ?? 0
                try db.run("""
                    INSERT INTO sealed_accounts (instance_key, person_id, sealed_at) VALUES (?, ?, ?)
                    ON CONFLICT (instance_key, person_id) DO UPDATE SET sealed_at = excluded.sealed_at
                    """, parameters + [.integer(OfflineTime.milliseconds(now))])
                return Sealed(forgotten: Forgotten(endedGenerations: ended, savedReads: reads, outboxEntries: 0),
                              keptEntries: kept)
            }
        }
        observers.notify(result.forgotten.endedGenerations)
        return result
    }

    /// The same person signed in again: their kept changes are theirs to send again.
    public func unsealAccount(_ account: Account) throws(OfflineStoreError) {
        _ = try wrap {
            try db.run("DELETE FROM sealed_accounts WHERE instance_key = ? AND person_id = ?",
                       [.text(account.instanceKey), .text(account.personID)])
        }
    }

    /// The accounts whose changes are kept sealed (signed out by a 401, or keeping them).
    public func sealedAccounts() throws(OfflineStoreError) -> Set<Account> {
        try wrap {
            Set(try db.query("SELECT instance_key, person_id FROM sealed_accounts").map { row in
                Account(instanceKey: try row.string("instance_key"), personID: try row.string("person_id"))
            })
        }
    }

    /// Deletes everything kept for an instance (every person and workspace).
    @discardableResult
    public func forgetInstance(_ instanceKey: String) throws(OfflineStoreError) -> Forgotten {
        try forget(.instance(instanceKey), where: "instance_key = ?", [.text(instanceKey)])
    }

    /// Start-up clean-up: deletes what every account without a session still keeps, so a
    /// deletion cut short by the app stopping is finished. `accounts` are those with a session.
    /// A sealed account (#35: a 401, a sign-out keeping the changes) keeps its outbox entries and
    /// what they go with; only its saved reads and generations go. A sealed account that has a
    /// session again is unsealed.
    @discardableResult
    public func retainAccounts(_ accounts: Set<Account>) throws(OfflineStoreError) -> Forgotten {
        let kept = accounts.sorted { ($0.instanceKey, $0.personID) < ($1.instanceKey, $1.personID) }
        // Written by hand: JSONSerialization's bridging cost the start 0.7 M instructions of
        // run-time type lookups on every start, and `joined(separator:)` a scan of every
        // conformance record (#18).
        var json = "["
        for (index, account) in kept.enumerated() {
            if index > 0 { json += "," }
            json += "[" + Self.jsonString(account.instanceKey) + "," + Self.jsonString(account.personID) + "]"
        }
        json += "]"
        let condition = """
            NOT EXISTS (SELECT 1 FROM json_each(?) AS kept
                        WHERE json_extract(kept.value, '$[0]') = instance_key
                          AND json_extract(kept.value, '$[1]') = person_id)
            """
        let result = try wrap {
            try db.transaction {
                let rows = try db.query("""
                    SELECT id, instance_key, person_id, workspace_id FROM live_generations WHERE \(condition)
                    """, [.text(json)])
                try db.run("DELETE FROM live_generations WHERE \(condition)", [.text(json)])
                let ended = try rows.map { row in
                    EndedGeneration(
                        id: GenerationID(rawValue: try row.string("id")),
                        partition: Partition(instanceKey: try row.string("instance_key"),
                                             personID: try row.string("person_id"),
                                             workspaceID: try row.string("workspace_id")))
                }
                let reads = try db.run("DELETE FROM saved_reads WHERE \(condition)", [.text(json)])
                try db.run("DELETE FROM sealed_accounts WHERE NOT (\(condition))", [.text(json)])
                // The table is named: unqualified, the seal's own columns would be compared.
                func unsealed(_ table: String) -> String {
                    """
                    \(condition) AND NOT EXISTS (SELECT 1 FROM sealed_accounts AS sealed
                                                 WHERE sealed.instance_key = \(table).instance_key
                                                   AND sealed.person_id = \(table).person_id)
                    """
                }
                let entries = try db.run("DELETE FROM outbox_entries WHERE \(unsealed("outbox_entries"))", [.text(json)])
                try db.run("DELETE FROM outbox_waits WHERE \(unsealed("outbox_waits"))", [.text(json)])
                try db.run("DELETE FROM outbox_sent_versions WHERE \(unsealed("outbox_sent_versions"))", [.text(json)])
                return Forgotten(endedGenerations: ended, savedReads: reads, outboxEntries: entries)
            }
        }
        observers.notify(result.endedGenerations)
        return result
    }

    private func forget(_ scope: GenerationScope, where condition: String,
                        _ parameters: [SQLValue]) throws(OfflineStoreError) -> Forgotten {
        let result = try wrap {
            try db.transaction {
                // The generations end first: a save that runs after this inserts nothing.
                let ended = try endGenerationsInTransaction(scope)
                let reads = try db.run("DELETE FROM saved_reads WHERE \(condition)", parameters)
                let entries = try db.run("DELETE FROM outbox_entries WHERE \(condition)", parameters)
                try db.run("DELETE FROM outbox_waits WHERE \(condition)", parameters)
                try db.run("DELETE FROM outbox_sent_versions WHERE \(condition)", parameters)
                try db.run("DELETE FROM sealed_accounts WHERE \(condition)", parameters)
                return Forgotten(endedGenerations: ended, savedReads: reads, outboxEntries: entries)
            }
        }
        observers.notify(result.endedGenerations)
        return result
    }
}

/// What sealing an account deleted, and how many changes it kept.
public struct Sealed: Sendable, Equatable {
    public let forgotten: Forgotten
    /// Outbox entries kept for the person (unsent changes, held ones too).
    public let keptEntries: Int
}

extension OfflineStore {
    /// `text` as a JSON string (quotes, backslashes and control characters escaped).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
