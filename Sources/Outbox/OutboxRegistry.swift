import Foundation

/// The operations an engine knows, by their stable names.
public struct OutboxRegistry<Client: Sendable>: Sendable {
    private var operations: [String: AnyOutboxOperation<Client>] = [:]

    public init() {}

    /// Registers `operation`; two operations with one name are a programming error.
    public mutating func register<Operation: OutboxOperation>(_ operation: Operation)
    where Operation.Client == Client {
        precondition(operations[operation.name] == nil, "two outbox operations named \(operation.name)")
        operations[operation.name] = AnyOutboxOperation(operation)
    }

    /// Whether an operation of that name is registered.
    public func contains(_ name: String) -> Bool { operations[name] != nil }

    /// The names registered.
    public var names: [String] { operations.keys.sorted() }

    /// Whether no operation is registered (without sorting the names: String's order compares by
    /// Unicode rules, 430,000 instructions at the start for a dozen names, #18).
    public var isEmpty: Bool { operations.isEmpty }

    subscript(name: String) -> AnyOutboxOperation<Client>? { operations[name] }

    /// The subject `entry` depends on (its operation's `parentSubject`), if any.
    func parentSubject(of entry: OutboxEntry) -> String? {
        operations[entry.operation]?.parentSubject(entry.subject)
    }
}

/// An operation with its payload and result types erased to bytes and `any Sendable`.
struct AnyOutboxOperation<Client: Sendable>: Sendable {
    let name: String
    let subject: @Sendable (Data) throws -> String
    let parentSubject: @Sendable (String) -> String?
    let send: @Sendable (Client, Data, OutboxSendContext) async throws -> any Sendable
    /// The version of its subject a result answers; nil when it carries none (or is not this
    /// operation's result: never, unless misused).
    let version: @Sendable (any Sendable) -> Int?
    /// The payload going with `version` when that is newer than the one it carries; nil when it
    /// stays as it is.
    let expecting: @Sendable (Data, Int) throws -> Data?

    init<Operation: OutboxOperation>(_ operation: Operation) where Operation.Client == Client {
        name = operation.name
        subject = { data in operation.subject(try PayloadCoding.decode(Operation.Payload.self, data)) }
        parentSubject = { subject in operation.parentSubject(of: subject) }
        send = { client, data, context in
            let payload: Operation.Payload
            do {
                payload = try PayloadCoding.decode(Operation.Payload.self, data)
            } catch {
                throw UnreadablePayload(operation: operation.name)
            }
            return try await operation.send(client, payload, context)
        }
        version = { result in (result as? Operation.Result).flatMap(operation.version(of:)) }
        expecting = { data, version in
            let payload = try PayloadCoding.decode(Operation.Payload.self, data)
            guard let own = operation.expectedVersion(of: payload), version > own else { return nil }
            return try PayloadCoding.encode(operation.payload(payload, expecting: version))
        }
    }
}

/// Payloads are stored as JSON with sorted keys (stable bytes for equal payloads), or as their
/// own bytes (`OutboxBytesPayload`).
public enum PayloadCoding {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        if let bytes = value as? any OutboxBytesPayload { return try bytes.outboxBytes() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    public static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        if let bytesType = type as? any OutboxBytesPayload.Type {
            guard let value = try bytesType.init(outboxBytes: data) as? T else { throw UnreadablePayload(operation: "\(T.self)") }
            return value
        }
        return try JSONDecoder().decode(type, from: data)
    }
}

/// A saved payload the operation can no longer decode (its shape changed incompatibly).
struct UnreadablePayload: Error {
    let operation: String
}
