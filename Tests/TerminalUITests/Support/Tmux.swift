import Foundation
import Glibc
import ProcessSpawn

/// Drives a private tmux server for end-to-end tests: start a command in an 80 × 24 pane, send
/// keys, read the screen and the cursor, and wait for a condition with a deadline.
final class Tmux {
    let socket: String
    let session = "e2e"

    static var isAvailable: Bool { executable != nil }

    static var executable: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init() {
        socket = "guestcraft-e2e-\(UUID().uuidString.prefix(8))"
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// Starts `command` in a new detached session of `width` × `height`, the pane kept after exit.
    func start(_ command: String, width: Int = 80, height: Int = 24) throws {
        try run(["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command])
        try run(["set-option", "-t", session, "remain-on-exit", "on"])
    }

    /// Keys by tmux name ("q", "F2", "Escape", "Enter").
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    /// Pastes `text` as the terminal would: bracketed when the program asked for it.
    func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "e2e", text])
        try run(["paste-buffer", "-p", "-b", "e2e", "-t", session])
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane's lines.
    func screen() throws -> [String] {
        try run(["capture-pane", "-p", "-t", session]).components(separatedBy: "\n")
    }

    /// The cursor's column and line.
    func cursor() throws -> (x: Int, y: Int) {
        let parts = try run(["display-message", "-p", "-t", session, "#{cursor_x},#{cursor_y}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return (parts.first ?? -1, parts.last ?? -1)
    }

    /// Whether the program in the pane has exited.
    func paneDead() throws -> Bool {
        try run(["display-message", "-p", "-t", session, "#{pane_dead}"]).hasPrefix("1")
    }

    /// Waits until `condition` holds on the screen; on the deadline, answers false. The deadline
    /// only bounds a failing test.
    func waitFor(_ deadline: Duration = .seconds(30), _ condition: ([String]) -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        while clock.now < end {
            if condition(try screen()) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition(try screen())
    }

    /// Runs one tmux command and answers its output.
    ///
    /// Output through a file: the tmux server that `new-session` forks inherits the client's
    /// stdout and would hold a pipe open.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("tmux-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        // The test harness blocks signals in its threads; tmux must start with none blocked and
        // default handlers, or its server never answers kill-server (SpawnedProcess does both).
        guard let tmux = Self.executable else { throw TmuxError.cannotStart(ENOENT) }
        do {
            try SpawnedProcess(tmux, arguments: ["-L", socket, "-f", "/dev/null"] + arguments,
                               stdout: .file(outputPath)).wait()
        } catch {
            throw TmuxError.cannotStart(error.code)
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

enum TmuxError: Error {
    case cannotStart(Int32)
}
