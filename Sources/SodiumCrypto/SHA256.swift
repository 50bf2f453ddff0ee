import CSodium
import Foundation

/// SHA-256 digests (libsodium), e.g. to store device tokens as digests and for PKCE S256.
public enum SHA256 {
    /// The digest of `data`.
    public static func hash(_ data: some DataProtocol) -> SHA256Digest {
        SodiumLibrary.ensureInitialized()
        let input = Array(data)
        let count = input.count
        // A zero-length array may have no base address; libsodium wants a pointer even then.
        let nonEmpty = input.isEmpty ? [UInt8(0)] : input
        var out = [UInt8](repeating: 0, count: Int(gc_sha256_bytes()))
        let rc = nonEmpty.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                crypto_hash_sha256(o.baseAddress!, inp.baseAddress!, UInt64(count))
            }
        }
        precondition(rc == 0, "crypto_hash_sha256 cannot fail")
        return SHA256Digest(bytes: out)
    }

    /// The digest of the UTF-8 bytes of `string`.
    public static func hash(_ string: String) -> SHA256Digest {
        hash(Array(string.utf8))
    }
}

/// A 32-byte SHA-256 digest with its usual text forms.
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    /// The digest as `Data`.
    public var data: Data { Data(bytes) }

    /// Lower-case hexadecimal, 64 characters.
    public var hex: String { Hex.encode(bytes) }

    /// Base64url without padding (43 characters), as PKCE S256 wants.
    public var base64URL: String { Base64URL.encode(bytes) }

    public var description: String { hex }
}
