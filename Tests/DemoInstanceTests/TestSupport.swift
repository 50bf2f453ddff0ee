import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import SodiumCrypto
import Testing
import TestSupport

/// A demo instance for one test, reached over real HTTP on 127.0.0.1 with a client of its own.
final class Demo: Sendable {
    let instance: DemoInstance
    let client: HTTPClient
    let clock: DemoClock

    /// A small hotel by default (Harbour View is always the same; Garden Court gets `rooms`).
    init(rooms: Int = 12, clock: DemoClock = DemoClock(), _ configure: (inout DemoConfiguration) -> Void = { _ in }) throws {
        var configuration = DemoConfiguration(rooms: rooms, clock: clock)
        configure(&configuration)
        self.clock = clock
        instance = try DemoInstance.start(configuration)
        client = HTTPClient(configuration: HTTPClientConfiguration(connectTimeout: .seconds(5), totalTimeout: .seconds(20),
                                                                   environment: [:]),
                            transport: HTTPTransport())
    }

    deinit { instance.stop() }

    var origin: String { instance.origin }

    func url(_ pathAndQuery: String) -> URL { URL(string: instance.origin + pathAndQuery)! }

    /// Sends a request; `json` is sent as `application/json` unless a Content-Type header says otherwise.
    func send(_ method: String, _ path: String, token: String? = nil, json: String? = nil, body: Data? = nil,
              headers: [String: String] = [:]) async throws -> HTTPResponse {
        var fields = HTTPHeaders()
        if let token { fields["Authorization"] = "Bearer \(token)" }
        var payload = body
        if let json {
            payload = Data(json.utf8)
            fields["Content-Type"] = "application/json"
        }
        for (name, value) in headers { fields[name] = value }
        return try await client.send(HTTPRequest(method: method, url: url(path), headers: fields, body: payload))
    }

    /// Sends one request on a connection of its own (libcurl silently resends a request whose reused connection
    /// closed without an answer, which would hide a dropped answer).
    func sendOnNewConnection(_ method: String, _ path: String, token: String? = nil,
                             json: String? = nil) async throws -> HTTPResponse {
        let fresh = HTTPClient(configuration: client.configuration, transport: HTTPTransport())
        var fields = HTTPHeaders()
        if let token { fields["Authorization"] = "Bearer \(token)" }
        if json != nil { fields["Content-Type"] = "application/json" }
        return try await fresh.send(HTTPRequest(method: method, url: url(path), headers: fields, body: json.map { Data($0.utf8) }))
    }

    func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send("GET", path, token: token, headers: headers)
    }

    /// A `/demo/` admin operation with the instance's key.
    func admin(_ method: String, _ path: String, json: String? = nil) async throws -> HTTPResponse {
        try await send(method, path, json: json, headers: ["X-Demo-Admin-Key": instance.adminKey])
    }

    /// A device token made in-process (no HTTP request counted).
    func token(_ member: DemoMember, device: String = "test device") throws -> String {
        try instance.deviceToken(for: member, deviceName: device)
    }

    /// A device token got the way a device gets one: a pairing link from `/demo/pairings`, then the pairing grant.
    func pairedToken(_ member: DemoMember, device: String = "hk-handheld-07 terminal") async throws -> String {
        let link = try await admin("POST", "/demo/pairings", json: #"{"member": "\#(member.rawValue)"}"#)
            .decode(DemoPairingCreated.self)
        let code = try #require(PairingLink(link.pairingURL)).pairingCode
        let created = try await send("POST", "/api/v1/device_sessions",
                                     json: #"{"pairing_code": "\#(code)", "device_name": "\#(device)"}"#)
        #expect(created.status == 201)
        return try created.decode(DeviceSessionCreated.self).token
    }

    /// The unit as the instance has it now (read in-process through HTTP with a manager's token).
    func unit(_ id: String, property: String = "prp_harbour") async throws -> RoomUnit {
        try await get("/api/v1/properties/\(property)/units/\(id)", token: token(.manager)).decode(UnitDetail.self).unit
    }

    func stats() async throws -> DemoStats {
        try await admin("GET", "/demo/stats").decode(DemoStats.self)
    }
}

extension HTTPResponse {
    func decode<T: Decodable>(_ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        do {
            return try APIJSON.decode(type, from: body)
        } catch {
            Issue.record("status \(status), body \(String(decoding: body.prefix(400), as: UTF8.self)): \(error)",
                         sourceLocation: sourceLocation)
            throw error
        }
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON value, for comparisons that ignore member order.
    var jsonValue: JSONValue? { JSONValue.parse(body) }
}

/// Checks an answer is the problem document of `code`, with its status, media type and field.
func expectProblem(_ response: HTTPResponse, _ status: Int, _ code: ProblemCode, field: String? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == status, "status \(response.status): \(response.text)", sourceLocation: sourceLocation)
    #expect(response.headers["content-type"] == "application/problem+json", sourceLocation: sourceLocation)
    guard let problem = try? APIJSON.decode(ProblemDocument.self, from: response.body) else {
        Issue.record("not a problem document: \(response.text)", sourceLocation: sourceLocation)
        return
    }
    #expect(problem.code == code, "\(problem.detail)", sourceLocation: sourceLocation)
    #expect(problem.status == status, sourceLocation: sourceLocation)
    #expect(problem.type == "urn:guestcraft:problem:\(code.rawValue)", sourceLocation: sourceLocation)
    #expect(problem.field == field, sourceLocation: sourceLocation)
    #expect(!problem.detail.isEmpty && !problem.title.isEmpty, sourceLocation: sourceLocation)
}

/// A JSON document as a value: objects compare without regard to member order.
indirect enum JSONValue: Equatable, CustomStringConvertible {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func parse(_ data: Data) -> JSONValue? {
        guard let any = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return JSONValue(any)
    }

    init(_ any: Any) {
        switch any {
        case let dictionary as [String: Any]: self = .object(dictionary.mapValues(JSONValue.init))
        case let array as [Any]: self = .array(array.map(JSONValue.init))
        case let string as String: self = .string(string)
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumbers of C type "c" (char).
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        default: self = .null
        }
    }

    subscript(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var description: String {
        switch self {
        case .object(let members):
            return "{" + members.keys.sorted().map { "\"\($0)\": \(members[$0]!)" }.joined(separator: ", ") + "}"
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .string(let text): return "\"\(text)\""
        case .number(let number): return number == number.rounded() ? String(Int(number)) : String(number)
        case .bool(let flag): return String(flag)
        case .null: return "null"
        }
    }
}

/// The browser side of `/mobile/authorize`, driven by hand: form posts with the session cookie a browser would keep.
struct BrowserSignIn {
    let demo: Demo
    var redirectURI = "http://127.0.0.1:49152/callback"
    var verifier = "iMnq5o6zALKXGivsnlom_0F5_WYda32GHkxlV7mq7hQXq"
    var state = "st-\(UUID().uuidString)"
    var deviceName = "fd-desk-01 terminal"

    init(_ demo: Demo) { self.demo = demo }

    var challenge: String { SHA256.hash(verifier).base64URL }

    var query: [(String, String)] {
        [("response_type", "code"), ("redirect_uri", redirectURI), ("code_challenge", challenge),
         ("code_challenge_method", "S256"), ("state", state), ("device_name", deviceName)]
    }

    static func form(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(PercentEncoding.encodeComponent($0.0))=\(PercentEncoding.encodeComponent($0.1))" }
            .joined(separator: "&")
    }

    /// GET `/mobile/authorize` with these values (or others).
    func page(_ pairs: [(String, String)]? = nil) async throws -> HTTPResponse {
        try await demo.get("/mobile/authorize?\(Self.form(pairs ?? query))")
    }

    /// POSTs the form; a redirect comes back as its status and `Location`.
    func post(_ pairs: [(String, String)], cookie: String? = nil) async throws -> (response: HTTPResponse?, location: String?) {
        var headers = ["Content-Type": "application/x-www-form-urlencoded"]
        if let cookie { headers["Cookie"] = cookie }
        do {
            let response = try await demo.send("POST", "/mobile/authorize", body: Data(Self.form(pairs).utf8), headers: headers)
            return (response, nil)
        } catch HTTPClientError.redirectRefused(_, let location) {
            return (nil, location)
        }
    }

    /// Signs `member` in on the form: the consent page and the browser session cookie.
    func signIn(_ member: String, password: String = "demo") async throws -> (page: HTTPResponse, cookie: String?) {
        let answer = try await post(query + [("member", member), ("password", password)])
        let page = try #require(answer.response)
        let cookie = page.headers["set-cookie"].map { String($0.split(separator: ";")[0]) }
        return (page, cookie)
    }

    /// The redirect after Allow or Cancel.
    func decide(_ decision: String, cookie: String) async throws -> String? {
        try await post(query + [("decision", decision)], cookie: cookie).location
    }

    /// A sign-in code for `member` (`gcc_…`), got through the form and Allow.
    func code(_ member: String = "frontdesk") async throws -> String {
        let cookie = try #require(try await signIn(member).cookie)
        let location = try #require(try await decide("allow", cookie: cookie))
        let components = try #require(URLComponents(string: location))
        #expect(components.queryItems?.first { $0.name == "state" }?.value == state)
        return try #require(components.queryItems?.first { $0.name == "code" }?.value)
    }

    /// The sign-in grant's body for a code.
    func grant(_ code: String, verifier: String? = nil, redirectURI: String? = nil, deviceName: String? = nil) -> String {
        let body: [String: String] = ["code": code, "code_verifier": verifier ?? self.verifier,
                                      "redirect_uri": redirectURI ?? self.redirectURI, "device_name": deviceName ?? self.deviceName]
        return String(decoding: try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    }
}
