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

@Suite struct ProgramDataTests {
    /// The mappings of this process that may be written, from /proc/self/maps.
    private func writableMappings() throws -> [Range<UInt>] {
        let text = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Range<UInt>? in
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[1].hasPrefix("rw") else { return nil }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            return bounds.count == 2 ? bounds[0]..<bounds[1] : nil
        }
    }

    private var pageSize: UInt { UInt(sysconf(Int32(_SC_PAGESIZE))) }

    /// The range is the executable's writable data (here the test runner's), in whole pages and
    /// wholly in writable mappings: a range reaching into read-only data or code would not be.
    @Test func theRangeIsTheProgramsWritableData() throws {
        let range = try #require(ProcessMemory.programData)
        #expect(range.lowerBound % pageSize == 0 && range.upperBound % pageSize == 0)
        #expect(range.count <= 64 << 20)
        // ThreadSanitizer's runtime is linked into the test runner, its 20 MiB of data in this
        // range, and maps parts of it its own way: there the range is only held to its bounds.
        guard dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil else { return }
        // The writable mappings cover it without a gap (the .data part is file-backed, .bss anonymous).
        var covered = range.lowerBound
        for mapping in try writableMappings().sorted(by: { $0.lowerBound < $1.lowerBound })
        where mapping.lowerBound <= covered && mapping.upperBound > covered {
            covered = mapping.upperBound
        }
        #expect(covered >= range.upperBound, "\(range) is not wholly writable memory")
    }

    /// After the call every page of the range is resident (`mincore`), the runner's untouched
    /// `.bss` pages included. (MADV_POPULATE_WRITE came with Linux 5.14; CI runs far past it.)
    @Test func afterPopulatingEveryPageIsResident() throws {
        #expect(ProcessMemory.populateProgramData())
        let range = try #require(ProcessMemory.programData)
        var residency = [UInt8](repeating: 0, count: range.count / Int(pageSize))
        let status = residency.withUnsafeMutableBufferPointer {
            mincore(UnsafeMutableRawPointer(bitPattern: range.lowerBound), Int(range.count), $0.baseAddress)
        }
        #expect(status == 0)
        let absent = residency.filter { $0 & 1 == 0 }.count
        #expect(absent == 0, "\(absent) of \(residency.count) pages not resident")
    }
}
