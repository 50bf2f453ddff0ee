import Foundation
import GuestCraftAPI
import HTTPClient
import SodiumCrypto
import Locking

/// A checked pairing link: the instance to show the person (name and host) before the code
/// leaves the device. The code itself is kept inside.
public struct PairingCandidate: Sendable, CustomStringConvertible {
    public let instance: ConnectedInstance
    let pairingCode: String

    /// The instance's name, as it calls itself.
    public var name: String { instance.name }
    /// The host to show beside the name (`hotel.example.com`).
    public var host: String { instance.origin.displayHost }

    public var description: String { "PairingCandidate(\(instance.origin), code: redacted)" }
}

/// Pairing with a code: reads a link, checks its instance, and exchanges the code with the
/// device name for a device session of this device's own, saved with its origin.
public final class Pairing: Sendable {
    public let connector: InstanceConnector
    public let credentials: CredentialStore
    /// SHA-256 of every code this process has sent: none is ever sent twice.
    private let sentCodes = Locked<Set<String>>([])

    public init(connector: InstanceConnector, credentials: CredentialStore) {
        self.connector = connector
        self.credentials = credentials
    }

    /// The link's shape and scheme only (no network): `https://<instance>/mobile/pair#gcp_…`,
    /// nothing in the query, no user info; http only where Connect allows it.
    public static func parse(_ text: String, environment: [String: String]) throws(PairingError) -> (origin: InstanceOrigin, code: String) {
        guard let link = PairingLink(text),
              let origin = InstanceOrigin(scheme: link.scheme, host: link.host, port: link.port) else {
            throw .malformedLink
        }
        guard origin.isAllowed(environment: environment) else { throw .notHTTPS }
        return (origin, link.pairingCode)
    }

    /// Checks a scanned, pasted or typed link and its instance: like Connect, plus `mobile_pairing`.
    /// (Who the code signs in is known only once it is exchanged: `exchange` refuses a person this
    /// device is already signed in as.)
    public func check(_ text: String, cancellation: HTTPCancellation? = nil) async throws(PairingError) -> PairingCandidate {
        let (origin, code) = try Self.parse(text, environment: connector.environment)
        let instance: ConnectedInstance
        do {
            instance = try await connector.connect(origin: origin, cancellation: cancellation)
        } catch {
            throw .connect(error)
        }
        guard instance.offersPairing else { throw .pairingNotOffered }
        return PairingCandidate(instance: instance, pairingCode: code)
    }

    /// After the person confirmed: exchanges the code with `deviceName` and saves the instance and
    /// its new session, an account of its own beside the other people signed in there. When this
    /// device is already signed in there as the same person, the new session is revoked (best
    /// effort) and the pairing refused: switch to that account.
    public func exchange(_ candidate: PairingCandidate, deviceName: String,
                         cancellation: HTTPCancellation? = nil) async throws(PairingError) -> StoredSession {
        let name: String
        switch DeviceName.validate(deviceName) {
        case .success(let valid): name = valid
        case .failure(let problem): throw .invalidDeviceName(problem)
        }
        let digest = SHA256.hash(candidate.pairingCode).hex
        let first = sentCodes.withLock { $0.insert(digest).inserted }
        guard first else { throw .codeAlreadyUsed }
        let session: StoredSession
        do {
            session = try await connector.createSession(
                at: candidate.instance, grant: .pairing(PairingGrant(pairingCode: candidate.pairingCode, deviceName: name)),
                cancellation: cancellation)
        } catch .problem(let problem) where problem.code == .deviceSessionInvalidGrant {
            throw .codeRefused
        } catch {
            throw .exchange(error)
        }
        let existing = try storage { () throws(CredentialStoreError) -> StoredSession? in
            try credentials.saveInstance(candidate.instance)
            return try credentials.addSession(session)
        }
        if let existing {
            await Self.revoke(session, http: connector.http)
            throw .alreadySignedIn(person: existing.user.name)
        }
        return session
    }

    /// Revokes a session this device will not keep (a second one of the same person); what the
    /// instance answers does not matter.
    static func revoke(_ session: StoredSession, http: HTTPClient) async {
        _ = try? await InstanceClient(session: session, http: http).revokeOwnSession()
    }

    private func storage<T>(_ body: () throws(CredentialStoreError) -> T) throws(PairingError) -> T {
        do {
            return try body()
        } catch {
            throw .storage(error)
        }
    }
}
