import Foundation
import Glibc

/// Files that hold secrets: a 0700 directory, 0600 files written atomically (temp file + fsync +
/// rename), an advisory lock between processes.
enum PrivateFile {
    static func errno() -> String { String(cString: strerror(Glibc.errno)) }

    /// Creates `directory` 0700 (parents too) or tightens an existing one to 0700.
    static func prepareDirectory(_ directory: URL) throws(CredentialStoreError) {
        let path = directory.filePath
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notADirectory(path: path) }
        } else {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: NSNumber(value: Int16(0o700))])
            } catch {
                throw .cannotCreateDirectory(path: path, reason: error.localizedDescription)
            }
        }
        try tighten(path, to: 0o700)
    }

    /// Sets exactly `mode` when the path has other bits.
    static func tighten(_ path: String, to mode: mode_t) throws(CredentialStoreError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & 0o7777) != mode else { return }
        guard chmod(path, mode) == 0 else { throw .cannotSecure(path: path, reason: errno()) }
    }

    /// The mode bits of `path`, nil when it does not exist.
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// The file's bytes, nil when it does not exist; a symlink or another kind of file is refused,
    /// and a looser mode is tightened to 0600 first.
    static func read(_ url: URL) throws(CredentialStoreError) -> Data? {
        let path = url.filePath
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .cannotSecure(path: path, reason: "not a regular file")
        }
        try tighten(path, to: 0o600)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw .unreadable(path: path, reason: errno()) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// Replaces `url` with `data`: a new 0600 file beside it, synced, renamed over it, the directory synced.
    static func writeAtomically(_ data: Data, to url: URL) throws(CredentialStoreError) {
        let directory = url.deletingLastPathComponent().path
        let temp = url.filePath + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .cannotWrite(path: temp, reason: errno()) }
        var ok = fchmod(fd, 0o600) == 0
        if ok {
            ok = data.withUnsafeBytes { raw -> Bool in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(fd, raw.baseAddress!.advanced(by: offset), raw.count - offset)
                    if written < 0 {
                        if Glibc.errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
        }
        if ok { ok = fsync(fd) == 0 }
        let reason = errno()
        close(fd)
        guard ok else {
            unlink(temp)
            throw .cannotWrite(path: url.filePath, reason: reason)
        }
        guard rename(temp, url.filePath) == 0 else {
            let reason = errno()
            unlink(temp)
            throw .cannotWrite(path: url.filePath, reason: reason)
        }
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockURL` (a 0600 file), so two processes never
    /// interleave a read-modify-write.
    static func withLock<T>(_ lockURL: URL, _ body: () throws(CredentialStoreError) -> T) throws(CredentialStoreError) -> T {
        let fd = open(lockURL.filePath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .cannotWrite(path: lockURL.filePath, reason: errno()) }
        defer { close(fd) }
        _ = fchmod(fd, 0o600)
        while flock(fd, LOCK_EX) != 0 {
            guard Glibc.errno == EINTR else { throw .cannotWrite(path: lockURL.filePath, reason: errno()) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
