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

    /// Removes an instance: signs every account of this device out there, then deletes the
    /// instance and everything this store keeps for it. Nil when it held no session; else the
    /// first outcome that is not `.revoked` (the instance could not be told), or `.revoked`.
    @discardableResult
    public func removeInstance(_ origin: InstanceOrigin, http: HTTPClient, logger: ClientLogger? = nil,
                               cancellation: HTTPCancellation? = nil) async throws(CredentialStoreError) -> SignOutOutcome? {
        var outcome: SignOutOutcome?
        for session in try sessions(for: origin) {
            let one = try await signOut(InstanceClient(session: session, http: http, logger: logger), cancellation: cancellation)
            if outcome == nil || outcome == .revoked { outcome = one }
        }
        try removeInstance(origin)
        return outcome
    }
}
