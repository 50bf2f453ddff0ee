import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient
import OfflineStore

/// The account the app signed in with in a state directory (`guestcraft pair … --yes`), and the
/// workspace holding the property benchmarked: what the app's own partition is made of.
struct BenchAccount {
    let home: URL
    let instance: SavedInstance
    let session: StoredSession
    let workspace: WorkspaceID
    let property: PropertyID

    /// The offline partition the app uses for this account, workspace and property.
    var partition: Partition {
        Partition(instanceKey: instance.key, personID: session.user.id.rawValue, workspaceID: workspace.rawValue)
    }

    /// The first signed-in account of `home`, and the workspace that holds `property`.
    static func load(home: URL, property: PropertyID, http: HTTPClient) async throws -> BenchAccount {
        let credentials = try CredentialStore(directory: home)
        let sessions = try credentials.sessions()
        guard let (instance, session) = try credentials.instances().lazy.compactMap({ instance in
            sessions.first { $0.origin == instance.origin }.map { (instance, $0) }
        }).first else {
            throw BenchFailure("no signed-in account in \(home.path): run `guestcraft pair LINK --yes` first")
        }
        let client = InstanceClient(session: session, http: http)
        guard let list = try await client.workspaces().value else { throw BenchFailure("workspaces.list answered 304") }
        for workspace in list.workspaces {
            var properties = workspace.properties
            var cursor = workspace.nextPropertiesCursor
            while !properties.contains(where: { $0.id == property }), let next = cursor {
                guard let page = try await client.properties(workspace: workspace.id, cursor: next).value else { break }
                properties += page.properties
                cursor = page.nextCursor
            }
            if properties.contains(where: { $0.id == property }) {
                return BenchAccount(home: home, instance: instance, session: session, workspace: workspace.id,
                                    property: property)
            }
        }
        throw BenchFailure("\(session.user.name) reaches no workspace with property \(property.rawValue)")
    }
}
