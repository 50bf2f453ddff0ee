import Foundation
import GuestCraftAPI
import HTTPServer
import SodiumCrypto
import SQLiteDB
import Locking
import Synchronization

/// The instance behind the HTTP server: routes each request through credentials, faults, idempotency and its operation.
final class DemoService: Sendable {
    let db: Database
    let configuration: DemoConfiguration
    let adminKey: String
    let capabilities: [Capability]
    /// The configured public address (`--base-url`), normalized; nil without a proxy in front.
    let publicOrigin: String?
    let stats = StatsCounter()
    let faults = FaultBoard()
    let grantFailures = AttemptLimiter()
    private let listening = Locked<(origin: String, connections: (@Sendable () -> Int)?)>(("", nil))
    private let stopping = Atomic<Bool>(false)
    /// Bumped by `endDelays()`: a delay fault waiting when it changes stops waiting.
    private let delayRelease = Atomic<Int>(0)
    private let lastPurge = Atomic<Int64>(0)

    /// JSON bodies larger than this are refused with 413 (photos have their own limit).
    static let maximumJSONBytes = 64 * 1024

    init(db: Database, configuration: DemoConfiguration, adminKey: String) {
        self.db = db
        self.configuration = configuration
        self.adminKey = adminKey
        capabilities = configuration.capabilities
        publicOrigin = configuration.baseURL.flatMap(DemoConfiguration.publicOrigin)
    }

    var clock: DemoClock { configuration.clock }
    var now: Instant { clock.now }
    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// The origin the server listens on and where its connection count comes from, once it runs.
    func attach(origin: String, connections: @escaping @Sendable () -> Int) {
        listening.withLock { $0 = (origin, connections) }
    }

    func beginStopping() { stopping.store(true, ordering: .releasing) }

    /// True at most once a minute: old idempotency keys are deleted then, not on every request.
    func shouldPurgeIdempotency(now: Int64) -> Bool {
        let last = lastPurge.load(ordering: .relaxed)
        guard now - last >= 60_000 || now < last else { return false }
        return lastPurge.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
    }

    var listeningOrigin: String { listening.withLock { $0.origin } }
    var connectionsAccepted: Int { listening.withLock { $0.connections }?() ?? 0 }

    // MARK: The pipeline

    func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
        switch OperationID.resolve(method: request.method, path: request.path) {
        case .notFound:
            return render(Refusal(.routeNotFound, "Nothing is at \(printable(request.path)).").answer, for: request)
        case .methodNotAllowed(let allowed):
            var methods = allowed.map(\.rawValue)
            if allowed.contains(.get) { methods.append("HEAD") }
            let refusal = Refusal(.requestMethodNotAllowed,
                                  "\(printable(request.method)) is not allowed here; use \(methods.joined(separator: ", ")).",
                                  headers: [("Allow", methods.joined(separator: ", "))])
            return render(refusal.answer, for: request)
        case .matched(let match):
            let before = stats.received(match.operation)
            let (answer, fault) = run(match, request: request, statsBefore: before)
            return render(answer, for: request, operation: match.operation, fault: fault)
        }
    }

    private func run(_ match: RouteMatch, request: HTTPServerRequest,
                     statsBefore: StatsCounts) -> (Answer, DemoFault?) {
        let operation = match.operation
        if let needed = Self.capability(of: operation), !capabilities.contains(needed) {
            return (Refusal(.routeNotFound, "This instance does not offer \(needed.rawValue).").answer, nil)
        }
        let fault = faults.take(operation: operation, path: request.path)
        switch fault?.kind {
        case .serverError:
            let status = fault?.status ?? 500
            return (Refusal(.internalError, "A fault armed through /demo/faults answered \(status).", status: status).answer,
                    fault)
        case .rateLimit:
            let seconds = fault?.retryAfter ?? 1
            return (Refusal(.rateLimited, "Slow down; try again in \(seconds) second\(seconds == 1 ? "" : "s").",
                            retryAfter: seconds).answer, fault)
        default:
            break
        }
        var call = Call(request: request, operation: operation, parameters: match.parameters,
                        origin: origin(of: request), fault: fault, statsBefore: statsBefore)
        do {
            let answer = try perform(&call)
            if answer.applied { stats.applied(operation) }
            return (answer, fault)
        } catch let refusal as Refusal {
            return (refusal.answer, fault)
        } catch {
            configuration.log("\(operation.rawValue) failed: \(error)")
            return (Refusal(.internalError, "The demo instance failed to answer this request.").answer, fault)
        }
    }

    /// Credentials, size limits, then the operation itself.
    private func perform(_ call: inout Call) throws -> Answer {
        let descriptor = call.descriptor
        if descriptor.requestEncoding != .jpeg, call.request.body.count > Self.maximumJSONBytes {
            throw Refusal(.requestTooLarge, "A request body may have at most \(Self.maximumJSONBytes) bytes.")
        }
        switch descriptor.credentials {
        case .deviceToken: call.caller = try authenticate(call.request)
        case .demoAdminKey: try checkAdminKey(call.request)
        case .none, .browserSession: break
        }
        if descriptor.idempotencyKey == .notTaken { pauseForFault(call) }
        // A read sees one state of the hotel, never half of another request's change.
        if !descriptor.isWrite {
            let read = call
            return try db.transaction { try dispatch(read) }
        }
        return try dispatch(call)
    }

    private func dispatch(_ call: Call) throws -> Answer {
        switch call.operation {
        case .instanceDiscovery, .instanceGet: return discovery(call)
        case .mobileAuthorize: return try authorizePage(call)
        case .mobileAuthorizeSubmit: return try authorizeSubmit(call)
        case .mobilePair: return try pairPage(call)
        case .deviceSessionsCreate: return try createDeviceSession(call)
        case .deviceSessionsList: return try listDeviceSessions(call)
        case .deviceSessionsRevoke: return try revokeDeviceSession(call)
        case .devicePairingsCreate: return try createPairing(call)
        case .workspacesList: return try listWorkspaces(call)
        case .workspacesProperties: return try listProperties(call)
        case .todayGet: return try today(call)
        case .search: return try search(call)
        case .reservationsGet: return try getReservation(call)
        case .guestsGet: return try getGuest(call)
        case .foliosBalance: return try folioBalance(call)
        case .staysCheckoutQuote: return try checkoutQuote(call)
        case .unitsAvailable: return try availableUnits(call)
        case .staysAssign, .staysUnassign, .staysCheckIn, .staysCheckOut, .staysUndoCheckIn, .staysUndoCheckOut:
            return try frontDeskAction(call)
        case .unitsList: return try listUnits(call)
        case .unitsGet: return try getUnit(call)
        case .unitsHousekeeping: return try setHousekeeping(call)
        case .tasksList: return try listTasks(call)
        case .tasksGet: return try getTask(call)
        case .tasksStatus: return try changeTaskStatus(call)
        case .tasksNote: return try changeTaskNote(call)
        case .maintenanceTicketsPut: return try putTicket(call)
        case .maintenancePhotosPut: return try putPhoto(call)
        case .demoPairings: return try demoPairing(call)
        case .demoUnitHousekeeping: return try demoHousekeeping(call)
        case .demoNightAudit: return try nightAudit(call)
        case .demoFaults: return try armFault(call)
        case .demoStats: return try demoStats(call)
        case .demoMaintenancePhotos: return try storedPhoto(call)
        }
    }

    /// Wakes the delay faults waiting now; they answer as if their time had run out.
    func endDelays() { delayRelease.wrappingAdd(1, ordering: .releasing) }

    /// A delay fault waits here (before the operation applies), waking early when the instance stops or
    /// `endDelays()` is called.
    func pauseForFault(_ call: Call) {
        guard let fault = call.fault, fault.kind == .delay else { return }
        let release = delayRelease.load(ordering: .acquiring)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(max(0, fault.delayMS ?? 0)))
        while !isStopping, delayRelease.load(ordering: .acquiring) == release, ContinuousClock.now < deadline {
            usleep(5_000)
        }
    }

    /// Cache headers, ETags and 304, then what a fault does to the answer on the wire.
    private func render(_ answer: Answer, for request: HTTPServerRequest, operation: OperationID? = nil,
                        fault: DemoFault? = nil) -> HTTPServerResponse {
        var answer = answer
        if let descriptor = operation?.descriptor, (200..<300).contains(answer.status) {
            if answer.header(HeaderName.cacheControl) == nil {
                answer = answer.adding(HeaderName.cacheControl, descriptor.cacheControl)
            }
            if descriptor.conditionalRead, answer.status == 200 {
                let etag = answer.header(HeaderName.eTag).flatMap { ETag(header: $0) }
                    ?? ETag(String(SHA256.hash(answer.body).hex.prefix(32)))
                answer = answer.adding(HeaderName.eTag, etag.headerValue)
                if let wanted = request.header(HeaderName.ifNoneMatch), etag.matches(ifNoneMatch: wanted) {
                    answer = Answer(status: 304, headers: answer.headers.filter { $0.name != HeaderName.contentType })
                    if let operation { stats.notModified(operation) }
                }
            }
        }
        switch fault?.kind {
        case .dropAfterApply:
            return .drop
        case .closeMidBody:
            return .closeMidBody(sent: answer.body.prefix(answer.body.count / 2), declaredLength: answer.body.count,
                                 status: answer.status, headers: answer.headers)
        default:
            return .bytes(answer.body, status: answer.status, headers: answer.headers)
        }
    }

    /// The public address when one is configured (behind a proxy the Host header and the scheme are the proxy's
    /// business); else the origin the client used (its Host header), else the one the server listens on.
    func origin(of request: HTTPServerRequest) -> String {
        if let publicOrigin { return publicOrigin }
        let scheme = configuration.tls == nil ? "http" : "https"
        if let host = request.header("host"), !host.isEmpty, host.count <= 255,
           host.unicodeScalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace && $0 != "/" && $0 != "@" && $0 != "\\" }) {
            return "\(scheme)://\(host)"
        }
        return listeningOrigin
    }

    /// At most 80 printable ASCII characters of untrusted text, for a problem's detail.
    func printable(_ text: String) -> String {
        String(decoding: text.utf8.prefix(80).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// The capability an operation belongs to; its routes answer 404 where the instance does not declare it.
    static func capability(of operation: OperationID) -> Capability? {
        switch operation {
        case .deviceSessionsCreate, .deviceSessionsList, .deviceSessionsRevoke, .mobileAuthorize, .mobileAuthorizeSubmit:
            return .mobileSessions
        case .devicePairingsCreate, .mobilePair: return .mobilePairing
        case .todayGet, .unitsAvailable, .staysAssign, .staysUnassign, .staysCheckIn, .staysCheckOut,
             .staysUndoCheckIn, .staysUndoCheckOut:
            return .frontDesk
        case .search, .reservationsGet, .guestsGet: return .reservations
        case .foliosBalance, .staysCheckoutQuote: return .folios
        case .unitsList, .unitsGet, .unitsHousekeeping: return .housekeeping
        case .tasksList, .tasksGet, .tasksStatus, .tasksNote: return .housekeepingTasks
        case .maintenanceTicketsPut: return .maintenance
        case .maintenancePhotosPut: return .maintenancePhotos
        case .instanceDiscovery, .instanceGet, .workspacesList, .workspacesProperties, .demoPairings,
             .demoUnitHousekeeping, .demoNightAudit, .demoFaults, .demoStats, .demoMaintenancePhotos:
            return nil
        }
    }
}
