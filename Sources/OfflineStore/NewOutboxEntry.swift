import Foundation

/// A change to add to the outbox.
public struct NewOutboxEntry: Sendable, Equatable {
    public let operation: String
    public let subject: String
    public let payload: Data
    public let idempotencyKey: String

    public init(operation: String, subject: String, payload: Data, idempotencyKey: String = IdempotencyKey.random()) {
        self.operation = operation
        self.subject = subject
        self.payload = payload
        self.idempotencyKey = idempotencyKey
    }
}
