import Foundation
import GuestCraftAPI
import HTTPClient

/// The demo instance's admin operations (`/demo/…`, `X-Demo-Admin-Key`): pairing links, desk
/// changes, the night audit, faults and counts. For `guestcraft --demo`, training and tests.
public final class DemoAdminClient: Sendable {
    public let origin: InstanceOrigin
    private let adminKey: String
    private let wire: Wire

    public init(origin: InstanceOrigin, adminKey: String, http: HTTPClient = HTTPClient(), logger: ClientLogger? = nil) {
        self.origin = origin
        self.adminKey = adminKey
        self.wire = Wire(http: http, logger: logger)
    }

    /// `demo.pairings`: a pairing link as that member's browser would get it.
    public func issuePairing(member: String) async throws(GuestCraftError) -> DemoPairingCreated {
        try await send(Endpoints.demoPairings(), body: DemoPairingRequest(member: member))
    }

    /// `demo.unit_housekeeping`: changes a room's status as the desk would (advancing its version).
    public func setUnitHousekeeping(number: String, status: HousekeepingStatus,
                                    property: PropertyID? = nil) async throws(GuestCraftError) -> RoomUnit {
        try await send(Endpoints.demoUnitHousekeeping(number: number, propertyID: property),
                       body: DemoHousekeepingRequest(status: status))
    }

    /// `demo.night_audit`: closes the business date of every property.
    public func nightAudit() async throws(GuestCraftError) -> DemoNightAuditResult {
        try await send(Endpoints.demoNightAudit(), body: nil as NoBody?)
    }

    /// `demo.faults`: arms a fault for the next requests of an operation.
    public func armFault(_ fault: DemoFaultRequest) async throws(GuestCraftError) -> DemoFault {
        try await send(Endpoints.demoFaults(), body: fault)
    }

    /// `demo.stats`: requests per operation, writes applied, connections accepted.
    public func stats() async throws(GuestCraftError) -> DemoStats {
        try await send(Endpoints.demoStats(), body: nil as NoBody?)
    }

    /// `demo.maintenance_photos`: a photo's bytes exactly as the demo stored them, with their media type.
    public func maintenancePhoto(_ id: MaintenancePhotoID) async throws(GuestCraftError) -> DemoStoredPhoto {
        let endpoint = Endpoints.demoMaintenancePhotos(photoID: id)
        guard let url = origin.url(endpoint.pathAndQuery) else {
            throw .noAnswer(.notSent("the path is not under the origin"))
        }
        var request = WireRequest(operation: endpoint.operation, url: url, method: endpoint.method.rawValue)
        request.headers[HeaderName.demoAdminKey] = adminKey
        request.headers["Accept"] = "*/*"
        let response = try await wire.send(request, cancellation: nil)
        if response.status == 401 { throw .unauthorized }
        if response.status >= 400 { throw Wire.problem(in: response) }
        guard endpoint.successStatuses.contains(response.status) else {
            throw .invalidResponse(InvalidResponse(status: response.status, what: "status not in \(endpoint.successStatuses)"))
        }
        return DemoStoredPhoto(contentType: response.headers[HeaderName.contentType] ?? "", bytes: response.body)
    }

    private func send<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
        _ endpoint: Endpoint<Body, Answer>, body: Body?
    ) async throws(GuestCraftError) -> Answer {
        guard let url = origin.url(endpoint.pathAndQuery) else {
            throw .noAnswer(.notSent("the path is not under the origin"))
        }
        var request = WireRequest(operation: endpoint.operation, url: url, method: endpoint.method.rawValue)
        request.headers[HeaderName.demoAdminKey] = adminKey
        if let body, endpoint.requestEncoding == .json {
            request.body = try InstanceClient.json(body)
            request.headers[HeaderName.contentType] = Wire.jsonType
        }
        let answer = try await wire.perform(request, descriptor: endpoint.descriptor, conditional: nil,
                                            as: Answer.self, cancellation: nil)
        guard let value = answer.value else {
            throw .invalidResponse(InvalidResponse(status: 304, what: "304 to a demo admin request"))
        }
        return value
    }
}
