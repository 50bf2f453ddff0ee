import CSodium
import Foundation

/// Base64url (RFC 4648 §5) without padding: idempotency keys, PKCE values, tokens in URLs.
public enum Base64URL {
    /// `bytes` in base64url, no `=` padding.
    public static func encode(_ bytes: some DataProtocol) -> String {
        SodiumLibrary.ensureInitialized()
        let input = Array(bytes)
        let count = input.count
        let nonEmpty = input.isEmpty ? [UInt8(0)] : input
        let variant = gc_base64_variant_urlsafe_no_padding()
        let capacity = sodium_base64_encoded_len(input.count, variant)
        var out = [CChar](repeating: 0, count: capacity)
        nonEmpty.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                _ = sodium_bin2base64(o.baseAddress!, capacity, inp.baseAddress!, count, variant)
            }
        }
        return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The bytes of base64url `text` without padding, or nil when it is not exactly that.
    public static func decode(_ text: String) -> [UInt8]? {
        SodiumLibrary.ensureInitialized()
        let input = Array(text.utf8).map { CChar(bitPattern: $0) }
        if input.isEmpty { return [] }
        var out = [UInt8](repeating: 0, count: input.count * 3 / 4 + 1)
        var length = 0
        let decoded: Bool = input.withUnsafeBufferPointer { chars in
            out.withUnsafeMutableBufferPointer { o in
                var end: UnsafePointer<CChar>? = nil
                let rc = sodium_base642bin(o.baseAddress!, o.count, chars.baseAddress!, chars.count,
                                           nil, &length, &end, gc_base64_variant_urlsafe_no_padding())
                // sodium stops at the first character it cannot decode: insist the whole text was read.
                guard rc == 0, let end, let base = chars.baseAddress else { return false }
                return end - base == chars.count
            }
        }
        return decoded ? Array(out.prefix(length)) : nil
    }
}
