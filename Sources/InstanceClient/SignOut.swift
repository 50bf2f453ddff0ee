import GuestCraftAPI
import HTTPClient

extension CredentialStore {
    /// Signs this device out: revokes its session with `If-Match`, then deletes exactly that token,
    /// whatever the instance answered.
    public func signOut(_ client: InstanceClient,
                        cancellation: HTTPCancellation? = nil) async throws(CredentialStoreError) -> SignOutOutcome {
        let outcome: SignOutOutcome
        do {
            try await client.revokeOwnSession(cancellation: cancellation)
            outcome = .revoked
        } catch .unauthorized {
            outcome = .alreadySignedOut
        } catch .problem(let problem) where problem.code == .deviceSessionNotFound {
            outcome = .alreadySignedOut
        } catch {
            outcome = .instanceNotTold(error)
        }
        try forget(token: client.session.token)
        return outcome
    }

    /// Removes an instance: signs this device out there if it is signed in, then deletes the
    /// instance and everything this store keeps for it. Nil when it held no session.
    @discardableResult
    public func removeInstance(_ origin: InstanceOrigin, http: HTTPClient, logger: ClientLogger? = nil,
                               cancellation: HTTPCancellation? = nil) async throws(CredentialStoreError) -> SignOutOutcome? {
        var outcome: SignOutOutcome?
        if let session = try session(for: origin) {
            outcome = try await signOut(InstanceClient(session: session, http: http, logger: logger),
                                        cancellation: cancellation)
        }
        try removeInstance(origin)
        return outcome
    }
}
