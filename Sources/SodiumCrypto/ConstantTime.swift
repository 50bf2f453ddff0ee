import CSodium

/// Comparison of secrets (token digests, states) in time that does not depend on where they differ.
public enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes; false at once when their lengths differ.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        SodiumLibrary.ensureInitialized()
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in sodium_memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0 }
        }
    }
}
