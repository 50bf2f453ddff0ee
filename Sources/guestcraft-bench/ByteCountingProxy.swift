import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP forwarder on 127.0.0.1 that counts every byte each way between the app's client and the
/// instance: what a refresh costs on the wire (HTTP and TLS bytes; TCP/IP headers excluded).
final class ByteCountingProxy: Sendable {
    /// The port clients connect to.
    let port: Int
    private let listener: Int32
    private let upstreamPort: UInt16
    private let sent = Atomic<Int>(0)
    private let received = Atomic<Int>(0)
    private let accepted = Atomic<Int>(0)
    private let open = Mutex<[SocketPair]>([])

    /// Client to instance, instance to client, connections accepted.
    var counts: (sent: Int, received: Int, connections: Int) {
        (sent.load(ordering: .acquiring), received.load(ordering: .acquiring), accepted.load(ordering: .acquiring))
    }

    /// Listens on an ephemeral port of 127.0.0.1 and forwards to `upstreamPort` there.
    init(upstreamPort: Int) throws {
        self.upstreamPort = UInt16(upstreamPort)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure("socket: errno \(errno)") }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw BenchFailure("bind/listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Zeroes the counts (between the phases of one benchmark).
    func reset() {
        sent.store(0, ordering: .releasing)
        received.store(0, ordering: .releasing)
        accepted.store(0, ordering: .releasing)
    }

    /// Closes every forwarded connection, as an instance's idle timeout or a network change
    /// would: the client's next request needs a new one.
    func dropConnections() {
        let pairs = open.withLock { pairs in
            defer { pairs.removeAll() }
            return pairs
        }
        for pair in pairs { pair.shutdown() }
    }

    /// Stops accepting and closes the connections.
    func stop() {
        dropConnections()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard upstream >= 0, connected == 0 else {
                close(client)
                if upstream >= 0 { close(upstream) }
                continue
            }
            accepted.add(1, ordering: .relaxed)
            // Each direction on its own thread; the one that ends last closes both sockets.
            let pair = SocketPair(client: client, upstream: upstream)
            open.withLock { $0.append(pair) }
            Thread.detachNewThread { [self] in
                pump(from: pair.client, to: pair.upstream, upward: true)
                if pair.finishOne() { pair.close() }
            }
            Thread.detachNewThread { [self] in
                pump(from: pair.upstream, to: pair.client, upward: false)
                if pair.finishOne() { pair.close() }
            }
        }
    }

    private func pump(from source: Int32, to destination: Int32, upward: Bool) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if upward { sent.add(count, ordering: .relaxed) } else { received.add(count, ordering: .relaxed) }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { shutdown(source, Int32(SHUT_RD)); return }
                offset += written
            }
        }
        shutdown(destination, Int32(SHUT_WR))
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// The two sockets of one forwarded connection, closed once both directions have ended.
private final class SocketPair: Sendable {
    let client: Int32
    let upstream: Int32
    private let finished = Atomic<Int>(0)

    init(client: Int32, upstream: Int32) {
        self.client = client
        self.upstream = upstream
    }

    /// True for the second direction to finish.
    func finishOne() -> Bool { finished.add(1, ordering: .acquiringAndReleasing).newValue == 2 }

    /// Ends both directions; the forwarding threads then finish and close the sockets.
    func shutdown() {
        _ = Glibc.shutdown(client, Int32(SHUT_RDWR))
        _ = Glibc.shutdown(upstream, Int32(SHUT_RDWR))
    }

    func close() {
        _ = Glibc.close(client)
        _ = Glibc.close(upstream)
    }
}
