import Foundation

/// The body of `demo.pairings`: which demo member to pair a device as.
public struct DemoPairingRequest: Codable, Sendable, Equatable {
    /// `frontdesk`, `housekeeper`, `supervisor` or `manager`.
    public var member: String

    public init(member: String) { self.member = member }

    /// The members of the demo workspace.
    public static let members = ["frontdesk", "housekeeper", "supervisor", "manager"]
}

/// The answer of `demo.pairings`: a pairing link as the web's "Pair a device" would show it.
public struct DemoPairingCreated: Codable, Sendable, Equatable {
    public var pairingURL: String
    public var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case pairingURL = "pairing_url"
        case expiresIn = "expires_in"
    }

    public init(pairingURL: String, expiresIn: Int) {
        self.pairingURL = pairingURL
        self.expiresIn = expiresIn
    }
}

/// The body of `demo.unit_housekeeping`: a status change as the desk would make it.
public struct DemoHousekeepingRequest: Codable, Sendable, Equatable {
    public var status: HousekeepingStatus
    public init(status: HousekeepingStatus) { self.status = status }
}

/// The answer of `demo.night_audit`: the new business date of every property.
public struct DemoNightAuditResult: Codable, Sendable, Equatable {
    public var businessDate: BusinessDate

    enum CodingKeys: String, CodingKey {
        case businessDate = "business_date"
    }

    public init(businessDate: BusinessDate) { self.businessDate = businessDate }
}

/// What a demo fault does to the requests it catches.
public enum DemoFaultKind: OpenEnumeration {
    case delay, dropAfterApply, serverError, rateLimit, closeMidBody
    case unknown(String)

    public static let knownCases: [DemoFaultKind] = [.delay, .dropAfterApply, .serverError, .rateLimit, .closeMidBody]
    public init(unknownValue: String) { self = .unknown(unknownValue) }

    public var rawValue: String {
        switch self {
        case .delay: "delay"
        case .dropAfterApply: "drop_after_apply"
        case .serverError: "server_error"
        case .rateLimit: "rate_limit"
        case .closeMidBody: "close_mid_body"
        case .unknown(let value): value
        }
    }
}

/// The body of `demo.faults`: the next `count` requests of `operation` (any when null) meet this fault.
public struct DemoFaultRequest: Codable, Sendable, Equatable {
    public var operation: OperationID?
    public var kind: DemoFaultKind
    public var count: Int
    public var delayMS: Int?
    public var status: Int?
    public var retryAfter: Int?

    enum CodingKeys: String, CodingKey {
        case operation, kind, count, status
        case delayMS = "delay_ms"
        case retryAfter = "retry_after"
    }

    public init(operation: OperationID?, kind: DemoFaultKind, count: Int, delayMS: Int? = nil, status: Int? = nil,
                retryAfter: Int? = nil) {
        self.operation = operation
        self.kind = kind
        self.count = count
        self.delayMS = delayMS
        self.status = status
        self.retryAfter = retryAfter
    }

    /// `operation` is written even when null (any operation); the other optional members are left out.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(operation, forKey: .operation)
        try c.encode(kind, forKey: .kind)
        try c.encode(count, forKey: .count)
        try c.encodeIfPresent(delayMS, forKey: .delayMS)
        try c.encodeIfPresent(status, forKey: .status)
        try c.encodeIfPresent(retryAfter, forKey: .retryAfter)
    }
}

/// The answer of `demo.faults`: the fault as armed, with its id.
public struct DemoFault: Codable, Sendable, Equatable {
    public var id: FaultID
    public var operation: OperationID?
    public var kind: DemoFaultKind
    public var count: Int
    public var delayMS: Int?
    public var status: Int?
    public var retryAfter: Int?

    enum CodingKeys: String, CodingKey {
        case id, operation, kind, count, status
        case delayMS = "delay_ms"
        case retryAfter = "retry_after"
    }

    public init(id: FaultID, request: DemoFaultRequest) {
        self.id = id
        operation = request.operation
        kind = request.kind
        count = request.count
        delayMS = request.delayMS
        status = request.status
        retryAfter = request.retryAfter
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(operation, forKey: .operation)
        try c.encode(kind, forKey: .kind)
        try c.encode(count, forKey: .count)
        try c.encode(delayMS, forKey: .delayMS)
        try c.encode(status, forKey: .status)
        try c.encode(retryAfter, forKey: .retryAfter)
    }
}

/// The answer of `demo.stats`: requests received and writes applied per operation id, connections accepted, and
/// the maintenance tickets and photos the instance keeps.
public struct DemoStats: Codable, Sendable, Equatable {
    public var requests: [String: Int]
    public var writesApplied: [String: Int]
    /// Conditional reads answered 304 (nothing changed since the client's copy).
    public var notModified: [String: Int]
    public var connectionsAccepted: Int
    /// Tickets stored (each id once, however often it was sent).
    public var maintenanceTickets: Int
    /// Photos stored (each id once).
    public var maintenancePhotos: Int

    enum CodingKeys: String, CodingKey {
        case requests
        case writesApplied = "writes_applied"
        case notModified = "not_modified"
        case connectionsAccepted = "connections_accepted"
        case maintenanceTickets = "maintenance_tickets"
        case maintenancePhotos = "maintenance_photos"
    }

    public init(requests: [String: Int], writesApplied: [String: Int], notModified: [String: Int] = [:],
                connectionsAccepted: Int, maintenanceTickets: Int = 0, maintenancePhotos: Int = 0) {
        self.requests = requests
        self.writesApplied = writesApplied
        self.notModified = notModified
        self.connectionsAccepted = connectionsAccepted
        self.maintenanceTickets = maintenanceTickets
        self.maintenancePhotos = maintenancePhotos
    }
}

/// The answer of `demo.maintenance_photos`: a photo's bytes exactly as stored, with the media type it was stored as.
public struct DemoStoredPhoto: Sendable, Equatable {
    public var contentType: String
    public var bytes: Data

    public init(contentType: String, bytes: Data) {
        self.contentType = contentType
        self.bytes = bytes
    }
}
