/// Why a server could not start.
public enum HTTPServerError: Error, Sendable, Equatable {
    /// The host is not an IPv4 literal.
    case invalidHost(String)
    /// libmicrohttpd refused to start (port in use, bad TLS material, no resources).
    case couldNotStart(host: String, port: UInt16)
    /// `start()` was called on a server that is running or was stopped.
    case alreadyStarted
    /// libmicrohttpd could not be loaded (missing, or without a function the server calls).
    case libraryMissing(String)
}
