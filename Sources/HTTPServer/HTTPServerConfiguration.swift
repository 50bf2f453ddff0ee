import Foundation

/// How a server listens and what it accepts: address, threads, limits, optional TLS.
public struct HTTPServerConfiguration: Sendable {
    /// How requests are given threads.
    public enum Threading: Sendable, Equatable {
        /// A fixed pool of worker threads, each serving many connections. A handler or a stream
        /// producer that blocks holds up the other connections of its worker.
        case pool(size: Int)
        /// One thread per connection (at most `limit` connections): handlers and streamed bodies
        /// may block as long as they like without holding up anyone else.
        case threadPerConnection(limit: Int)
    }

    /// PEM texts of the certificate chain and its private key, for HTTPS.
    public struct TLS: Sendable {
        public var certificatePEM: String
        public var privateKeyPEM: String
        public init(certificatePEM: String, privateKeyPEM: String) {
            self.certificatePEM = certificatePEM
            self.privateKeyPEM = privateKeyPEM
        }
    }

    /// IPv4 literal to bind.
    public var host: String
    /// Port to bind; 0 picks a free one (`start()` returns it).
    public var port: UInt16
    public var threading: Threading
    /// Largest request body accepted; a larger one is answered 413 by the server itself.
    public var maxRequestBodyBytes: Int
    /// Builds the 413 answer from the request without its body. The status is always sent as 413,
    /// a body other than `.bytes` as empty, and the connection is closed after it.
    public var payloadTooLarge: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// An idle connection is closed after this many seconds (0: never).
    public var connectionTimeoutSeconds: Int
    /// Memory for one connection's headers and buffers (libmicrohttpd's pool), in bytes.
    public var connectionMemoryLimit: Int
    /// HTTPS when set.
    public var tls: TLS?

    public init(host: String = "127.0.0.1",
                port: UInt16 = 0,
                threading: Threading = .pool(size: 4),
                maxRequestBodyBytes: Int = 1 << 20,
                payloadTooLarge: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse = { _ in
                    .text("Request body too large\n", status: 413)
                },
                connectionTimeoutSeconds: Int = 30,
                connectionMemoryLimit: Int = 64 * 1024,
                tls: TLS? = nil) {
        self.host = host
        self.port = port
        self.threading = threading
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.payloadTooLarge = payloadTooLarge
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionMemoryLimit = connectionMemoryLimit
        self.tls = tls
    }
}
