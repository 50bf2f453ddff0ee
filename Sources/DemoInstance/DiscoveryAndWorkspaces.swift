import Foundation
import GuestCraftAPI
import SodiumCrypto
import SQLiteDB

/// Discovery, workspaces and properties.
extension DemoService {
    static let serverVersion = "0.1.0"
    static let apiRevision = "1.0.0"
    /// Custom redirect schemes the sign-in page accepts (the GuestCraft mobile app's).
    static let redirectSchemes = ["dev.guestcraft.app"]
    static let propertiesPerPage = 100

    func description(origin: String) -> InstanceDescription {
        InstanceDescription(
            name: HotelSeeder.instanceName, apiBaseURL: "\(origin)/api/v1", serverVersion: Self.serverVersion,
            apiRevision: Self.apiRevision, minAppVersion: configuration.minAppVersion, capabilities: capabilities,
            auth: AuthDescription(methods: ["password"], authorizeURL: "\(origin)/mobile/authorize",
                                  tokenURL: "\(origin)/api/v1/device_sessions", loopbackRedirects: true,
                                  redirectSchemes: Self.redirectSchemes, pairingURLPrefix: "\(origin)/mobile/pair"))
    }

    func discovery(_ call: Call) -> Answer {
        .json(description(origin: call.origin))
    }

    /// The properties a person reaches, by name.
    func reachableProperties(_ caller: Caller) throws -> [Property] {
        try db.query("SELECT * FROM properties ORDER BY name, id").compactMap { row in
            guard caller.reaches(row.text("id")) else { return nil }
            return PropertyRecord(id: row.text("id"), name: row.text("name"), timeZone: row.text("time_zone"),
                                  currency: row.text("currency"), businessDate: row.date("business_date")).wire
        }
    }

    /// A page of properties from `offset`, and the cursor of the next page.
    func page(_ properties: [Property], from offset: Int) -> (properties: [Property], next: String?) {
        let end = min(properties.count, offset + Self.propertiesPerPage)
        let slice = offset < end ? Array(properties[offset..<end]) : []
        return (slice, end < properties.count ? Base64URL.encode(Data("properties:\(end)".utf8)) : nil)
    }

    func listWorkspaces(_ call: Call) throws -> Answer {
        let caller = try call.person
        let (properties, next) = page(try reachableProperties(caller), from: 0)
        let workspace = Workspace(id: HotelSeeder.workspaceID, name: HotelSeeder.workspaceName, role: caller.role,
                                  permissions: caller.permissions, properties: properties, nextPropertiesCursor: next)
        return .json(WorkspaceList(user: caller.user, workspaces: [workspace]))
    }

    func listProperties(_ call: Call) throws -> Answer {
        let caller = try call.person
        let id = call.parameter("workspace_id")
        guard id == HotelSeeder.workspaceID.rawValue else {
            throw Refusal(.workspaceNotFound, "No workspace \(printable(id)) of yours.")
        }
        var offset = 0
        if let cursor = call.query("cursor") {
            guard let bytes = Base64URL.decode(cursor), let text = String(bytes: bytes, encoding: .utf8),
                  text.hasPrefix("properties:"), let value = Int(text.dropFirst("properties:".count)), value >= 0 else {
                throw Refusal(.requestMalformed, "The cursor is unknown or expired.", field: "cursor")
            }
            offset = value
        }
        let (properties, next) = page(try reachableProperties(caller), from: offset)
        return .json(PropertyPage(properties: properties, nextCursor: next))
    }
}
