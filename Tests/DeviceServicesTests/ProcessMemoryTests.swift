import DeviceServices
import Testing

@Suite struct ProcessMemoryTests {
    /// glibc's `mallopt` is found and takes the arena limit (#18).
    @Test func theMallocArenaLimitIsTaken() {
        #expect(ProcessMemory.limitMallocArenas(to: 8))
    }
}
