import DeviceServices
import Foundation
import Testing

/// #18: the environment read from `environ` is Foundation's, variable for variable. The test
/// never changes the process's environment: `setenv` while another test's `Process.run` copies
/// `environ` corrupted the heap of the whole test process (a crash in `Process.run`'s memcpy, and
/// "failed to allocate 1601728354 bytes").
@Suite struct ProcessEnvironmentTests {
    @Test func itIsWhatFoundationReads() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func aValueKeepsItsEqualsSignsAndTheFirstOfATwiceGivenNameWins() {
        let lines = ["GUESTCRAFT_TEST_ENV=a=b=c é", "NO_EQUALS", "TWICE=first", "TWICE=second", "EMPTY="]
        var strings = lines.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        strings.append(nil)
        let read = strings.withUnsafeMutableBufferPointer { ProcessEnvironment.variables(of: $0.baseAddress!) }
        #expect(read == ["GUESTCRAFT_TEST_ENV": "a=b=c é", "TWICE": "first", "EMPTY": ""])
    }
}
