import Foundation
@testable import LiveClients
import Testing

/// The commands' printing (`Terminal.out`, `Terminal.error`) writes the text's bytes itself
/// (#18: `Data(text.utf8)` cost `--version` a scan of every conformance record).
@Suite struct TerminalWriteTests {
    @Test func aLongTextArrivesWholeThroughAPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let text = String(repeating: "Garden Court · ✓ Clean 😀 ", count: 8_000)  // 256 KB, past a pipe's buffer
        let reader = Thread.detachNewThreadWithResult { () -> Data in
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(contentsOf: buffer[..<count])
            }
            return received
        }
        Terminal.write(text, to: writeEnd)
        close(writeEnd)
        let received = try reader.wait()
        close(readEnd)
        #expect(String(decoding: received, as: UTF8.self) == text)
    }
}

private final class ThreadResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    func set(_ value: Value) {
        self.value = value
        done.signal()
    }

    func wait() throws -> Value {
        done.wait()
        return try #require(value)
    }
}

private extension Thread {
    static func detachNewThreadWithResult<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> ThreadResult<Value> {
        let result = ThreadResult<Value>()
        Thread.detachNewThread { result.set(body()) }
        return result
    }
}
