import Foundation

/// An offline change the outbox can send, registered under a stable `name` saved with each
/// entry: a released operation is never renamed or removed. Adding one never changes the engine.
public protocol OutboxOperation<Client>: Sendable {
    /// The API client it sends with (that of the entry's partition).
    associatedtype Client: Sendable
    /// What an entry holds; encoded as JSON in the outbox.
    associatedtype Payload: Codable & Sendable
    /// What a successful send answers (e.g. the task with its new version).
    associatedtype Result: Sendable

    /// The stable name saved with each entry (`units.housekeeping`, `tasks.status`, …).
    var name: String { get }

    /// The key of what it changes (`unit:101`); later entries of a held subject wait behind it.
    /// Namespace it by kind, since subjects are compared across operations.
    func subject(_ payload: Payload) -> String

    /// The subject an entry of this operation depends on, read from its own `subject` (none by
    /// default): the entry starts only once every earlier entry of that subject is sent (and a
    /// later entry of that subject waits for it: `OutboxSchedule`), while one is held it waits,
    /// and it is discarded with it. A held entry of this operation stops only its own subject: a refused
    /// photo (`ticket:<id>/photo:<id>`) stops neither its report nor the report's other photos.
    func parentSubject(of subject: String) -> String?

    /// Sends one attempt. Must make a repeat harmless (the idempotency key, an identifier
    /// derived from it, or a version precondition), and throw an `OutboxClassifiable` error
    /// on failure; should stop early when `context.cancellation` fires. Attempts of different
    /// subjects run at the same time (the engine's window, #34).
    func send(_ client: Client, _ payload: Payload, _ context: OutboxSendContext) async throws -> Result

    /// The version of its subject `payload` goes with (`expected_housekeeping_version`,
    /// `If-Match`); nil (the default) for an operation that carries none.
    func expectedVersion(of payload: Payload) -> Int?

    /// `payload` going with `version` of its subject instead (the default: unchanged).
    func payload(_ payload: Payload, expecting version: Int) -> Payload

    /// The version of its subject `result` answers (typically the one it created); nil (the
    /// default) for an operation that carries none.
    ///
    /// The engine keeps, per partition and subject, what the last successful send answered,
    /// whichever process sent it, and an entry never attempted goes with that version when it is
    /// newer than its own (`expectedVersion`), for every operation of that subject: a change made
    /// from a copy older than the outbox's own last send is not a conflict.
    func version(of result: Result) -> Int?
}

extension OutboxOperation {
    public func parentSubject(of subject: String) -> String? { nil }
    public func expectedVersion(of payload: Payload) -> Int? { nil }
    public func payload(_ payload: Payload, expecting version: Int) -> Payload { payload }
    public func version(of result: Result) -> Int? { nil }
}

/// A payload that keeps the version of its subject it goes with in one member: its operation's
/// `expectedVersion(of:)` and `payload(_:expecting:)` read and write that member.
public protocol OutboxVersionedPayload: Codable, Sendable {
    /// The member (`expected_housekeeping_version`'s, `If-Match`'s).
    static var expectedVersionKey: WritableKeyPath<Self, Int> { get }
}

extension OutboxOperation where Payload: OutboxVersionedPayload {
    public func expectedVersion(of payload: Payload) -> Int? { payload[keyPath: Payload.expectedVersionKey] }

    public func payload(_ payload: Payload, expecting version: Int) -> Payload {
        var payload = payload
        payload[keyPath: Payload.expectedVersionKey] = version
        return payload
    }
}

/// A payload saved as raw bytes in the entry's BLOB rather than as JSON: a photo's JPEG goes in
/// as it is (no base64: a third smaller, and nothing to decode but a short header).
public protocol OutboxBytesPayload: Codable, Sendable {
    /// The bytes saved; `init(outboxBytes:)` reads them back.
    func outboxBytes() throws -> Data
    init(outboxBytes: Data) throws
}

/// What one attempt gets besides the payload.
public struct OutboxSendContext: Sendable {
    /// The entry's key, the same on every attempt.
    public let idempotencyKey: String
    /// Fires when the generation ends or the partition stops being active: abort the request.
    public let cancellation: OutboxCancellation
    /// 1 for the first attempt.
    public let attempt: Int
}

/// One change of a `submit(together:)` batch: an operation and its payload, encoded.
public struct OutboxChange<Client: Sendable>: Sendable {
    let operation: String
    let subject: String
    let payload: Data

    public init<Operation: OutboxOperation>(_ operation: Operation, _ payload: Operation.Payload) throws
    where Operation.Client == Client {
        self.operation = operation.name
        self.subject = operation.subject(payload)
        self.payload = try PayloadCoding.encode(payload)
    }
}
