import Glibc

/// A non-blocking pipe the main loop waits on beside the terminal: effects (and signal handlers)
/// write one byte to wake it.
public final class WakePipe: Sendable {
    public let readFD: Int32
    public let writeFD: Int32

    public init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw WakePipeError.cannotCreate(errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        _ = close(readFD)
        _ = close(writeFD)
    }

    /// Wakes the loop; a full pipe already will, so a failed write is fine.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Blocks until something wakes the loop (or a signal interrupts the wait).
    public func wait() {
        var fd = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, -1)
    }

    /// Empties the pipe after a wake-up; answers whether anything was in it.
    @discardableResult
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        var any = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count <= 0 { return any }
            any = true
        }
    }
}

/// The pipe could not be made.
public enum WakePipeError: Error, Equatable {
    case cannotCreate(errno: Int32)
}
