import DeviceServices
import Foundation
import Testing

/// #18: the environment read from `environ` is Foundation's, variable for variable.
@Suite struct ProcessEnvironmentTests {
    @Test func itIsWhatFoundationReads() {
        setenv("GUESTCRAFT_TEST_ENV", "a=b=c é", 1)
        defer { unsetenv("GUESTCRAFT_TEST_ENV") }
        let read = ProcessEnvironment.current()
        #expect(read["GUESTCRAFT_TEST_ENV"] == "a=b=c é")
        #expect(read == ProcessInfo.processInfo.environment)
    }
}
