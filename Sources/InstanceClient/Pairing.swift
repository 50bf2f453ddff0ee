import Foundation
import GuestCraftAPI
import HTTPClient
import SodiumCrypto
import Synchronization

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
    /// This device is already signed in there: sign out first.
    case alreadySignedIn
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
        case .alreadySignedIn: "already signed in to this instance"
        case .invalidDeviceName(let problem): problem.description
        case .codeAlreadyUsed: "this code was already used on this device"
        case .codeRefused: "the code is unknown, expired or used"
        case .exchange(let error): "exchange failed: \(error)"
        case .storage(let error): "storage: \(error)"
        }
    }
}

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
    private let sentCodes = Mutex<Set<String>>([])

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

    /// Checks a scanned, pasted or typed link and its instance: like Connect, plus `mobile_pairing`,
    /// and refuses an instance this device is already signed in to.
    public func check(_ text: String, cancellation: HTTPCancellation? = nil) async throws(PairingError) -> PairingCandidate {
        let (origin, code) = try Self.parse(text, environment: connector.environment)
        if try storage({ () throws(CredentialStoreError) in try credentials.session(for: origin) }) != nil {
            throw .alreadySignedIn
        }
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
    /// its new session.
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
        try storage { () throws(CredentialStoreError) in
            try credentials.saveInstance(candidate.instance)
            try credentials.saveSession(session)
        }
        return session
    }

    private func storage<T>(_ body: () throws(CredentialStoreError) -> T) throws(PairingError) -> T {
        do {
            return try body()
        } catch {
            throw .storage(error)
        }
    }
}
