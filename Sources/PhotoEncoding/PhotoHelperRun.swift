import Foundation
import ProcessSpawn
import Locking

/// One run of `guestcraft-photo`: its private folder (0700, the JPEG written there 0600), its
/// answer on a pipe, the wall time it has, and how its end reads as a result.
final class PhotoHelperRun: Sendable {
    /// The helper's exit statuses (Sources/guestcraft-photo/main.swift).
    enum Exit {
        static let usage: Int32 = 2
        static let tooLarge: Int32 = 4
    }

    /// The one line of JSON the helper prints.
    struct Answer: Decodable {
        var width: Int?
        var height: Int?
        var failure: String?
    }

    private let process: SpawnedProcess
    private let answer: SpawnPipe
    private let folder: String
    private let deadline: ContinuousClock.Instant
    private let killed = Locked(false)

    /// Where the helper writes the JPEG.
    private static func output(in folder: String) -> String { folder + "/photo.jpg" }

    /// Starts the helper on `input`; `.encoderMissing` when it cannot be started.
    init(helper: String, input: String, limits: PhotoLimits) throws(PhotoFailure) {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/guestcraft-photo.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw .encoderMissing }   // mode 0700
        folder = String(cString: made)
        deadline = .now + .milliseconds(Int(limits.wallSeconds * 1000))
        do {
            answer = try SpawnPipe()
            let arguments = ["--max-pixels", "\(limits.maxPixels)", "--memory-mib", "\(limits.memoryMiB)",
                             "--cpu-seconds", "\(limits.cpuSeconds)", "--", input, Self.output(in: folder)]
            // None of the app's environment (no token reaches the child); libvips' temporary
            // files, if any, go to the private folder; a crash prints no backtrace.
            process = try SpawnedProcess(helper, arguments: arguments,
                                         environment: ["TMPDIR": folder, "SWIFT_BACKTRACE": "enable=no"],
                                         stdout: .pipe(answer))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw .encoderMissing
        }
    }

    /// Kills the child (the wall time is up, or the caller cancelled).
    func kill() {
        killed.withLock { $0 = true }
        process.signal(SIGKILL)
    }

    /// Waits for the answer until the deadline (blocking), reaps the child, reads the JPEG and
    /// removes the folder.
    func finish() -> Result<EncodedPhoto, PhotoFailure> {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = readAnswer()
        while process.isRunning {
            if ContinuousClock.now >= deadline { kill(); break }
            usleep(1_000)
        }
        let termination = process.wait()
        if killed.withLock({ $0 }) { return .failure(.tookTooLong) }
        switch termination {
        case .exited(0):
            guard let line, let answer = try? JSONDecoder().decode(Answer.self, from: line),
                  let width = answer.width, let height = answer.height,
                  let jpeg = FileManager.default.contents(atPath: Self.output(in: folder)), jpeg.starts(with: [0xFF, 0xD8]) else {
                return .failure(.unreadable)
            }
            return .success(EncodedPhoto(jpeg: jpeg, width: width, height: height))
        case .exited(Exit.tooLarge):
            return .failure(.tooLarge)
        case .exited(Exit.usage):
            return .failure(.encoderMissing)
        case .exited:
            return .failure(.unreadable)
        case .signaled(SIGXCPU):
            return .failure(.tookTooLong)
        case .signaled(SIGXFSZ), .signaled(SIGKILL):   // output past its cap; the kernel's OOM killer
            return .failure(.tooLarge)
        case .signaled:
            return .failure(.unreadable)
        }
    }

    /// The helper's stdout until it closes (at most 4 KiB kept), or nil past the deadline (then
    /// the child is killed).
    private func readAnswer() -> Data? {
        let descriptor = answer.reader.fileDescriptor
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                kill()
                return nil
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1,
                                         60_000))
            let polled = poll(&ready, 1, milliseconds)
            if polled < 0 && errno != EINTR { return bytes }
            if polled <= 0 { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes }
            if bytes.count < 4096 { bytes.append(contentsOf: buffer[..<min(count, 4096 - bytes.count)]) }
        }
    }
}
