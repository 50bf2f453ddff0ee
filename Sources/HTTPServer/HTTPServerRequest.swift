import Foundation

/// One request as a handler sees it: whole body collected, header names lowercased.
public struct HTTPServerRequest: Sendable {
    /// Method as sent (`GET`, `POST`, ...).
    public var method: String
    /// Percent-decoded path, without the query.
    public var path: String
    /// Decoded query items in the order sent; a name without `=` has an empty value.
    public var query: [(name: String, value: String)]
    /// Header fields by lowercased name; repeated fields are joined with ", ".
    public var headers: [String: String]
    public var body: Data
    /// IP address of the peer as text (`127.0.0.1`).
    public var clientAddress: String
    /// Source port of the peer: requests on one persistent connection share it.
    public var clientPort: UInt16

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [String: String] = [:], body: Data = Data(),
                clientAddress: String = "", clientPort: UInt16 = 0) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.clientPort = clientPort
    }

    /// The first query value with this name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The header with this name (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
