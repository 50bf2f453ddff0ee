import Foundation
import GuestCraftAPI
import HTTPClient

/// Connects to an instance without credentials: normalizes a typed address, reads discovery and
/// applies every check of SPEC §4, and exchanges a sign-in or pairing grant for a device session.
public struct InstanceConnector: Sendable {
    public let http: HTTPClient
    public let appVersion: SemanticVersion
    let wire: Wire

    public init(http: HTTPClient = HTTPClient(), appVersion: SemanticVersion = SemanticVersion.thisApp,
                logger: ClientLogger? = nil) {
        self.http = http
        self.appVersion = appVersion
        self.wire = Wire(http: http, logger: logger)
    }

    /// The environment the HTTP client was configured with (`GUESTCRAFT_ALLOW_HTTP`).
    public var environment: [String: String] { http.configuration.environment }

    /// Normalizes `address` (`hotel.example.com` → `https://hotel.example.com`) and checks the instance there.
    public func connect(_ address: String,
                        cancellation: HTTPCancellation? = nil) async throws(ConnectError) -> ConnectedInstance {
        switch InstanceAddress.normalize(address, environment: environment) {
        case .failure(.invalid): throw .invalidAddress
        case .failure(.notHTTPS): throw .notHTTPS
        case .success(let origin): return try await connect(origin: origin, cancellation: cancellation)
        }
    }

    /// Reads discovery at `origin` (no credentials) and checks it.
    public func connect(origin: InstanceOrigin,
                        cancellation: HTTPCancellation? = nil) async throws(ConnectError) -> ConnectedInstance {
        guard origin.isAllowed(environment: environment) else { throw .notHTTPS }
        let endpoint = Endpoints.instanceDiscovery()
        guard let url = origin.url(endpoint.path) else { throw .invalidAddress }
        let request = WireRequest(operation: endpoint.operation, url: url, method: endpoint.method.rawValue)
        let answer: ReadAnswer<InstanceDescription>
        do {
            answer = try await wire.perform(request, descriptor: endpoint.descriptor, conditional: nil,
                                            as: InstanceDescription.self, cancellation: cancellation)
        } catch {
            throw Self.connectError(error)
        }
        guard case .fresh(let fresh) = answer else { throw .notGuestCraft("no discovery document") }
        try check(fresh.value, origin: origin)
        return ConnectedInstance(origin: origin, discovery: fresh.value, etag: fresh.etag)
    }

    /// The checks of a discovery document read from `origin`, in the order people meet them.
    public func check(_ discovery: InstanceDescription, origin: InstanceOrigin) throws(ConnectError) {
        guard discovery.has(.mobileSessions) else { throw .instanceTooOld }
        guard let minimum = SemanticVersion(discovery.minAppVersion) else {
            throw .notGuestCraft("min_app_version is not a semantic version")
        }
        guard appVersion >= minimum else { throw .appTooOld(minimum: discovery.minAppVersion) }
        var sameOrigin: [(String, String)] = [
            ("api_base_url", discovery.apiBaseURL),
            ("auth.authorize_url", discovery.auth.authorizeURL),
            ("auth.token_url", discovery.auth.tokenURL),
        ]
        if discovery.has(.mobilePairing) {
            sameOrigin.append(("auth.pairing_url_prefix", discovery.auth.pairingURLPrefix))
        }
        for (member, url) in sameOrigin {
            guard let other = InstanceOrigin(string: url), other == origin else { throw .otherOrigin(member: member) }
        }
        guard discovery.auth.loopbackRedirects || discovery.has(.mobilePairing) else { throw .noUsableSignIn }
    }

    /// Discovery failures as people meet them: no answer is unreachable; any answer but the
    /// document (a 404, a page, a redirect, JSON of another shape) is not GuestCraft.
    static func connectError(_ error: GuestCraftError) -> ConnectError {
        switch error {
        case .noAnswer(.cancelled): return .cancelled
        case .noAnswer(.notSent): return .notHTTPS
        case .noAnswer(let reason): return .unreachable(reason)
        case .problem(let problem) where problem.status == 429 || problem.status == 503:
            return .unavailable(retryAfter: problem.retryAfter)
        case .problem(let problem): return .notGuestCraft("discovery answered \(problem.status)")
        case .unauthorized: return .notGuestCraft("discovery asked for credentials")
        case .invalidResponse(let invalid):
            if let status = invalid.gatewayStatus { return .gatewayNotAnswering(status: status) }
            return .notGuestCraft(invalid.description)
        }
    }

    /// `device_sessions.create`: exchanges a grant for a device session of `instance`'s origin.
    /// The URL is the checked origin's own path, never a URL from elsewhere.
    func createSession(at instance: ConnectedInstance, grant: DeviceSessionGrant,
                       cancellation: HTTPCancellation?) async throws(GuestCraftError) -> StoredSession {
        let endpoint = Endpoints.deviceSessionsCreate()
        guard let url = instance.origin.url(endpoint.path) else {
            throw .noAnswer(.notSent("the token URL is not under the origin"))
        }
        let body: Data
        do {
            body = try APIJSON.encode(grant)
        } catch {
            throw .noAnswer(.notSent("the grant could not be encoded"))
        }
        var request = WireRequest(operation: endpoint.operation, url: url, method: endpoint.method.rawValue, body: body)
        request.headers[HeaderName.contentType] = Wire.jsonType
        let answer = try await wire.perform(request, descriptor: endpoint.descriptor, conditional: nil,
                                            as: DeviceSessionCreated.self, cancellation: cancellation)
        guard let created = answer.value else {
            throw .invalidResponse(InvalidResponse(status: 304, what: "304 to the token exchange"))
        }
        guard CredentialPrefix.isDeviceToken(created.token) else {
            throw .invalidResponse(InvalidResponse(status: 201, what: "token: not a gcd_ device token"))
        }
        return StoredSession(origin: instance.origin, created: created)
    }
}
