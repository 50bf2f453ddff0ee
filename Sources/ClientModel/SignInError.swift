import GuestCraftAPI

/// Why a browser sign-in did not end with a device session.
public enum SignInError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The instance does not accept loopback redirects.
    case browserSignInNotOffered
    /// This device is already signed in there as this person (named): switch to that account.
    /// Another person of the same instance is added as an account of its own.
    case alreadySignedIn(person: String)
    case invalidDeviceName(DeviceName.Problem)
    /// The loopback listener could not start.
    case listenerFailed(String)
    /// The person chose Cancel on the instance's page (`error=access_denied`).
    case denied
    /// The instance sent another error, or a callback without a usable code.
    case callbackFailed(String)
    /// The instance refused the code (`device_session.invalid_grant`: expired, used, or not this verifier).
    case codeRefused
    /// The person cancelled (Esc), or the wait was cancelled.
    case cancelled
    /// `finish()` already sent this sign-in's code once; a code is never sent twice (a second use
    /// revokes the session the first made). Start a new sign-in.
    case alreadyFinished
    /// The token exchange failed otherwise.
    case exchange(GuestCraftError)
    case storage(CredentialStoreError)

    public var description: String {
        switch self {
        case .browserSignInNotOffered: "browser sign-in not offered"
        case .alreadySignedIn: "already signed in to this instance as this person"
        case .invalidDeviceName(let problem): problem.description
        case .listenerFailed(let why): "loopback listener failed: \(why)"
        case .denied: "the person cancelled in the browser"
        case .callbackFailed(let why): "callback failed: \(why)"
        case .codeRefused: "the sign-in code was refused"
        case .cancelled: "cancelled"
        case .alreadyFinished: "this sign-in already sent its code"
        case .exchange(let error): "exchange failed: \(error)"
        case .storage(let error): "storage: \(error)"
        }
    }
}
