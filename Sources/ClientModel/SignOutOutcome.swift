/// What the instance said when this device signed out; the token is deleted in every case.
public enum SignOutOutcome: Sendable, Equatable {
    /// The instance revoked the device session.
    case revoked
    /// The session was already over there (401, or 404 `device_session.not_found`).
    case alreadySignedOut
    /// The instance could not be told (no answer, a refusal); the token is deleted anyway.
    case instanceNotTold(GuestCraftError)
}
