import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 forwarder on 127.0.0.1 in front of the demo instance, as a hotel's proxy
/// with `proxy_set_header Authorization ""` (#35): each request's header lines are passed on
/// byte for byte except `Authorization` (dropped while `strips` is on) and `Connection`
/// (`close`: one request per connection, so the answer ends when the instance closes). The
/// `Host` line is passed on, so the demo names the proxy's address in its discovery, as an
/// instance behind a proxy names its public one.
public final class AuthorizationStrippingProxy: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let upstreamPort: UInt16
    private let state = Locked<(strips: Bool, stopped: Bool, stripped: Int)>((true, false, 0))

    public var origin: String { "http://127.0.0.1:\(port)" }
    /// Whether the `Authorization` header is dropped (the copy-pasted line), or passed (fixed).
    public var strips: Bool {
        get { state.withLock { $0.strips } }
        set { state.withLock { $0.strips = newValue } }
    }
    /// How many requests had their `Authorization` header dropped.
    public var stripped: Int { state.withLock { $0.stripped } }

    public init(upstream: String) throws {
        guard let url = URL(string: upstream), let port = url.port else { throw ProxyError("no port in \(upstream)") }
        upstreamPort = UInt16(port)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProxyError("socket: \(errno)") }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ProxyError("bind/listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        let first = state.withLock { s -> Bool in
            defer { s.stopped = true }
            return !s.stopped
        }
        if first {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            Thread { [self] in
                forward(client)
                close(client)
            }.start()
        }
    }

    /// One request: its head (less the dropped lines), its body, then the whole answer back.
    private func forward(_ client: Int32) {
        var head = [UInt8]()
        var rest = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = read(client, &buffer, buffer.count)
            guard n > 0 else { return }
            head += buffer[0..<n]
            if let end = Self.find([13, 10, 13, 10], in: head) {
                rest = Array(head[(end + 4)...])
                head = Array(head[..<end])
                break
            }
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        var kept: [String] = []
        var length = 0
        let strips = self.strips
        for (index, line) in lines.enumerated() {
            let name = line.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            if index > 0, name == "authorization", strips {
                state.withLock { $0.stripped += 1 }
                continue
            }
            if index > 0, name == "connection" || name == "keep-alive" { continue }
            if name == "content-length" {
                length = Int(line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
            kept.append(line)
        }
        kept.append("Connection: close")
        while rest.count < length {
            let n = read(client, &buffer, buffer.count)
            guard n > 0 else { return }
            rest += buffer[0..<n]
        }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard upstream >= 0 else { return }
        defer { close(upstream) }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return }
        let request = Array((kept.joined(separator: "\r\n") + "\r\n\r\n").utf8) + rest
        guard Self.writeAll(upstream, request) else { return }
        while true {
            let n = read(upstream, &buffer, buffer.count)
            guard n > 0, Self.writeAll(client, Array(buffer[0..<n])) else { return }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            return start
        }
        return nil
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    public struct ProxyError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
