import AppCore
import Foundation
import Locking

/// Printing for the commands that do not take the screen: results to stdout, sentences to
/// stderr. Text from an instance is made inert before it reaches the terminal.
public enum Terminal {
    /// The exit status when standard output's reader went away: a shell's for SIGPIPE.
    public static let brokenPipeStatus: Int32 = 141

    public static func out(_ line: String) {
        write(line + "\n", to: STDOUT_FILENO)
    }

    public static func error(_ line: String) {
        write("guestcraft: " + line + "\n", to: STDERR_FILENO)
    }

    /// The text's bytes to `fd`, all of them (a short write goes on; an error drops the rest).
    /// Standard output's reader gone (`guestcraft report today | head -1`: EPIPE, SIGPIPE being
    /// ignored for the sockets) ends the command quietly with 141, as a SIGPIPE would (#35). Not through `Data(text.utf8)`: its first use casts the bytes
    /// to `ContiguousBytes`, a scan of every conformance record of the binary (#18: a quarter
    /// of a million instructions of `--version`).
    static func write(_ text: String, to fd: Int32) {
        if let capture = Terminal.capture {
            capture.append(text, error: fd == STDERR_FILENO)
            return
        }
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EPIPE, fd == STDOUT_FILENO { exit(brokenPipeStatus) }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Where the commands' output goes instead of the process's streams: a command run inside a
    /// test's process (the in-process harness, #33).
    @TaskLocal public static var capture: TerminalCapture?

    /// Instance text (a name, a host) for a line of output.
    static func inert(_ text: String) -> String {
        InertText.sanitize(text, singleLine: true)
    }

    /// Asks a yes/no question on the terminal; only `y` or `yes` says yes.
    static func confirm(_ question: String) -> Bool {
        write(question + " ", to: STDOUT_FILENO)
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// A command's standard output and standard error, as text (`Terminal.capture`).
public final class TerminalCapture: Sendable {
    private let streams = Locked((out: "", error: ""))

    public init() {}

    public var out: String { streams.withLock { $0.out } }
    public var error: String { streams.withLock { $0.error } }

    func append(_ text: String, error: Bool) {
        streams.withLock { s in
            if error { s.error += text } else { s.out += text }
        }
    }
}
