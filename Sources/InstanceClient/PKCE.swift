import Foundation
import SodiumCrypto

/// A PKCE S256 pair (RFC 7636): a random verifier of 43–128 characters and its challenge,
/// plus the random `state` that ties a callback to the request that started it.
public struct PKCE: Sendable, Equatable {
    /// 43–128 characters of `[A-Za-z0-9-._~]`; stays on the device until the token exchange.
    public let verifier: String

    /// A fresh verifier from `byteCount` random bytes (32 → 43 characters, 96 → 128).
    public init(byteCount: Int = 32) {
        let count = min(max(byteCount, 32), 96)
        verifier = Base64URL.encode(SecureRandom.bytes(count))
    }

    /// A given verifier; nil unless it has 43–128 characters of the allowed set.
    public init?(verifier: String) {
        guard Self.isValidVerifier(verifier) else { return nil }
        self.verifier = verifier
    }

    /// base64url(SHA-256(verifier)), 43 characters.
    public var challenge: String { Self.challenge(for: verifier) }

    public static func challenge(for verifier: String) -> String {
        SHA256.hash(Data(verifier.utf8)).base64URL
    }

    public static func isValidVerifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (43...128).contains(bytes.count) && bytes.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
        }
    }

    /// A random `state` (32 bytes, base64url).
    public static func makeState() -> String { Base64URL.encode(SecureRandom.bytes(32)) }
}
