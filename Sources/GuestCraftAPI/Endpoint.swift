import Foundation

/// One name=value pair of a query string.
public struct QueryItem: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A call of one operation: its route row, its filled-in path and query, and the types of its body and answer.
public struct Endpoint<Body: Sendable, Answer: Sendable>: Sendable {
    public let operation: OperationID
    /// The percent-encoded path from the origin (`/api/v1/properties/prp_harbour/units`).
    public let path: String
    public let queryItems: [QueryItem]

    public init(operation: OperationID, path: String, queryItems: [QueryItem] = []) {
        self.operation = operation
        self.path = path
        self.queryItems = queryItems
    }

    public var descriptor: OperationDescriptor { operation.descriptor }
    public var method: HTTPMethod { descriptor.method }
    public var credentials: CredentialKind { descriptor.credentials }
    public var ifMatch: HeaderUse { descriptor.ifMatch }
    public var takesIfNoneMatch: Bool { descriptor.conditionalRead }
    public var idempotencyKey: HeaderUse { descriptor.idempotencyKey }
    public var successStatuses: [Int] { descriptor.successStatuses }
    public var requestEncoding: RequestEncoding { descriptor.requestEncoding }
    public var answerEncoding: AnswerEncoding { descriptor.answerEncoding }

    /// The percent-encoded query (`q=hart&x=1`), empty when there is none.
    public var query: String {
        // Not `joined(separator:)`: its first use in a process is a scan of every conformance
        // record, and the start's held requests are built before its first frame (#18).
        var query = ""
        for item in queryItems {
            if !query.isEmpty { query += "&" }
            query += PercentEncoding.encodeComponent(item.name) + "=" + PercentEncoding.encodeComponent(item.value)
        }
        return query
    }

    /// Path and query as sent on the request line.
    public var pathAndQuery: String { query.isEmpty ? path : "\(path)?\(query)" }

    /// The absolute URL at an instance's origin (`https://hotel.example.com`, no trailing slash needed).
    public func url(origin: String) -> String {
        var base = origin
        while base.hasSuffix("/") { base.removeLast() }
        return base + pathAndQuery
    }

    /// Builds an endpoint from its operation's template; nil when a path parameter is missing or empty.
    public static func make(_ operation: OperationID, _ parameters: [String: String],
                            query: [QueryItem] = []) -> Endpoint? {
        guard let path = operation.descriptor.path(filling: parameters) else { return nil }
        return Endpoint(operation: operation, path: path, queryItems: query)
    }
}
