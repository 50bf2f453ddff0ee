import SQLiteDB

/// The offline database's schema, as numbered steps counted by `PRAGMA user_version`.
///
/// RULES: each step runs in its own transaction and sets user_version to its number.
/// A step that has been released is NEVER edited, reordered or removed: files in the field
/// were built by it. Change the schema only by appending a new step.
enum OfflineSchema {
    /// The steps, in order; `steps[n - 1]` brings a file from version n - 1 to n.
    static let steps: [String] = [
        // Step 1: saved reads and the outbox, every row with its partition.
        """
        CREATE TABLE saved_reads (
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            workspace_id TEXT NOT NULL,
            key TEXT NOT NULL,
            body BLOB NOT NULL,
            saved_at INTEGER NOT NULL,
            app_version TEXT NOT NULL,
            PRIMARY KEY (instance_key, person_id, workspace_id, key)
        ) WITHOUT ROWID;
        CREATE INDEX saved_reads_by_age ON saved_reads (saved_at);
        CREATE TABLE outbox_entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            workspace_id TEXT NOT NULL,
            operation TEXT NOT NULL,
            subject TEXT NOT NULL,
            payload BLOB NOT NULL,
            idempotency_key TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            held_reason TEXT CHECK (held_reason IN ('conflict', 'refused')),
            held_code TEXT
        );
        CREATE INDEX outbox_entries_by_partition
            ON outbox_entries (instance_key, person_id, workspace_id, id);
        """,
        // Step 2: live generations (the wipe barrier). owner_pid lets a second process
        // (`guestcraft send`) open the file without ending the app's generations.
        """
        CREATE TABLE live_generations (
            id TEXT PRIMARY KEY NOT NULL,
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            workspace_id TEXT NOT NULL,
            owner_pid INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX live_generations_by_partition
            ON live_generations (instance_key, person_id, workspace_id);
        """,
        // Step 3: attempts (a body is frozen once attempted), lost answers, hold details.
        """
        ALTER TABLE outbox_entries ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE outbox_entries ADD COLUMN last_attempt_at INTEGER;
        ALTER TABLE outbox_entries ADD COLUMN outcome_unknown INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE outbox_entries ADD COLUMN held_status INTEGER;
        ALTER TABLE outbox_entries ADD COLUMN held_detail TEXT;
        ALTER TABLE outbox_entries ADD COLUMN held_at INTEGER;
        """,
        // Step 4: how long the instance asked a partition's outbox to wait (Retry-After), kept so
        // that the next process (`guestcraft send`, the app started again) honours it too.
        """
        CREATE TABLE outbox_waits (
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            workspace_id TEXT NOT NULL,
            not_before INTEGER NOT NULL,
            status INTEGER NOT NULL,
            PRIMARY KEY (instance_key, person_id, workspace_id)
        ) WITHOUT ROWID;
        """,
        // Step 5: the request member a refusal names (problem `field`), so a refused fault report
        // comes back to its form with the sentence beside that field.
        """
        ALTER TABLE outbox_entries ADD COLUMN held_field TEXT;
        """,
        // Step 6: per partition and subject (`unit:101`, `task:…`: the kind and the id), the
        // version the last successful send answered, whichever process sent it (the app, or
        // `guestcraft send` while it was closed): a change goes with it when the copy it was made
        // from is older, so a stale screen never makes a false conflict.
        """
        CREATE TABLE outbox_sent_versions (
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            workspace_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            version INTEGER NOT NULL,
            sent_at INTEGER NOT NULL,
            PRIMARY KEY (instance_key, person_id, workspace_id, subject)
        ) WITHOUT ROWID;
        CREATE INDEX outbox_sent_versions_by_age ON outbox_sent_versions (sent_at);
        """,
        // Step 7: saved reads in a table with rowids, their body last (#18). The table had no
        // rowid: its rows were the cells of its key's b-tree, and finding a row by its key
        // compared whole records — the room list's 440 KB read from the file to find it, and once
        // more to take its body (three times when the columns after the body were checked). Now
        // the key finds the row through a small index, and the body is walked once, after the
        // columns a read checks. The rows are kept, as they were.
        """
        CREATE TABLE saved_reads_by_rowid (
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            workspace_id TEXT NOT NULL,
            key TEXT NOT NULL,
            saved_at INTEGER NOT NULL,
            app_version TEXT NOT NULL,
            body BLOB NOT NULL,
            UNIQUE (instance_key, person_id, workspace_id, key)
        );
        INSERT INTO saved_reads_by_rowid (instance_key, person_id, workspace_id, key, saved_at, app_version, body)
            SELECT instance_key, person_id, workspace_id, key, saved_at, app_version, body FROM saved_reads;
        DROP TABLE saved_reads;
        ALTER TABLE saved_reads_by_rowid RENAME TO saved_reads;
        CREATE INDEX saved_reads_by_age ON saved_reads (saved_at);
        """,
        // Step 8 (#35): the accounts the instance signed out (a 401) or the person signed out
        // keeping their changes. Their session is gone, their outbox entries stay, sealed to the
        // person and instance: the start-up clean-up keeps them, nothing sends them until the same
        // person signs in again.
        """
        CREATE TABLE sealed_accounts (
            instance_key TEXT NOT NULL,
            person_id TEXT NOT NULL,
            sealed_at INTEGER NOT NULL,
            PRIMARY KEY (instance_key, person_id)
        ) WITHOUT ROWID;
        """,
    ]

    /// The version a file has once every step ran.
    static var currentVersion: Int { steps.count }

    /// The tables a file at `currentVersion` has (a test holds it to what the steps make).
    static let tables: Set<String> = ["saved_reads", "outbox_entries", "live_generations", "outbox_waits",
                                      "outbox_sent_versions", "sealed_accounts"]

    /// Throws SQLITE_ERROR ("no such table") when a table of `tables` is not in the file: one whose
    /// `user_version` claims steps it does not have. One read of the schema SQLite has parsed.
    static func checkTables(_ db: Database) throws {
        let present = Set(try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'").compactMap { $0[0].string })
        if let missing = tables.subtracting(present).sorted().first {
            throw SQLiteError(code: OfflineStore.sqliteError, message: "no such table: \(missing)")
        }
    }

    /// Runs the steps `db` has not had yet, each in its own transaction.
    static func migrate(_ db: Database) throws(OfflineStoreError) {
        do {
            let found = try db.userVersion()
            // user_version is any 32-bit number: a negative one is no version of this file (damaged).
            guard found >= 0 else {
                throw SQLiteError(code: OfflineStore.sqliteCorrupt, message: "user_version \(found) is no version of this file")
            }
            guard found <= currentVersion else { throw OfflineStoreError.newerSchema(found: found, known: currentVersion) }
            for version in (found + 1)...max(found + 1, currentVersion) where version <= currentVersion {
                try db.transaction {
                    // Read again inside the write lock: another process may have migrated meanwhile.
                    guard try db.userVersion() == version - 1 else { return }
                    try db.execute(steps[version - 1])
                    try db.setUserVersion(version)
                }
            }
        } catch let error as OfflineStoreError {
            throw error
        } catch let error as SQLiteError {
            throw .database(error)
        } catch {
            throw .database(SQLiteError(code: 1, message: "\(error)"))
        }
    }
}
