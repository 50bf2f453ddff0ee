import GuestCraftAPI

/// An instance whose discovery passed every check: its origin, its document and what it offers.
public struct ConnectedInstance: Sendable, Equatable {
    public let origin: InstanceOrigin
    /// The discovery document as read.
    public let discovery: InstanceDescription
    /// The discovery document's ETag, for reading it again.
    public let etag: ETag?

    public init(origin: InstanceOrigin, discovery: InstanceDescription, etag: ETag?) {
        self.origin = origin
        self.discovery = discovery
        self.etag = etag
    }

    /// The instance's name, as it calls itself.
    public var name: String { discovery.name }

    public var capabilities: [Capability] { discovery.capabilities }

    /// Browser sign-in works here: the instance accepts `http://127.0.0.1:<port>/callback`.
    public var offersBrowserSignIn: Bool { discovery.auth.loopbackRedirects }

    /// Pairing with a code works here (`mobile_pairing`).
    public var offersPairing: Bool { discovery.has(.mobilePairing) }
}
