/// Whether the instance answers, as the header says it.
public enum ConnectionState: Equatable, Sendable {
    /// The last request got an answer.
    case online
    /// A read is under way; the saved copy is shown meanwhile.
    case updating
    /// The instance cannot be reached; saved copies and the outbox keep working.
    case offline
}

/// The header line of work screens: which instance, property and business date, the connection,
/// and how many changes wait to be sent or need a decision.
public struct Header: Equatable, Sendable {
    public var instance: InertString
    public var property: InertString?
    /// The property's business date, already formatted for the person.
    public var businessDate: InertString?
    public var connection: ConnectionState
    /// Changes waiting in the outbox.
    public var toSend: Int
    /// Held changes that need the person's decision.
    public var toReview: Int
    /// Whether the outbox has been counted: until then the header says nothing of it (no "All sent").
    public var outboxCounted: Bool
    /// A round is sending the changes waiting: "1 sending" rather than "1 to send".
    public var sending: Bool
    /// When the outbox tries again by itself (offline, changes waiting), as the person reads it.
    public var retryAt: String?
    /// How fresh the live list on screen is, online ("updated 10 s ago"), and the same said
    /// shorter ("10 s ago") for a header that would otherwise cut the property's name.
    public var updatedAgo: String?
    public var updatedAgoShort: String?

    public init(instance: InertString, property: InertString? = nil, businessDate: InertString? = nil,
                connection: ConnectionState = .online, toSend: Int = 0, toReview: Int = 0, outboxCounted: Bool = true,
                sending: Bool = false, retryAt: String? = nil, updatedAgo: String? = nil, updatedAgoShort: String? = nil) {
        self.outboxCounted = outboxCounted
        self.sending = sending
        self.retryAt = retryAt
        self.updatedAgo = updatedAgo
        self.updatedAgoShort = updatedAgoShort
        self.instance = instance
        self.property = property
        self.businessDate = businessDate
        self.connection = connection
        self.toSend = toSend
        self.toReview = toReview
    }
}
