import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP forwarder on 127.0.0.1 that counts every byte each way between the app's client and the
/// instance: what a refresh costs on the wire (HTTP and TLS bytes; TCP/IP headers excluded).
/// With a round trip (`roundTrip`, #34) it is a slow link as well: every chunk read goes on half a
/// round trip later, in order, each way (a request's answer comes a round trip later), and with
/// `handshake` a new connection's first bytes wait that much more (TCP's handshake over such a
/// link); the bandwidth is loopback's.
final class ByteCountingProxy: Sendable {
    /// The port clients connect to.
    let port: Int
    private let listener: Int32
    private let upstreamPort: UInt16
    /// Half the round trip, in nanoseconds (0: forwarded at once).
    private let oneWay: UInt64
    /// What a new connection's first bytes toward the instance wait first, in nanoseconds.
    private let handshake: UInt64
    private let sent = Atomic<Int>(0)
    private let received = Atomic<Int>(0)
    private let accepted = Atomic<Int>(0)
    private let open = Mutex<[SocketPair]>([])

    /// Client to instance, instance to client, connections accepted.
    var counts: (sent: Int, received: Int, connections: Int) {
        (sent.load(ordering: .acquiring), received.load(ordering: .acquiring), accepted.load(ordering: .acquiring))
    }

    /// Listens on an ephemeral port of 127.0.0.1 and forwards to `upstreamPort` there.
    init(upstreamPort: Int, roundTrip: Duration = .zero, handshake: Duration = .zero) throws {
        self.upstreamPort = UInt16(upstreamPort)
        func nanoseconds(_ duration: Duration) -> UInt64 {
            let (seconds, attoseconds) = duration.components
            return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds)) / 1_000_000_000
        }
        oneWay = nanoseconds(roundTrip) / 2
        self.handshake = nanoseconds(handshake)
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
            let opened = DispatchTime.now().uptimeNanoseconds
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
            // Each chunk goes as it comes, as a router forwards packets: Nagle's wait for an ACK
            // (40 ms behind a delayed ACK) would add to HTTP/2's small frames what no link adds.
            var on: Int32 = 1
            for fd in [client, upstream] {
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            // Each direction on its own thread; the one that ends last closes both sockets.
            let pair = SocketPair(client: client, upstream: upstream)
            open.withLock { $0.append(pair) }
            let done: @Sendable () -> Void = { if pair.finishOne() { pair.close() } }
            // Toward the instance, nothing before the handshake is over.
            Thread.detachNewThread { [self] in
                pump(from: pair.client, to: pair.upstream, upward: true, notBefore: opened + handshake, done: done)
            }
            Thread.detachNewThread { [self] in pump(from: pair.upstream, to: pair.client, upward: false, notBefore: 0, done: done) }
        }
    }

    private func pump(from source: Int32, to destination: Int32, upward: Bool, notBefore: UInt64,
                      done: @escaping @Sendable () -> Void) {
        let line = oneWay > 0 || handshake > 0 ? DelayLine(destination: destination, source: source, done: done) : nil
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if upward { sent.add(count, ordering: .relaxed) } else { received.add(count, ordering: .relaxed) }
            if let line {
                line.push(Data(buffer[0..<count]), at: max(DispatchTime.now().uptimeNanoseconds, notBefore) + oneWay)
                continue
            }
            guard Self.write(buffer[0..<count], to: destination) else {
                shutdown(source, Int32(SHUT_RD))
                return done()
            }
        }
        if let line { return line.finish(at: DispatchTime.now().uptimeNanoseconds + oneWay) }
        shutdown(destination, Int32(SHUT_WR))
        done()
    }

    /// Writes all of `bytes`; false when the other side is gone.
    fileprivate static func write(_ bytes: some Collection<UInt8>, to destination: Int32) -> Bool {
        let chunk = Array(bytes)
        var offset = 0
        while offset < chunk.count {
            let written = chunk.withUnsafeBytes { send(destination, $0.baseAddress! + offset, chunk.count - offset, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
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

/// One direction of a slow link: chunks written to `destination` at their time, in order, by a
/// thread of its own (the reading side goes on reading meanwhile, as a link's far end does).
private final class DelayLine: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(at: UInt64, bytes: Data?)] = []
    private var last: UInt64 = 0

    init(destination: Int32, source: Int32, done: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            while let (at, bytes) = next() {
                let now = DispatchTime.now().uptimeNanoseconds
                if at > now { usleep(useconds_t((at - now) / 1_000)) }
                guard let bytes else { break }
                if !ByteCountingProxy.write(bytes, to: destination) {
                    shutdown(source, Int32(SHUT_RD))
                    return done()
                }
            }
            shutdown(destination, Int32(SHUT_WR))
            done()
        }
    }

    /// `bytes` to go at `at` (never before what was pushed earlier).
    func push(_ bytes: Data?, at: UInt64) {
        condition.withLock {
            last = max(last, at)
            queue.append((last, bytes))
            condition.signal()
        }
    }

    /// The end of the stream, after everything pushed.
    func finish(at: UInt64) { push(nil, at: at) }

    private func next() -> (UInt64, Data?)? {
        condition.withLock {
            while queue.isEmpty { condition.wait() }
            return queue.removeFirst()
        }
    }
}
