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
}
