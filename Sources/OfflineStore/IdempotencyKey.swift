import SodiumCrypto

/// Random idempotency keys for outbox entries: 16 random bytes in base64url (22 characters).
public enum IdempotencyKey {
    /// A fresh key; every attempt of one entry sends the same one.
    public static func random() -> String {
        SecureRandom.token(byteCount: 16)
    }
}
