import Foundation

/// The id of an operation of docs/api.md (`units.housekeeping`): names routes, faults, stats, outbox entries and logs.
public enum OperationID: String, Codable, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    case instanceDiscovery = "instance.discovery"
    case instanceGet = "instance.get"
    case mobileAuthorize = "mobile.authorize"
    case mobileAuthorizeSubmit = "mobile.authorize_submit"
    case mobilePair = "mobile.pair"
    case deviceSessionsCreate = "device_sessions.create"
    case deviceSessionsList = "device_sessions.list"
    case deviceSessionsRevoke = "device_sessions.revoke"
    case devicePairingsCreate = "device_pairings.create"
    case workspacesList = "workspaces.list"
    case workspacesProperties = "workspaces.properties"
    case todayGet = "today.get"
    case search = "search"
    case reservationsGet = "reservations.get"
    case guestsGet = "guests.get"
    case foliosBalance = "folios.balance"
    case staysCheckoutQuote = "stays.checkout_quote"
    case unitsAvailable = "units.available"
    case staysAssign = "stays.assign"
    case staysUnassign = "stays.unassign"
    case staysCheckIn = "stays.check_in"
    case staysCheckOut = "stays.check_out"
    case staysUndoCheckIn = "stays.undo_check_in"
    case staysUndoCheckOut = "stays.undo_check_out"
    case unitsList = "units.list"
    case unitsGet = "units.get"
    case unitsHousekeeping = "units.housekeeping"
    case tasksList = "tasks.list"
    case tasksGet = "tasks.get"
    case tasksStatus = "tasks.status"
    case tasksNote = "tasks.note"
    case maintenanceTicketsPut = "maintenance_tickets.put"
    case maintenancePhotosPut = "maintenance_photos.put"
    case demoPairings = "demo.pairings"
    case demoUnitHousekeeping = "demo.unit_housekeeping"
    case demoNightAudit = "demo.night_audit"
    case demoFaults = "demo.faults"
    case demoStats = "demo.stats"
    case demoMaintenancePhotos = "demo.maintenance_photos"

    public var description: String { rawValue }
}

/// An HTTP method of the contract.
public enum HTTPMethod: String, Codable, Sendable, CaseIterable, Hashable {
    case get = "GET", post = "POST", put = "PUT", delete = "DELETE"
}

/// Which credential an operation requires.
public enum CredentialKind: String, Sendable, Hashable {
    /// No credential (discovery, the token exchange, the sign-in page).
    case none
    /// `Authorization: Bearer gcd_…`.
    case deviceToken = "device_token"
    /// The instance's browser session cookie (its own web pages).
    case browserSession = "browser_session"
    /// `X-Demo-Admin-Key` (demo instance only).
    case demoAdminKey = "demo_admin_key"
}

/// Whether an operation takes a request header.
public enum HeaderUse: String, Sendable, Hashable {
    case notTaken = "not_taken", optional, required
}

/// How a request body is encoded.
public enum RequestEncoding: String, Sendable, Hashable {
    case none, json, jpeg, form
}

/// How a successful answer is encoded.
public enum AnswerEncoding: String, Sendable, Hashable {
    /// No body (204).
    case none
    /// JSON (`application/json`).
    case json
    /// An HTML page, or a 302 redirect (browser routes).
    case html
    /// Stored bytes with the `Content-Type` they were stored with (`demo.maintenance_photos`).
    case bytes
}

/// Header names of the contract.
public enum HeaderName {
    public static let authorization = "Authorization"
    public static let eTag = "ETag"
    public static let ifMatch = "If-Match"
    public static let ifNoneMatch = "If-None-Match"
    public static let idempotencyKey = "Idempotency-Key"
    public static let retryAfter = "Retry-After"
    public static let cacheControl = "Cache-Control"
    public static let contentType = "Content-Type"
    public static let demoAdminKey = "X-Demo-Admin-Key"
    public static let requestID = "X-Request-Id"
}

/// Everything the contract says about one operation apart from its bodies: the route table's row.
public struct OperationDescriptor: Sendable, Hashable {
    public let id: OperationID
    public let method: HTTPMethod
    /// `/api/v1/properties/{property_id}/units/{unit_id}/housekeeping`.
    public let pathTemplate: String
    public let credentials: CredentialKind
    public let ifMatch: HeaderUse
    /// Whether the answer carries an ETag and a 304 answers a matching `If-None-Match`.
    public let conditionalRead: Bool
    public let idempotencyKey: HeaderUse
    public let successStatuses: [Int]
    public let requestEncoding: RequestEncoding
    public let answerEncoding: AnswerEncoding
    /// Query parameters the operation reads.
    public let queryParameters: [String]
    /// The `Cache-Control` of a successful answer.
    public let cacheControl: String

    /// Whether the operation changes state (everything but GET).
    public var isWrite: Bool { method != .get }

    /// The names of the path parameters, in order (`property_id`, `unit_id`).
    public var pathParameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    var segments: [Segment] {
        pathTemplate.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// The path with each parameter filled in and percent-encoded; nil if one is missing.
    public func path(filling parameters: [String: String]) -> String? {
        var path = ""
        for segment in segments {
            switch segment {
            case .literal(let text): path += "/" + text
            case .parameter(let name):
                guard let value = parameters[name], !value.isEmpty else { return nil }
                path += "/" + PercentEncoding.encodeComponent(value)
            }
        }
        return path
    }
}

/// Percent-encoding of path segments and query values: everything but RFC 3986 unreserved characters.
public enum PercentEncoding {
    static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// Encodes one path segment or query value.
    public static func encodeComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Decodes one path segment or query value; nil for a broken escape.
    public static func decodeComponent(_ text: String) -> String? {
        text.removingPercentEncoding
    }

    /// Parses `a=1&b=two%20words` (a `+` is a space) into pairs, in order.
    public static func parseQuery(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String? {
                decodeComponent(text.replacingOccurrences(of: "+", with: " "))
            }
            guard let name = decode(parts[0]) else { return nil }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return value.map { (name, $0) }
        }
    }
}
