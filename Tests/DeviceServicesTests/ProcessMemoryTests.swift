import DeviceServices
import Glibc
import Testing

@Suite struct ProcessMemoryTests {
    /// glibc's `mallopt` is found and takes the arena limit (#18). Under AddressSanitizer malloc is
    /// the sanitizer's, whose `mallopt` takes nothing: there the call only has to do no harm.
    @Test func theMallocArenaLimitIsTaken() {
        let sanitizerAllocator = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
        let taken = ProcessMemory.limitMallocArenas(to: 8)
        #expect(taken || sanitizerAllocator)
    }
}
