import CNetlink
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Tells when the system reports a network change (a link, an address or a route came or went,
/// from Linux's routing netlink), so waiting work — the outbox — can try at once when the Wi-Fi
/// returns instead of at its next backoff. A burst of kernel messages is reported once, after
/// `quietPeriod` without more.
public final class NetworkChangeMonitor: Sendable {
    private let socket: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)

    /// Starts watching; nil when the system offers no netlink socket (then nothing is reported).
    public init?(quietPeriod: Duration = .milliseconds(500), onChange: @escaping @Sendable () -> Void) {
        let fd = gc_netlink_open_route_changes()
        guard fd >= 0 else { return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(fd)
            return nil
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        socket = fd
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        let quietMilliseconds = Int32(quietPeriod.components.seconds * 1000
                                      + quietPeriod.components.attoseconds / 1_000_000_000_000_000)
        let (socket, wakeRead, finished) = (fd, pipeEnds[0], finished)
        let thread = Thread {
            Self.watch(socket: socket, wake: wakeRead, quietMilliseconds: quietMilliseconds, onChange: onChange)
            finished.signal()
        }
        thread.name = "guestcraft.network-changes"
        thread.start()
    }

    /// Stops watching and waits for the watcher to end; idempotent.
    public func stop() {
        let first = stopped.withLock { value in
            defer { value = true }
            return !value
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        finished.wait()
        close(socket)
        close(wakeRead)
        close(wakeWrite)
    }

    deinit { stop() }

    /// The watcher's loop: waits for kernel messages, then for quiet, then reports once.
    private static func watch(socket: Int32, wake: Int32, quietMilliseconds: Int32,
                              onChange: @Sendable () -> Void) {
        var pending = false
        while true {
            var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, pending ? quietMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            if ready == 0 {
                pending = false
                onChange()
                continue
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                drain(socket)
                pending = true
            } else if fds[0].revents != 0 {
                return  // the socket failed: stop watching rather than spin
            }
        }
    }

    /// Reads every queued message; their content does not matter, only that something changed.
    private static func drain(_ socket: Int32) {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while buffer.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, 0) }) > 0 {}
    }
}
