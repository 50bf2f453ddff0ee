import GuestCraftAPI

/// Why an address cannot be used as a GuestCraft instance: one case per refusal of SPEC §4.
public enum ConnectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an address (empty, another scheme, credentials in it, a bad port).
    case invalidAddress
    /// Plain http to a host that is not loopback, without `GUESTCRAFT_ALLOW_HTTP=1`.
    case notHTTPS
    /// Nothing answered there.
    case unreachable(NoAnswerReason)
    /// Something answered, but not GuestCraft discovery (no document, not JSON, not its shape).
    case notGuestCraft(String)
    /// A GuestCraft instance without device sessions (`mobile_sessions`): too old for this app.
    case instanceTooOld
    /// The instance serves apps from `minimum` on; this app is older.
    case appTooOld(minimum: String)
    /// The API or a sign-in URL (`member`, such as `auth.token_url`) is on another origin.
    case otherOrigin(member: String)
    /// Neither browser sign-in with a loopback redirect nor pairing is offered.
    case noUsableSignIn
    /// The instance is there but busy or under maintenance (429, 503).
    case unavailable(retryAfter: Duration?)
    /// A proxy answered (502, 503, 504 without a problem document); the instance behind it did not.
    case gatewayNotAnswering(status: Int)
    /// The check was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .invalidAddress: "not an address"
        case .notHTTPS: "not HTTPS"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .notGuestCraft(let why): "not GuestCraft: \(why)"
        case .instanceTooOld: "instance too old: no mobile_sessions"
        case .appTooOld(let minimum): "app too old: the instance needs \(minimum)"
        case .otherOrigin(let member): "\(member) is on another origin"
        case .noUsableSignIn: "no sign-in method this app can use"
        case .unavailable: "instance unavailable"
        case .gatewayNotAnswering(let status): "a proxy answered \(status): the instance behind it is not answering"
        case .cancelled: "cancelled"
        }
    }
}
