import CSodium
import Foundation

/// Cryptographically secure random bytes (libsodium's `randombytes_buf`), for keys, tokens and PKCE.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "a byte count is never negative")
        SodiumLibrary.ensureInitialized()
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { buf in
            if let base = buf.baseAddress { randombytes_buf(base, buf.count) }
        }
        return out
    }

    /// `count` random bytes as `Data`.
    public static func data(_ count: Int) -> Data {
        Data(bytes(count))
    }

    /// A random token: `byteCount` random bytes in base64url without padding.
    public static func token(byteCount: Int) -> String {
        Base64URL.encode(bytes(byteCount))
    }
}
