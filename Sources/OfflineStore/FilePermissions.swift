import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Modes of the state files: 0700 for the directory, 0600 for the database and its companions.
enum FilePermissions {
    /// The permission bits of `path` (without following a symlink), or nil when it does not exist.
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Sets `path` to exactly `mode` when it exists with other bits (looser or odd ones).
    /// A symbolic link there is refused: chmod would change whatever it points to.
    static func tighten(_ path: String, to mode: mode_t) throws(OfflineStoreError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) != S_IFLNK else {
            throw .cannotSecure(path: path, reason: "it is a symbolic link")
        }
        let current = info.st_mode & 0o7777
        guard current != mode else { return }
        guard chmod(path, mode) == 0 else {
            throw .cannotSecure(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Creates an empty file of mode 0600 at `path` unless something is there. The mode is set
    /// with `fchmod` as well, so the process umask (e.g. 022) cannot loosen it.
    static func createPrivateFile(_ path: String) throws(OfflineStoreError) {
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if fd < 0 {
            if errno == EEXIST { return }
            throw .cannotSecure(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else {
            throw .cannotSecure(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
