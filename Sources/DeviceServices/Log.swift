import AppCore
import Foundation
import Glibc
import Locking

/// The app's log: one line per event in `guestcraft.log` in the state directory (0600 in a 0700
/// directory), since nothing may be printed while curses owns the screen. Details of failures
/// (operation, status, problem code, request id) go here; tokens never do (`redact`).
public final class Log: Sendable {
    /// The log file's path.
    public let path: String
    private let descriptor: Locked<Int32>
    /// A log bigger than this at opening is moved aside to `guestcraft.log.1`.
    public static let rotationSize = 1 << 20

    /// Opens (creating) `fileName` in `stateDirectory`, creating the directory with mode 0700 or
    /// tightening an existing one to it.
    public init(stateDirectory: String, fileName: String = "guestcraft.log") throws {
        // mkdir and stat rather than FileManager's, which looked up the owner's user and group
        // names (nsswitch.conf, /etc/passwd, /etc/group) on every start (#18).
        if Glibc.mkdir(stateDirectory, 0o700) != 0, errno != EEXIST {
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        _ = Glibc.chmod(stateDirectory, 0o700)
        path = stateDirectory + "/" + fileName
        var status = stat()
        if stat(path, &status) == 0, Int(status.st_size) > Self.rotationSize {
            _ = Glibc.rename(path, path + ".1")
        }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw LogError.cannotOpen(path: path, errno: errno) }
        _ = fchmod(fd, 0o600)
        descriptor = Locked(fd)
    }

    deinit {
        descriptor.withLock { fd in
            if fd >= 0 { _ = Glibc.close(fd) }
        }
    }

    /// Appends one line: time, then the message with tokens redacted and controls removed.
    public func write(_ message: String) {
        let line = "\(Self.timestamp(Date())) \(Self.redact(InertText.sanitize(message, singleLine: true)))\n"
        let bytes = Array(line.utf8)
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        }
    }

    /// `date` as `2026-12-03T07:54:16Z` (UTC, whole seconds), as `formatted(.iso8601)` writes it,
    /// with `gmtime_r`: Foundation's style builds a calendar, finds the current zone and a regex
    /// on first use, 1.7 M instructions on the way to the first frame (#18).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return date.formatted(.iso8601) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Int(parts.tm_year) + 1900
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
        return yearText + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday) + "T" + two(parts.tm_hour) + ":"
            + two(parts.tm_min) + ":" + two(parts.tm_sec) + "Z"
    }

    /// `text` with credentials replaced by `[redacted]`: GuestCraft tokens and codes (`gcd_…`,
    /// `gcp_…`, `gcc_…`), bearer tokens, `token=` / `code_verifier=` / `pin=` values, and the
    /// `code` and `state` of a sign-in redirect URL. (Write problem codes as `problem=…`.)
    public static func redact(_ text: String) -> String {
        // Each pattern runs only when its fixed part is in the line: Swift regexes cost about a
        // million instructions a line even when nothing matches. The checks are on ASCII text
        // only (case-insensitive matching folds some non-ASCII letters onto ASCII ones).
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let lower = ascii ? text.lowercased() : ""
        func mayHold(_ part: String, caseInsensitive: Bool = false) -> Bool {
            !ascii || (caseInsensitive ? lower : text).contains(part)
        }
        /// Whether `part` starts a word somewhere (the pattern's `\b`): "pin" inside
        /// "housekeeping" is not a PIN, and every room-status line holds that word.
        func mayHoldWord(_ part: String) -> Bool {
            guard ascii else { return true }
            var rest = lower[...]
            while let found = rest.range(of: part) {
                if found.lowerBound == lower.startIndex { return true }
                let before = lower[lower.index(before: found.lowerBound)]
                if !(before.isLetter || before.isNumber || before == "_") { return true }
                rest = lower[found.upperBound...]
            }
            return false
        }
        var redacted = text
        if mayHold("gc") {
            redacted.replace(/\b(gc[a-z])_[A-Za-z0-9_\-]+/) { "\($0.output.1)_[redacted]" }
        }
        if mayHold("bearer", caseInsensitive: true) {
            redacted.replace(/(?i)(bearer\s+)[^\s,;]+/) { "\($0.output.1)[redacted]" }
        }
        if mayHold("token", caseInsensitive: true) || mayHold("code_verifier", caseInsensitive: true)
            || mayHoldWord("pin") || mayHold("password", caseInsensitive: true) {
            redacted.replace(/(?i)\b(token|access_token|device_token|code_verifier|pin|password)(["']?\s*[=:]\s*["']?)[^\s&,;"']+/) {
                "\($0.output.1)\($0.output.2)[redacted]"
            }
        }
        if mayHold("code=") || mayHold("state=") {
            redacted.replace(/([?&](?:code|state)=)[^\s&#]+/) { "\($0.output.1)[redacted]" }
        }
        return redacted
    }
}

/// The log file could not be opened.
public enum LogError: Error, Equatable {
    case cannotOpen(path: String, errno: Int32)
}
