import CProgramImage
import Glibc

/// The process's allocator settings.
public enum ProcessMemory {
    /// Lets glibc's malloc keep at most `count` arenas rather than eight per core (#18): each
    /// thread that allocates would otherwise get an arena of its own, and what one frees another
    /// cannot reuse — the start's threads (the room list's halves, the read ahead, the catalog)
    /// held about a mebibyte more at the start's peak. Call before any thread starts. `mallopt`
    /// and `M_ARENA_MAX` (-8) are in <malloc.h>, which Swift's Glibc module leaves out: the
    /// function is looked up in the C library already loaded. True when the allocator took the setting
    /// (AddressSanitizer's does not).
    @discardableResult
    public static func limitMallocArenas(to count: Int32) -> Bool {
        guard let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let arenaMax: Int32 = -8
        return unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(arenaMax, count) == 1
    }

    /// Where this executable's own writable data lies (`.data` to the end of `.bss`, whole pages),
    /// as the linker placed it; nil when the linker's symbols make no plausible range.
    public static var programData: Range<UInt>? {
        var start: UInt = 0
        var end: UInt = 0
        gc_program_data_range(&start, &end)
        return start < end ? start..<end : nil
    }

    /// Faults in every page of `programData` for writing, in one call (#18). Call it before any
    /// thread starts. The runtime's caches (type metadata, witness tables, `once` flags) live
    /// there, a few to a page, and are read before they are written: each page was faulted twice,
    /// the second time a copy-on-write that, once the start's threads run on both cores, makes the
    /// kernel interrupt the other core to flush its TLB. Done here they are one batch on one
    /// thread — about 1.3 MiB, 330 pages. True when the kernel did it (Linux 5.14 and later).
    @discardableResult
    public static func populateProgramData() -> Bool {
        gc_populate_program_data() == 0
    }
}
