import Foundation
import Locking

/// A child process started with `posix_spawn` and reaped with `waitpid`.
///
/// Foundation's `Process` crashed (SIGSEGV inside `run()`) while tests ran in parallel, and it
/// starts a monitoring thread per child; this is the few calls the app (a browser for sign-in)
/// and the tests (a demo instance, a child killed with SIGKILL) need, and nothing more.
public final class SpawnedProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created or truncated (mode 0600).
        case file(String)
        /// The write end of a `Pipe` (the parent keeps the read end).
        case pipe(SpawnPipe)
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// A spawn the system refused (`posix_spawn`'s error number).
    public struct SpawnError: Error, Equatable, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "\(executable): \(String(cString: strerror(code)))" }
    }

    public let pid: pid_t
    private let ended = Locked<Termination?>(nil)

    /// Starts `executable` (a path) with `arguments` and `environment` (the parent's when nil),
    /// its signal mask cleared and every signal at its default disposition.
    public init(_ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
                stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null) throws(SpawnError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .pipe(let pipe):
                posix_spawn_file_actions_adddup2(&actions, pipe.writeFD, fd)
            }
        }
        // The pipes' own descriptors are not the child's (its copies are 0, 1 and 2).
        for case .pipe(let pipe) in [stdin, stdout, stderr] {
            posix_spawn_file_actions_addclose(&actions, pipe.readFD)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { variables in
            variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argvBuffer in
            if let envp {
                return envp.withUnsafeBufferPointer { envBuffer in
                    posix_spawn(&child, executable, &actions, &attributes,
                                UnsafeMutablePointer(mutating: argvBuffer.baseAddress!),
                                UnsafeMutablePointer(mutating: envBuffer.baseAddress!))
                }
            }
            return posix_spawn(&child, executable, &actions, &attributes,
                               UnsafeMutablePointer(mutating: argvBuffer.baseAddress!), environ)
        }
        for case .pipe(let pipe) in [stdin, stdout, stderr] { pipe.closeWriteEnd() }
        guard result == 0 else { throw SpawnError(executable: executable, code: result) }
        pid = child
    }

    /// Still running (reaps it when it has ended).
    public var isRunning: Bool {
        ended.withLock { termination in
            if termination != nil { return false }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { termination = Self.termination(status) }
            return result == 0
        }
    }

    /// Sends `signal` unless the child has been reaped (its pid may belong to another by then).
    public func signal(_ signal: Int32) {
        ended.withLock { termination in
            if termination == nil { _ = kill(pid, signal) }
        }
    }

    /// Waits until the child ends (blocking the calling thread) and answers how.
    @discardableResult
    public func wait() -> Termination {
        if let termination = ended.withLock({ $0 }) { return termination }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        return ended.withLock { termination in
            if let termination { return termination }   // reaped meanwhile by `isRunning`
            let now = result == pid ? Self.termination(status) : .exited(-1)
            termination = now
            return now
        }
    }

    /// Waits on another thread, so a child nobody waits for (a browser) leaves no zombie.
    public func reapInBackground() {
        Thread.detachNewThread { [self] in _ = self.wait() }
    }

    private static func termination(_ status: Int32) -> Termination {
        // WIFEXITED: the low 7 bits are 0; WEXITSTATUS: the next 8. Otherwise the low 7 bits are the signal.
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
    }
}

/// A pipe for a child's standard stream: the child writes, the parent reads `reader`.
public final class SpawnPipe: Sendable {
    let readFD: Int32
    private let write: Locked<Int32>
    /// The parent's end.
    public let reader: FileHandle

    public init() throws(SpawnedProcess.SpawnError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .init(executable: "pipe", code: errno) }
        // Close-on-exec: no other child inherits them (a child's copy is made by dup2).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readFD = fds[0]
        write = Locked(fds[1])
        reader = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
    }

    var writeFD: Int32 { write.withLock { $0 } }

    /// The parent's copy of the write end goes once the child has its own, so the reader sees
    /// the end of the stream when the child exits.
    func closeWriteEnd() {
        write.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    deinit { closeWriteEnd() }
}
