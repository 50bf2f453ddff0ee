import Foundation
import GuestCraftAPI
import HTTPServer

/// One request on its way through the instance: its operation, path parameters, origin and, once checked, its caller.
struct Call {
    let request: HTTPServerRequest
    let operation: OperationID
    let parameters: [String: String]
    /// `http://127.0.0.1:8080`: the origin the client reached (or the configured public one), for absolute URLs in
    /// answers.
    let origin: String
    /// The fault that caught this request, if any.
    let fault: DemoFault?
    /// Counts before this request, for `/demo/stats`.
    let statsBefore: StatsCounts
    /// The person of the device token, once checked.
    var caller: Caller?

    var descriptor: OperationDescriptor { operation.descriptor }
    func parameter(_ name: String) -> String { parameters[name] ?? "" }
    func header(_ name: String) -> String? { request.header(name) }
    func query(_ name: String) -> String? { request.queryValue(name) }

    /// The checked caller; only operations with a device token ask.
    var person: Caller {
        get throws(Refusal) {
            guard let caller else { throw Refusal.unauthenticated }
            return caller
        }
    }
}

/// The person behind a device token, with the permissions and property scope they have now.
struct Caller: Sendable {
    let user: User
    let memberKey: String
    let role: Role
    let permissions: [Permission]
    let allProperties: Bool
    let properties: Set<String>
    let sessionID: String

    var userID: String { user.id.rawValue }
    var userRef: UserRef { UserRef(id: user.id, name: user.name) }

    func has(_ permission: Permission) -> Bool { permissions.contains(permission) }
    func reaches(_ propertyID: String) -> Bool { allProperties || properties.contains(propertyID) }

    /// 403 `auth.forbidden` unless the role holds `permission`.
    func require(_ permission: Permission, field: String? = nil) throws(Refusal) {
        guard has(permission) else {
            throw Refusal(.authForbidden, "Your role does not have \(permission.rawValue).", field: field)
        }
    }
}

/// A property as the instance keeps it.
struct PropertyRecord: Sendable {
    let id: String
    let name: String
    let timeZone: String
    let currency: String
    let businessDate: BusinessDate

    var wire: Property {
        Property(id: PropertyID(id), name: name, timeZone: timeZone, businessDate: businessDate, currency: currency)
    }
}
