import Foundation
import GuestCraftAPI
import SodiumCrypto
import SQLiteDB

/// Device sessions and pairing codes: tokens and codes kept only as SHA-256 digests, one attempt per code.
extension DemoService {
    /// Seconds a pairing code (`gcp_…`) and a sign-in code (`gcc_…`) stay valid.
    static let pairingLifetime = 120
    static let signInCodeLifetime = 120

    static let invalidGrant = Refusal(.deviceSessionInvalidGrant,
                                      "The code is unknown, expired, already used or does not match.")

    func createDeviceSession(_ call: Call) throws -> Answer {
        let address = call.request.clientAddress
        if let retry = grantFailures.retryAfter(address: address, now: now, limit: configuration.failedGrantsPerMinute) {
            throw Refusal(.rateLimited, "Too many attempts from this address; try again later.", retryAfter: retry)
        }
        let grant = try decode(DeviceSessionGrant.self, from: call)
        let name: String
        switch DeviceName.validate(grant.deviceName) {
        case .success(let valid): name = valid
        case .failure(let problem):
            throw Refusal(.deviceSessionInvalidRequest, Self.sentence(problem.description), field: "device_name")
        }
        let now = self.now.millisecondsSinceEpoch
        // The code is used (and a second use revokes) even when the grant fails, so the transaction commits either way.
        let outcome: Result<DeviceSessionCreated, Refusal> = try db.transaction {
            let table: String
            let secret: String
            switch grant {
            case .signIn(let signIn): (table, secret) = ("sign_in_codes", signIn.code)
            case .pairing(let pairing): (table, secret) = ("pairing_codes", pairing.pairingCode)
            }
            let digest = Self.digest(secret)
            guard let code = try db.queryFirst("SELECT * FROM \(table) WHERE code_sha256 = ?", [.text(digest)]) else {
                return .failure(Self.invalidGrant)
            }
            if code.integer("used") != 0 {
                if let session = code.optionalText("session_id") {
                    try db.run("UPDATE device_sessions SET revoked = 1 WHERE id = ?", [.text(session)])
                }
                return .failure(Self.invalidGrant)
            }
            try db.run("UPDATE \(table) SET used = 1 WHERE code_sha256 = ?", [.text(digest)])
            guard Int64(code.integer("expires_ms")) > now else { return .failure(Self.invalidGrant) }
            if case .signIn(let signIn) = grant {
                guard Self.isVerifier(signIn.codeVerifier),
                      SHA256.hash(signIn.codeVerifier).base64URL == code.text("challenge"),
                      signIn.redirectURI == code.text("redirect_uri"), name == code.text("device_name") else {
                    return .failure(Self.invalidGrant)
                }
            }
            guard let person = try member(userID: code.text("user_id")) else { return .failure(Self.invalidGrant) }
            let (session, token) = try insertSession(userID: person.userID, name: name, now: now)
            try db.run("UPDATE \(table) SET session_id = ? WHERE code_sha256 = ?", [.text(session.id.rawValue), .text(digest)])
            return .success(DeviceSessionCreated(token: token, deviceSession: session, user: person.user))
        }
        switch outcome {
        case .success(let created):
            return .json(created, status: 201, applied: true)
        case .failure(let refusal):
            grantFailures.failed(address: address, now: self.now)
            throw refusal
        }
    }

    /// A new device session and its token (`gcd_…`), shown once; only its digest is kept.
    func insertSession(userID: String, name: String, now: Int64) throws -> (DeviceSession, String) {
        let token = Self.makeSecret(prefix: CredentialPrefix.deviceToken)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let id = "dvs_" + String(SecureRandom.bytes(10).map { alphabet[Int($0) % alphabet.count] })
        try db.run("""
            INSERT INTO device_sessions (id, user_id, name, token_sha256, created_ms, last_used_ms) VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(id), .text(userID), .text(name), .text(Self.digest(token)), .integer(now), .integer(now)])
        let instant = Instant(millisecondsSinceEpoch: now)
        return (DeviceSession(id: DeviceSessionID(id), name: name, createdAt: instant, lastUsedAt: instant, current: true),
                token)
    }

    func listDeviceSessions(_ call: Call) throws -> Answer {
        let caller = try call.person
        let sessions = try db.query("""
            SELECT * FROM device_sessions WHERE user_id = ? AND revoked = 0 ORDER BY created_ms DESC, id
            """, [.text(caller.userID)]).map { row in
            DeviceSession(id: DeviceSessionID(row.text("id")), name: row.text("name"), createdAt: row.instant("created_ms"),
                          lastUsedAt: row.optionalInstant("last_used_ms"), current: row.text("id") == caller.sessionID)
        }
        return .json(DeviceSessionList(deviceSessions: sessions))
    }

    func revokeDeviceSession(_ call: Call) throws -> Answer {
        let caller = try call.person
        let id = call.parameter("device_session_id")
        return try db.transaction {
            guard let row = try db.queryFirst(
                "SELECT created_ms FROM device_sessions WHERE id = ? AND user_id = ? AND revoked = 0",
                [.text(id), .text(caller.userID)]) else {
                throw Refusal(.deviceSessionNotFound, "No device session \(printable(id)) of yours.")
            }
            try checkIfMatch(call, etag: ETag(row.instant("created_ms").rfc3339), thing: "device session",
                             mismatch: .deviceSessionVersionMismatch)
            try db.run("UPDATE device_sessions SET revoked = 1 WHERE id = ?", [.text(id)])
            return Answer(status: 204, applied: true)
        }
    }

    /// A pairing code for a member, as the web's "Pair a device" makes it: the code and its link.
    func issuePairingCode(userID: String, origin: String) throws -> DevicePairingIssued {
        let code = Self.makeSecret(prefix: CredentialPrefix.pairingCode)
        try db.run("INSERT INTO pairing_codes (code_sha256, user_id, expires_ms) VALUES (?, ?, ?)",
                   [.text(Self.digest(code)), .text(userID),
                    .integer(now.millisecondsSinceEpoch + Int64(Self.pairingLifetime) * 1000)])
        return DevicePairingIssued(pairingCode: code, pairingURL: "\(origin)/mobile/pair#\(code)",
                                   expiresIn: Self.pairingLifetime)
    }

    /// `device_pairings.create`: the signed-in browser's "Pair a device"; a device token is not a browser session.
    func createPairing(_ call: Call) throws -> Answer {
        guard call.header(HeaderName.authorization) == nil, let person = try browserMember(call.request) else {
            throw Refusal(.authUnauthenticated, "Sign in on this instance's web page to pair a device.")
        }
        let issued = try issuePairingCode(userID: person.userID, origin: call.origin)
        if prefersHTML(call) {
            return .html(Pages.pairingIssued(issued, person: person.user), status: 201).withApplied()
        }
        return .json(issued, status: 201, applied: true)
    }

    /// Whether a browser asked (an `Accept` that names HTML before JSON).
    func prefersHTML(_ call: Call) -> Bool {
        guard let accept = call.header("accept")?.lowercased(), let html = accept.range(of: "text/html") else { return false }
        guard let json = accept.range(of: "application/json") else { return true }
        return html.lowerBound < json.lowerBound
    }

    /// A PKCE verifier: 43–128 characters of `[A-Za-z0-9-._~]`.
    static func isVerifier(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
        }
    }

    /// "the device name is empty" → "The device name is empty."
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}

extension Answer {
    func withApplied() -> Answer {
        var copy = self
        copy.applied = true
        return copy
    }
}
