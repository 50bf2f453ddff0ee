import Foundation

/// A request to send: method, URL, headers, optional body, optional total-time override.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?
    /// Replaces the client's total timeout for this request when set.
    public var timeout: Duration?

    /// Bodies longer than this ask before they go (`Expect: 100-continue`): a server that refuses
    /// them from the headers alone (too large, a session that ended) answers before megabytes go
    /// over a weak link, and its answer is not lost to the reset of a connection it closed with the
    /// body unread. Shorter bodies go at once, without the round trip.
    public static let expectContinueBytes = 1 << 20

    public init(method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
                timeout: Duration? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// An answer: status, lowercased headers, decoded body, and what it cost on the wire.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields with lowercased names, repeated fields kept.
    public var headers: HTTPHeaders
    /// The body after content decoding.
    public var body: Data
    /// Header and body bytes as received (compressed body bytes when compressed).
    public var wireBytes: Int
    /// Connections this request had to open (0: it reused one).
    public var newConnections: Int
    /// The protocol the answer came over: `HTTP/1.1`, or `HTTP/2` where TLS negotiated it (ALPN).
    public var httpVersion: String

    public init(status: Int, headers: HTTPHeaders, body: Data, wireBytes: Int, newConnections: Int,
                httpVersion: String = "HTTP/1.1") {
        self.status = status
        self.headers = headers
        self.body = body
        self.wireBytes = wireBytes
        self.newConnections = newConnections
        self.httpVersion = httpVersion
    }

    /// True when the request went over a connection already open.
    public var reusedConnection: Bool { newConnections == 0 }
}
