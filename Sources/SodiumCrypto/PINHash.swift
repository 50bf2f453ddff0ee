import CSodium

/// Argon2id hashes of a terminal-lock PIN (libsodium `crypto_pwhash_str`, interactive limits).
public enum PINHash {
    /// Why a PIN could not be hashed.
    public enum Failure: Error, Sendable, Equatable {
        /// The PIN is longer than Argon2 accepts.
        case tooLong
        /// Argon2id could not get the memory it needs.
        case outOfMemory
    }

    /// The encoded Argon2id hash of `pin` (`$argon2id$v=19$…`), salt included, to store.
    public static func hash(pin: String) throws(Failure) -> String {
        SodiumLibrary.ensureInitialized()
        // One spare byte so the buffer is never empty (libsodium wants a pointer); the length excludes it.
        var password = Array(pin.utf8).map { CChar(bitPattern: $0) } + [0]
        let length = password.count - 1
        defer { wipe(&password) }
        guard length <= gc_pwhash_passwd_max() else { throw .tooLong }
        var out = [CChar](repeating: 0, count: Int(gc_pwhash_strbytes()))
        let rc = password.withUnsafeBufferPointer { pw in
            out.withUnsafeMutableBufferPointer { o in
                crypto_pwhash_str(o.baseAddress!, pw.baseAddress!, UInt64(length),
                                  gc_pwhash_opslimit_interactive(), gc_pwhash_memlimit_interactive())
            }
        }
        guard rc == 0 else { throw .outOfMemory }
        return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `pin` matches `storedHash` (constant-time inside libsodium); false for a malformed hash.
    public static func verify(pin: String, against storedHash: String) -> Bool {
        SodiumLibrary.ensureInitialized()
        let strBytes = Int(gc_pwhash_strbytes())
        var stored = Array(storedHash.utf8).map { CChar(bitPattern: $0) }
        guard stored.count < strBytes else { return false }
        stored.append(contentsOf: [CChar](repeating: 0, count: strBytes - stored.count))
        // One spare byte so the buffer is never empty (libsodium wants a pointer); the length excludes it.
        var password = Array(pin.utf8).map { CChar(bitPattern: $0) } + [0]
        let length = password.count - 1
        defer { wipe(&password) }
        let rc = password.withUnsafeBufferPointer { pw in
            stored.withUnsafeBufferPointer { s in
                crypto_pwhash_str_verify(s.baseAddress!, pw.baseAddress!, UInt64(length))
            }
        }
        return rc == 0
    }

    /// Whether `storedHash` was made with other limits than today's and should be made again.
    public static func needsRehash(_ storedHash: String) -> Bool {
        SodiumLibrary.ensureInitialized()
        let strBytes = Int(gc_pwhash_strbytes())
        var stored = Array(storedHash.utf8).map { CChar(bitPattern: $0) }
        guard stored.count < strBytes else { return true }
        stored.append(contentsOf: [CChar](repeating: 0, count: strBytes - stored.count))
        let rc = stored.withUnsafeBufferPointer { s in
            crypto_pwhash_str_needs_rehash(s.baseAddress!, gc_pwhash_opslimit_interactive(),
                                           gc_pwhash_memlimit_interactive())
        }
        return rc != 0
    }

    private static func wipe(_ buffer: inout [CChar]) {
        buffer.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { sodium_memzero(base, raw.count) }
        }
    }
}
