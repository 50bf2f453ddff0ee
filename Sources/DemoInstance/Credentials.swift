import Foundation
import GuestCraftAPI
import HTTPServer
import SodiumCrypto
import SQLiteDB

/// Device tokens, the admin key and browser sessions: each checked on every request against what the database holds now.
extension DemoService {
    /// `last_used_at` is written at most this often.
    static let lastUsedInterval: Int64 = 5 * 60 * 1000

    /// The SHA-256 the instance keeps of a secret instead of the secret.
    static func digest(_ secret: String) -> String { SHA256.hash(secret).hex }

    /// A new secret: the prefix and 32 random bytes in base64url.
    static func makeSecret(prefix: String) -> String { CredentialPrefix.make(prefix: prefix, bytes: SecureRandom.bytes(32)) }

    /// The person of a `Bearer gcd_…` token, with their live permissions and scope; 401 for anything else.
    func authenticate(_ request: HTTPServerRequest) throws(Refusal) -> Caller {
        guard let header = request.header(HeaderName.authorization) else { throw Refusal.unauthenticated }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw Refusal.unauthenticated }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard CredentialPrefix.isDeviceToken(token) else { throw Refusal.unauthenticated }
        let now = self.now.millisecondsSinceEpoch
        do {
            guard let session = try db.queryFirst(
                "SELECT id, user_id, last_used_ms FROM device_sessions WHERE token_sha256 = ? AND revoked = 0",
                [.text(Self.digest(token))]) else { throw Refusal.unauthenticated }
            let sessionID = session.text("id")
            if session.optionalInteger("last_used_ms").map({ Int64($0) + Self.lastUsedInterval <= now }) ?? true {
                try db.run("UPDATE device_sessions SET last_used_ms = ? WHERE id = ?", [.integer(now), .text(sessionID)])
            }
            guard let caller = try member(userID: session.text("user_id"), sessionID: sessionID) else {
                throw Refusal.unauthenticated
            }
            return caller
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(.internalError, "The demo instance could not read its sessions.")
        }
    }

    /// A member with the permissions and properties the database holds now.
    func member(userID: String, sessionID: String = "") throws -> Caller? {
        guard let row = try db.queryFirst("SELECT * FROM members WHERE user_id = ?", [.text(userID)]) else { return nil }
        let permissions = try db.query(
            "SELECT permission FROM member_permissions WHERE user_id = ? ORDER BY position", [.text(userID)]
        ).map { Permission(rawValue: $0.text("permission")) }
        let properties = try db.query("SELECT property_id FROM member_properties WHERE user_id = ?", [.text(userID)])
            .map { $0.text("property_id") }
        return Caller(user: User(id: UserID(userID), name: row.text("name"), email: row.text("email")),
                      memberKey: row.text("member_key"), role: Role(rawValue: row.text("role")),
                      permissions: permissions, allProperties: row.integer("all_properties") != 0,
                      properties: Set(properties), sessionID: sessionID)
    }

    func member(key: String) throws -> Caller? {
        guard let row = try db.queryFirst("SELECT user_id FROM members WHERE member_key = ?", [.text(key)]) else {
            return nil
        }
        return try member(userID: row.text("user_id"))
    }

    /// 401 `demo.admin_key_required` unless `X-Demo-Admin-Key` is this instance's key.
    func checkAdminKey(_ request: HTTPServerRequest) throws(Refusal) {
        let sent = Array((request.header(HeaderName.demoAdminKey) ?? "").utf8)
        guard ConstantTime.equal(sent, Array(adminKey.utf8)) else {
            throw Refusal(.demoAdminKeyRequired, "Send X-Demo-Admin-Key with the key in the demo's admin-key file.")
        }
    }

    /// The name of the browser session cookie of the demo's web pages.
    static let browserCookie = "gc_demo_session"

    /// The member signed in on this browser (the demo's session cookie), if any.
    func browserMember(_ request: HTTPServerRequest) throws -> Caller? {
        guard let cookies = request.header("cookie") else { return nil }
        for pair in cookies.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == Self.browserCookie else { continue }
            if let row = try db.queryFirst("SELECT user_id FROM browser_sessions WHERE token_sha256 = ?",
                                           [.text(Self.digest(parts[1]))]) {
                return try member(userID: row.text("user_id"))
            }
        }
        return nil
    }

    /// Starts a browser session for a member; answers the `Set-Cookie` header value.
    func startBrowserSession(userID: String) throws -> String {
        let token = SecureRandom.token(byteCount: 32)
        try db.run("INSERT INTO browser_sessions (token_sha256, user_id, created_ms) VALUES (?, ?, ?)",
                   [.text(Self.digest(token)), .text(userID), .integer(now.millisecondsSinceEpoch)])
        return "\(Self.browserCookie)=\(token); Path=/; HttpOnly; SameSite=Lax"
            + (configuration.tls == nil ? "" : "; Secure")
    }

    /// The property of the path, which the caller must reach: 404 `property.not_found`, 403 `property.out_of_scope`.
    func scopedProperty(_ call: Call) throws -> PropertyRecord {
        let caller = try call.person
        let id = call.parameter("property_id")
        guard let property = try propertyRecord(id) else {
            throw Refusal(.propertyNotFound, "No property \(printable(id)).")
        }
        guard caller.reaches(id) else {
            throw Refusal(.propertyOutOfScope, "Your role does not reach property \(id).")
        }
        return property
    }

    func propertyRecord(_ id: String) throws -> PropertyRecord? {
        guard let row = try db.queryFirst("SELECT * FROM properties WHERE id = ?", [.text(id)]) else { return nil }
        return PropertyRecord(id: row.text("id"), name: row.text("name"), timeZone: row.text("time_zone"),
                              currency: row.text("currency"), businessDate: row.date("business_date"))
    }

    /// A thing found at another property than the path's: 403 when the caller does not reach that one, else 404.
    func elsewhere(_ otherProperty: String, caller: Caller, notFound: Refusal) -> Refusal {
        caller.reaches(otherProperty)
            ? notFound
            : Refusal(.propertyOutOfScope, "Your role does not reach property \(otherProperty).")
    }
}
