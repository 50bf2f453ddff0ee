import GuestCraftAPI

/// Why a pairing link was not turned into a device session.
public enum PairingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not `https://<instance>/mobile/pair#gcp_…` (a query, user info, another path, a bad code).
    case malformedLink
    /// An http link where Connect does not allow plain http.
    case notHTTPS
    /// The instance at the link failed a check of Connect.
    case connect(ConnectError)
    /// The instance does not declare `mobile_pairing`.
    case pairingNotOffered
    /// This device is already signed in there as this person (named): switch to that account.
    /// Another person of the same instance is added as an account of its own.
    case alreadySignedIn(person: String)
    case invalidDeviceName(DeviceName.Problem)
    /// This device already sent this code once; sending it again would revoke the session the
    /// first use created, so it is never sent twice.
    case codeAlreadyUsed
    /// The instance refused the code: unknown, expired or already used (it never says which).
    case codeRefused
    /// The exchange failed otherwise; after no answer the code may be spent: ask for a new one.
    case exchange(GuestCraftError)
    case storage(CredentialStoreError)

    public var description: String {
        switch self {
        case .malformedLink: "not a pairing link"
        case .notHTTPS: "pairing link not HTTPS"
        case .connect(let error): "instance refused: \(error)"
        case .pairingNotOffered: "the instance does not offer pairing"
        case .alreadySignedIn: "already signed in to this instance as this person"
        case .invalidDeviceName(let problem): problem.description
        case .codeAlreadyUsed: "this code was already used on this device"
        case .codeRefused: "the code is unknown, expired or used"
        case .exchange(let error): "exchange failed: \(error)"
        case .storage(let error): "storage: \(error)"
        }
    }
}
