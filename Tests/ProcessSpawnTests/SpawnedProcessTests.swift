import Foundation
import ProcessSpawn
import Testing

@Suite struct SpawnedProcessTests {
    @Test func anExitStatusComesBack() throws {
        #expect(try SpawnedProcess("/bin/true").wait() == .exited(0))
        #expect(try SpawnedProcess("/bin/sh", arguments: ["-c", "exit 3"]).wait() == .exited(3))
    }

    @Test func aKilledChildSaysWhichSignal() throws {
        let child = try SpawnedProcess("/bin/sleep", arguments: ["30"])
        #expect(child.isRunning)
        child.signal(SIGKILL)
        #expect(child.wait() == .signaled(SIGKILL))
        #expect(!child.isRunning)
        child.signal(SIGKILL)   // reaped: nothing is sent to a pid that may be another's now
        #expect(child.wait() == .signaled(SIGKILL))
    }

    @Test func theChildGetsItsArgumentsAndOnlyTheEnvironmentGiven() throws {
        let pipe = try SpawnPipe()
        let child = try SpawnedProcess("/bin/sh", arguments: ["-c", "echo \"$1:$GREETING:${HOME-none}\"", "sh", "a b"],
                                       environment: ["GREETING": "hello"], stdout: .pipe(pipe))
        let output = pipe.reader.readDataToEndOfFile()
        #expect(child.wait() == .exited(0))
        #expect(String(decoding: output, as: UTF8.self) == "a b:hello:none\n")
    }

    @Test func outputCanGoToAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SpawnedProcess("/bin/echo", arguments: ["to a file"], stdout: .file(path)).wait() == .exited(0))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "to a file\n")
    }

    @Test func aMissingProgramIsASpawnError() {
        #expect(throws: SpawnedProcess.SpawnError.self) { try SpawnedProcess("/nonexistent/program") }
    }

    /// The background reaping announces nothing: looked for every millisecond with no bound of
    /// its own (#33: it was 10 s), the time limit ends a wait that never ends.
    @Test(.timeLimit(.minutes(2)))
    func aChildLeftToItselfIsReaped() async throws {
        let child = try SpawnedProcess("/bin/true")
        child.reapInBackground()
        while child.isRunning, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(!child.isRunning)
        #expect(kill(child.pid, 0) != 0, "no zombie left under the pid")
    }
}
