import Foundation
import GuestCraftAPI
import SodiumCrypto
import SQLiteDB

/// The browser sign-in (`/mobile/authorize`): the form, then Allow or Cancel naming the device, PKCE S256 only,
/// a loopback or allowed-scheme redirect, and single-use codes valid two minutes.
extension DemoService {
    /// What a valid authorization request carries.
    struct AuthorizeRequest {
        let redirectURI: String
        let codeChallenge: String
        let state: String
        let deviceName: String
        let hiddenFields: [(String, String)]
    }

    /// Why an authorization request is refused: the sentence of the error page (which never redirects).
    struct AuthorizeRefusal: Error {
        let message: String
    }

    /// The request's values, or the sentence of the error page.
    func authorizeRequest(_ values: [String: String]) -> Result<AuthorizeRequest, AuthorizeRefusal> {
        guard values["response_type"] == "code" else { return .failure(AuthorizeRefusal(message: "response_type must be code.")) }
        guard let redirect = values["redirect_uri"], redirectAllowed(redirect) else {
            return .failure(AuthorizeRefusal(message: "The redirect address is not one this instance accepts."))
        }
        guard values["code_challenge_method"] == "S256" else { return .failure(AuthorizeRefusal(message: "Only PKCE with S256 is accepted.")) }
        guard let challenge = values["code_challenge"], challenge.utf8.count == 43,
              let bytes = Base64URL.decode(challenge), bytes.count == 32 else {
            return .failure(AuthorizeRefusal(message: "The code challenge must be 43 base64url characters (a SHA-256)."))
        }
        guard let state = values["state"], !state.isEmpty, state.utf8.count <= 500 else {
            return .failure(AuthorizeRefusal(message: "The request has no state."))
        }
        let name: String
        switch DeviceName.validate(values["device_name"] ?? "") {
        case .success(let valid): name = valid
        case .failure(let problem): return .failure(AuthorizeRefusal(message: Self.sentence(problem.description)))
        }
        let hidden = [("response_type", "code"), ("redirect_uri", redirect), ("code_challenge", challenge),
                      ("code_challenge_method", "S256"), ("state", state), ("device_name", name)]
        return .success(AuthorizeRequest(redirectURI: redirect, codeChallenge: challenge, state: state, deviceName: name,
                                         hiddenFields: hidden))
    }

    /// `http://127.0.0.1:<port>/callback` (RFC 8252 §7.3), or a custom scheme of discovery's `redirect_schemes`.
    func redirectAllowed(_ uri: String) -> Bool {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased(),
              components.user == nil, components.password == nil, components.fragment == nil else { return false }
        if scheme == "http" {
            return components.host == "127.0.0.1" && components.port.map { (1...65_535).contains($0) } == true
                && components.percentEncodedPath == "/callback" && components.query == nil
        }
        return Self.redirectSchemes.contains(scheme)
    }

    func authorizePage(_ call: Call) throws -> Answer {
        var values: [String: String] = [:]
        for item in call.request.query where values[item.name] == nil { values[item.name] = item.value }
        switch authorizeRequest(values) {
        case .failure(let refusal):
            return .html(Pages.error(refusal.message), status: 400)
        case .success(let request):
            if let person = try browserMember(call.request) {
                return .html(Pages.consent(hiddenFields: request.hiddenFields, deviceName: request.deviceName,
                                           person: person.user))
            }
            return .html(Pages.signIn(hiddenFields: request.hiddenFields, deviceName: request.deviceName, notice: nil))
        }
    }

    func authorizeSubmit(_ call: Call) throws -> Answer {
        var values: [String: String] = [:]
        for item in PercentEncoding.parseQuery(String(decoding: call.request.body, as: UTF8.self))
        where values[item.name] == nil {
            values[item.name] = item.value
        }
        if values["intent"] == "pair" {
            guard let person = try signIn(values) else {
                return .html(Pages.pair(person: nil, notice: "Wrong member or password."))
            }
            return .redirect("/mobile/pair", status: 303,
                             headers: [("Set-Cookie", try startBrowserSession(userID: person.userID))])
        }
        let request: AuthorizeRequest
        switch authorizeRequest(values) {
        case .failure(let refusal): return .html(Pages.error(refusal.message), status: 400)
        case .success(let valid): request = valid
        }
        if let decision = values["decision"] {
            guard let person = try browserMember(call.request) else {
                return .html(Pages.signIn(hiddenFields: request.hiddenFields, deviceName: request.deviceName,
                                          notice: "Sign in first."))
            }
            let separator = request.redirectURI.contains("?") ? "&" : "?"
            let state = PercentEncoding.encodeComponent(request.state)
            switch decision {
            case "allow":
                let code = try issueSignInCode(request, userID: person.userID)
                return .redirect("\(request.redirectURI)\(separator)code=\(code)&state=\(state)").withApplied()
            case "cancel":
                return .redirect("\(request.redirectURI)\(separator)error=access_denied&state=\(state)")
            default:
                return .html(Pages.error("Choose Allow or Cancel."), status: 400)
            }
        }
        guard let person = try signIn(values) else {
            return .html(Pages.signIn(hiddenFields: request.hiddenFields, deviceName: request.deviceName,
                                      notice: "Wrong member or password."))
        }
        return .html(Pages.consent(hiddenFields: request.hiddenFields, deviceName: request.deviceName, person: person.user),
                     headers: [("Set-Cookie", try startBrowserSession(userID: person.userID))])
    }

    /// The member whose key or e-mail and password the form carries, or nil.
    private func signIn(_ values: [String: String]) throws -> Caller? {
        let who = (values["member"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !who.isEmpty, let row = try db.queryFirst(
            "SELECT user_id, password_sha256 FROM members WHERE member_key = ? OR lower(email) = ?",
            [.text(who), .text(who)]) else { return nil }
        let sent = Array(Self.digest(values["password"] ?? "").utf8)
        guard ConstantTime.equal(sent, Array(row.text("password_sha256").utf8)) else { return nil }
        return try member(userID: row.text("user_id"))
    }

    /// A browser sign-in code (`gcc_…`): single use, two minutes, bound to the person, challenge, redirect and device.
    private func issueSignInCode(_ request: AuthorizeRequest, userID: String) throws -> String {
        let code = Self.makeSecret(prefix: CredentialPrefix.signInCode)
        try db.run("""
            INSERT INTO sign_in_codes (code_sha256, user_id, challenge, redirect_uri, device_name, expires_ms)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(Self.digest(code)), .text(userID), .text(request.codeChallenge), .text(request.redirectURI),
                  .text(request.deviceName), .integer(now.millisecondsSinceEpoch + Int64(Self.signInCodeLifetime) * 1000)])
        return code
    }

    /// `/mobile/pair`: where a pairing link lands in a browser, and the demo's "Pair a device" page.
    func pairPage(_ call: Call) throws -> Answer {
        .html(Pages.pair(person: try browserMember(call.request)?.user, notice: nil))
    }
}
