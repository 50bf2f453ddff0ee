import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The exclusive `flock` on `send.lock` in the state directory: one sender per directory at a
/// time, so the app and `guestcraft send` never send one entry twice at once.
final class SendLock {
    static let fileName = "send.lock"
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    /// Takes the lock without waiting; nil when another sender holds it (or it cannot be opened).
    static func tryAcquire(in directory: URL) -> SendLock? {
        let path = directory.file(named: fileName).filePath
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return nil }
        _ = fchmod(fd, 0o600)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return SendLock(fd: fd)
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
