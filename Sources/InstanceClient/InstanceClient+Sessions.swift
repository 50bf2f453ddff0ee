import GuestCraftAPI
import HTTPClient

extension InstanceClient {
    /// `instance.get`: the discovery document, read again (no credentials sent).
    public func instance(ifNoneMatch: ETag? = nil,
                         cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<InstanceDescription> {
        try await call(Endpoints.instanceGet(), ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }

    /// `device_sessions.list`: the person's device sessions, newest first.
    public func deviceSessions(cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> DeviceSessionList {
        try await value(Endpoints.deviceSessionsList(), cancellation: cancellation)
    }

    /// `device_sessions.revoke`: signs a device session out; `etag` is the session's ETag as read.
    public func revokeDeviceSession(_ id: DeviceSessionID, etag: ETag,
                                    cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) {
        _ = try await value(Endpoints.deviceSessionsRevoke(id: id), ifMatch: etag, cancellation: cancellation)
    }

    /// Revokes this client's own session (sign-out), with `If-Match` of its creation instant.
    public func revokeOwnSession(cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) {
        try await revokeDeviceSession(session.sessionID, etag: session.etag, cancellation: cancellation)
    }

    /// `workspaces.list`: the workspaces and first properties the person reaches.
    public func workspaces(ifNoneMatch: ETag? = nil,
                           cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<WorkspaceList> {
        try await call(Endpoints.workspacesList(), ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }

    /// `workspaces.properties`: a page of 100 properties; `cursor` from the previous page.
    public func properties(workspace: WorkspaceID, cursor: String? = nil, ifNoneMatch: ETag? = nil,
                           cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<PropertyPage> {
        try await call(Endpoints.workspacesProperties(workspaceID: workspace, cursor: cursor),
                       ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }
}
