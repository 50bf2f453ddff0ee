import CMicroHTTPD
import Foundation
import Locking

/// An HTTP/1.1 server over libmicrohttpd that calls one handler per request with the whole body.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let core: ServerCore
    private let state = Locked<Lifecycle>(.idle)

    private enum Lifecycle {
        case idle
        case running(Running)
        case stopped
    }

    /// The daemon and the C strings it was started with, freed after it stops.
    private struct Running {
        let daemon: OpaquePointer
        let retainedCore: Unmanaged<ServerCore>
        let tlsStrings: [UnsafeMutablePointer<CChar>]
        let port: UInt16
    }

    public init(configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
                handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, handler: handler)
    }

    deinit {
        stop()
    }

    /// Connections accepted since start (persistent connections count once).
    public var connectionsAccepted: Int {
        core.connectionsAccepted.load(ordering: .relaxed)
    }

    /// Per-request and streamed-body states still alive (for leak tests): (0, 0) once idle.
    var liveStates: (requests: Int, streams: Int) {
        (core.liveRequestStates.load(ordering: .relaxed), core.liveStreamStates.load(ordering: .relaxed))
    }

    /// The bound port while running.
    public var port: UInt16? {
        state.withLock { lifecycle in
            if case .running(let running) = lifecycle { return running.port }
            return nil
        }
    }

    /// Binds and starts serving; returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        let configuration = self.configuration
        let core = self.core
        return try state.withLock { (lifecycle: inout Lifecycle) throws(HTTPServerError) -> UInt16 in
            guard case .idle = lifecycle else { throw .alreadyStarted }
            // The first server of the process loads libmicrohttpd, on this thread.
            if let failure = gc_mhd_load() { throw .libraryMissing(String(cString: failure)) }
            var probe = in_addr()
            guard inet_pton(AF_INET, configuration.host, &probe) == 1 else {
                throw .invalidHost(configuration.host)
            }
            let retained = Unmanaged.passRetained(core)
            var tlsStrings: [UnsafeMutablePointer<CChar>] = []
            if let tls = configuration.tls {
                tlsStrings = [strdup(tls.privateKeyPEM), strdup(tls.certificatePEM)]
            }
            let daemon: OpaquePointer? = configuration.host.withCString { host in
                var config = gc_mhd_config()
                config.host_ipv4 = host
                config.port = configuration.port
                switch configuration.threading {
                case .pool(let size):
                    config.pool_size = UInt32(clamping: max(1, size))
                    config.connection_limit = 0
                case .threadPerConnection(let limit):
                    config.pool_size = 0
                    config.connection_limit = UInt32(clamping: max(1, limit))
                }
                config.memory_limit = max(8 * 1024, configuration.connectionMemoryLimit)
                config.timeout_seconds = UInt32(clamping: max(0, configuration.connectionTimeoutSeconds))
                if tlsStrings.count == 2 {
                    config.tls_key_pem = UnsafePointer(tlsStrings[0])
                    config.tls_cert_pem = UnsafePointer(tlsStrings[1])
                }
                let cls = retained.toOpaque()
                return gc_mhd_start(&config, serverAccessHandler, cls, serverRequestCompleted, cls,
                                    serverConnectionNotify, cls)
            }
            guard let daemon else {
                retained.release()
                tlsStrings.forEach { free($0) }
                throw .couldNotStart(host: configuration.host, port: configuration.port)
            }
            let port = gc_mhd_bound_port(daemon)
            lifecycle = .running(Running(daemon: daemon, retainedCore: retained, tlsStrings: tlsStrings, port: port))
            return port
        }
    }

    /// Stops listening, ends streamed bodies, waits for running handlers, closes every connection.
    /// Safe to call more than once; never from inside a handler or stream producer (it waits for them).
    /// A stopped server does not start again.
    public func stop() {
        let running: Running? = state.withLock { lifecycle in
            guard case .running(let running) = lifecycle else {
                if case .idle = lifecycle { lifecycle = .stopped }
                return nil
            }
            lifecycle = .stopped
            return running
        }
        guard let running else { return }
        core.signal.stop()
        MHD_stop_daemon(running.daemon)
        running.retainedCore.release()
        running.tlsStrings.forEach { free($0) }
    }
}

extension HTTPServer {
    /// The libmicrohttpd the app was built against, as "1.2.3" (`guestcraft --version` loads no
    /// library): MHD_VERSION is 0xMMmmpp00 in hexadecimal digits.
    public static var libraryVersion: String {
        Self.version(fromHex: gc_mhd_built_version())
    }

    /// "1.2.3" of 0x01020300: each of the three leading bytes is two decimal digits written in
    /// hexadecimal (0x00097500 is 0.9.75). Without `joined(separator:)`, whose first use in a
    /// process looks a conformance up by a scan of every record (#18: `--version`).
    static func version(fromHex value: UInt32) -> String {
        func part(_ shift: UInt32) -> String {
            let byte = (value >> shift) & 0xFF
            return String((byte >> 4) * 10 + (byte & 0xF))
        }
        return part(24) + "." + part(16) + "." + part(8)
    }
}
