import GuestCraftAPI

/// One log line about a request: operation, outcome, status, problem code, request id. It never
/// holds a token, a header value, a query or a body.
public struct ClientLogEntry: Sendable, Equatable, CustomStringConvertible {
    public let operation: OperationID
    /// `https://hotel.example.com`.
    public let origin: String
    /// The status answered, nil when no answer came back.
    public let status: Int?
    public let problemCode: String?
    public let requestID: String?
    /// `ok`, `not modified`, or what went wrong (`no answer: could not connect`).
    public let outcome: String
    public let wireBytes: Int

    public init(operation: OperationID, origin: String, status: Int?, problemCode: String?, requestID: String?,
                outcome: String, wireBytes: Int) {
        self.operation = operation
        self.origin = origin
        self.status = status
        self.problemCode = problemCode
        self.requestID = requestID
        self.outcome = outcome
        self.wireBytes = wireBytes
    }

    public var description: String {
        var parts = ["\(operation.rawValue) \(origin)", status.map { "status=\($0)" } ?? "status=-"]
        if let problemCode { parts.append("code=\(problemCode)") }
        if let requestID { parts.append("request_id=\(requestID)") }
        parts.append("bytes=\(wireBytes)")
        parts.append(outcome)
        return parts.joined(separator: " ")
    }
}

/// Where log lines go; the app writes them to its log file (never the terminal).
public typealias ClientLogger = @Sendable (ClientLogEntry) -> Void
