import CSodium

/// Initializes libsodium exactly once per process, from whichever thread gets there first.
enum SodiumLibrary {
    /// A Swift global's initializer runs once, guarded by the runtime (swift_once), so
    /// concurrent first uses all wait for the single `sodium_init` call.
    private static let initialized: Bool = sodium_init() >= 0

    /// Call before any other libsodium function; stops the process if libsodium cannot start
    /// (no source of randomness), since no secure operation could follow.
    static func ensureInitialized() {
        precondition(initialized, "libsodium failed to initialize (no random source available)")
    }
}

/// The libsodium in use, from the library itself (`guestcraft --version`).
public enum SodiumVersion {
    public static var string: String { String(cString: sodium_version_string()) }
}
