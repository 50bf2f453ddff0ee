import Foundation
import GuestCraftAPI
import HTTPClient
import Locking

/// A browser sign-in in progress (RFC 8252 with PKCE S256): the loopback listener is open, the
/// browser was asked to open `authorizationURL` (also shown to copy); `finish()` waits for the
/// one callback, exchanges its code and saves the session; `cancel()` (Esc) closes the listener.
public final class BrowserSignIn: Sendable {
    public let instance: ConnectedInstance
    public let deviceName: String
    /// The instance's sign-in page with the challenge, `state`, redirect URI and device name.
    public let authorizationURL: URL
    /// Whether a browser was started; when not, the person opens `authorizationURL` by hand.
    public let browserOpened: Bool
    /// `http://127.0.0.1:<port>/callback`.
    public let redirectURI: String

    let pkce: PKCE
    let listener: LoopbackListener
    let connector: InstanceConnector
    let credentials: CredentialStore
    /// Whether the code was sent: it never is twice.
    private let codeSent = Locked(false)

    /// Opens the loopback listener and the browser. Refuses an instance without loopback
    /// redirects and an invalid device name (a person this device is already signed in as there
    /// is refused once the code is exchanged: `finish`).
    public init(instance: ConnectedInstance, deviceName: String, connector: InstanceConnector,
                credentials: CredentialStore, openBrowser: BrowserOpener) throws(SignInError) {
        guard instance.offersBrowserSignIn else { throw .browserSignInNotOffered }
        switch DeviceName.validate(deviceName) {
        case .success(let name): self.deviceName = name
        case .failure(let problem): throw .invalidDeviceName(problem)
        }
        let pkce = PKCE()
        let state = PKCE.makeState()
        let listener: LoopbackListener
        do {
            listener = try LoopbackListener(expectedState: state)
        } catch {
            throw .listenerFailed("\(error)")
        }
        let endpoint = Endpoints.mobileAuthorize(redirectURI: listener.redirectURI, codeChallenge: pkce.challenge,
                                                 state: state, deviceName: self.deviceName)
        guard let url = instance.origin.url(endpoint.pathAndQuery) else {
            listener.close()
            throw .listenerFailed("no sign-in URL for \(instance.origin)")
        }
        self.instance = instance
        self.pkce = pkce
        self.listener = listener
        self.redirectURI = listener.redirectURI
        self.authorizationURL = url
        self.connector = connector
        self.credentials = credentials
        self.browserOpened = openBrowser(url)
    }

    deinit {
        listener.close()
    }

    /// Waits for the callback, exchanges its code (with the verifier, the same redirect URI and
    /// the device name) and saves the instance and its new session.
    public func finish(cancellation: HTTPCancellation? = nil) async throws(SignInError) -> StoredSession {
        let outcome = await listener.outcome()
        let code: String
        switch outcome {
        case .code(let value): code = value
        case .error("access_denied"): throw .denied
        case .error(let error): throw .callbackFailed(error)
        case .malformed: throw .callbackFailed("a callback without a code")
        case .closed: throw .cancelled
        }
        let first = codeSent.withLock { sent in
            defer { sent = true }
            return !sent
        }
        guard first else { throw .alreadyFinished }
        let grant = DeviceSessionGrant.signIn(SignInGrant(code: code, codeVerifier: pkce.verifier,
                                                          redirectURI: redirectURI, deviceName: deviceName))
        let session: StoredSession
        do {
            session = try await connector.createSession(at: instance, grant: grant, cancellation: cancellation)
        } catch .problem(let problem) where problem.code == .deviceSessionInvalidGrant {
            throw .codeRefused
        } catch .noAnswer(.cancelled) {
            throw .cancelled
        } catch {
            throw .exchange(error)
        }
        let existing: StoredSession?
        do {
            try credentials.saveInstance(instance)
            existing = try credentials.addSession(session)
        } catch {
            throw .storage(error)
        }
        if let existing {
            await Pairing.revoke(session, http: connector.http)
            throw .alreadySignedIn(person: existing.user.name)
        }
        return session
    }

    /// Esc: closes the listener; a `finish()` still waiting ends with `.cancelled`.
    public func cancel() {
        listener.close()
    }

    /// Returns once the listener no longer listens (it closes shortly after its one callback).
    public func listenerClosed() async {
        await listener.closed()
    }
}
