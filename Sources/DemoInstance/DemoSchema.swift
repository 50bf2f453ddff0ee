import GuestCraftAPI
import SQLiteDB

/// The demo instance's tables. Dates are `YYYY-MM-DD` text (they sort as dates), instants milliseconds since 1970.
enum DemoSchema {
    /// `PRAGMA user_version` of a database this code made.
    static let version = 1

    static let tables = """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE counters (name TEXT PRIMARY KEY, next INTEGER NOT NULL);
    CREATE TABLE properties (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, time_zone TEXT NOT NULL, currency TEXT NOT NULL,
        business_date TEXT NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE members (
        user_id TEXT PRIMARY KEY, member_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, email TEXT NOT NULL,
        role TEXT NOT NULL, password_sha256 TEXT NOT NULL, all_properties INTEGER NOT NULL);
    CREATE TABLE member_permissions (
        user_id TEXT NOT NULL, permission TEXT NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY (user_id, permission));
    CREATE TABLE member_properties (user_id TEXT NOT NULL, property_id TEXT NOT NULL, PRIMARY KEY (user_id, property_id));
    CREATE TABLE room_types (id TEXT PRIMARY KEY, property_id TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE units (
        id TEXT PRIMARY KEY, property_id TEXT NOT NULL, number TEXT NOT NULL, room_type_id TEXT NOT NULL,
        floor INTEGER NOT NULL, active INTEGER NOT NULL, hk_status TEXT NOT NULL, hk_version INTEGER NOT NULL,
        hk_updated_ms INTEGER NOT NULL);
    CREATE TABLE guests (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT,
        name_folded TEXT NOT NULL, search_folded TEXT NOT NULL);
    CREATE TABLE reservations (
        id TEXT PRIMARY KEY, property_id TEXT NOT NULL, code TEXT NOT NULL, guest_id TEXT NOT NULL,
        status TEXT NOT NULL, version INTEGER NOT NULL, notes TEXT, arrival TEXT NOT NULL, departure TEXT NOT NULL);
    CREATE TABLE stays (
        id TEXT PRIMARY KEY, reservation_id TEXT NOT NULL, property_id TEXT NOT NULL, position INTEGER NOT NULL,
        room_type_id TEXT NOT NULL, unit_id TEXT, adults INTEGER NOT NULL, children INTEGER NOT NULL,
        status TEXT NOT NULL, check_in_date TEXT NOT NULL, check_out_date TEXT NOT NULL,
        checked_in_ms INTEGER, checked_out_ms INTEGER, checked_in_on TEXT, checked_out_on TEXT);
    CREATE TABLE charges (
        id TEXT PRIMARY KEY, reservation_id TEXT NOT NULL, position INTEGER NOT NULL, date TEXT NOT NULL,
        description TEXT NOT NULL, amount_minor INTEGER NOT NULL);
    CREATE TABLE payments (
        id TEXT PRIMARY KEY, reservation_id TEXT NOT NULL, position INTEGER NOT NULL, date TEXT NOT NULL,
        method TEXT NOT NULL, amount_minor INTEGER NOT NULL);
    CREATE TABLE tasks (
        id TEXT PRIMARY KEY, property_id TEXT NOT NULL, unit_id TEXT NOT NULL, kind TEXT NOT NULL,
        status TEXT NOT NULL, skip_reason TEXT, note TEXT, due_date TEXT NOT NULL, assignee_id TEXT,
        reservation_id TEXT, version INTEGER NOT NULL);
    CREATE TABLE blocks (
        id TEXT PRIMARY KEY, property_id TEXT NOT NULL, unit_id TEXT NOT NULL, kind TEXT NOT NULL,
        from_date TEXT NOT NULL, to_date TEXT NOT NULL, reason TEXT NOT NULL, ticket_id TEXT);
    CREATE TABLE tickets (
        id TEXT PRIMARY KEY, property_id TEXT NOT NULL, request_sha256 TEXT NOT NULL, answer BLOB NOT NULL,
        unit_id TEXT NOT NULL, reported_by TEXT NOT NULL, created_ms INTEGER NOT NULL);
    CREATE TABLE photos (
        id TEXT PRIMARY KEY, ticket_id TEXT NOT NULL, sha256 TEXT NOT NULL, answer BLOB NOT NULL,
        bytes BLOB NOT NULL);
    CREATE TABLE device_sessions (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, token_sha256 TEXT NOT NULL UNIQUE,
        created_ms INTEGER NOT NULL, last_used_ms INTEGER, revoked INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE sign_in_codes (
        code_sha256 TEXT PRIMARY KEY, user_id TEXT NOT NULL, challenge TEXT NOT NULL, redirect_uri TEXT NOT NULL,
        device_name TEXT NOT NULL, expires_ms INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0, session_id TEXT);
    CREATE TABLE pairing_codes (
        code_sha256 TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_ms INTEGER NOT NULL,
        used INTEGER NOT NULL DEFAULT 0, session_id TEXT);
    CREATE TABLE browser_sessions (token_sha256 TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_ms INTEGER NOT NULL);
    CREATE TABLE idempotency (
        user_id TEXT NOT NULL, key TEXT NOT NULL, request_sha256 TEXT NOT NULL, state TEXT NOT NULL,
        status INTEGER, headers TEXT, body BLOB, created_ms INTEGER NOT NULL, PRIMARY KEY (user_id, key));
    """

    /// Indexes, made after the hotel is written (sorting once beats updating them row by row).
    static let indexes = """
    CREATE INDEX units_by_number ON units (property_id, number);
    CREATE INDEX reservations_by_code ON reservations (property_id, code);
    CREATE INDEX reservations_by_guest ON reservations (guest_id);
    CREATE INDEX stays_by_reservation ON stays (reservation_id, position);
    CREATE INDEX stays_by_check_in ON stays (property_id, check_in_date);
    CREATE INDEX stays_by_check_out ON stays (property_id, check_out_date);
    CREATE INDEX stays_by_unit ON stays (unit_id, check_in_date);
    CREATE INDEX charges_by_reservation ON charges (reservation_id, position);
    CREATE INDEX payments_by_reservation ON payments (reservation_id, position);
    CREATE INDEX tasks_by_date ON tasks (property_id, due_date);
    CREATE INDEX blocks_by_unit ON blocks (unit_id, from_date);
    """

    /// Opens a database this code made, or makes one: tables, the hotel `fill` writes, indexes and the version,
    /// all in one transaction (a start cut short leaves an empty file, made again next time).
    static func prepare(_ db: Database, fill: () throws -> Void) throws {
        let version = try db.userVersion()
        if version == Self.version { return }
        guard version == 0 else {
            throw DemoError.dataDirectory("the database has schema version \(version); this demo knows \(Self.version)")
        }
        try db.transaction {
            try db.execute(tables)
            try fill()
            try db.execute(indexes)
            try db.setUserVersion(Self.version)
        }
    }
}

extension Row {
    /// Text of a column (empty when NULL).
    func text(_ column: String) -> String { self[column].string ?? "" }
    /// Text of a column, nil when NULL.
    func optionalText(_ column: String) -> String? { self[column].string }
    /// Integer of a column (0 when NULL).
    func integer(_ column: String) -> Int { self[column].int ?? 0 }
    /// Integer of a column, nil when NULL.
    func optionalInteger(_ column: String) -> Int? { self[column].int }
    /// A date column (the schema holds only valid dates).
    func date(_ column: String) -> BusinessDate { BusinessDate(text(column)) ?? BusinessDate(daysSinceEpoch: 0) }
    /// An instant column (milliseconds), nil when NULL.
    func optionalInstant(_ column: String) -> Instant? {
        self[column].int64.map { Instant(millisecondsSinceEpoch: $0) }
    }
    /// An instant column (milliseconds).
    func instant(_ column: String) -> Instant { optionalInstant(column) ?? Instant(millisecondsSinceEpoch: 0) }
}
