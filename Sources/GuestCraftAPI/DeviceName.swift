import Foundation

/// The device name rule both sides apply: trimmed, NFC, 1–100 characters, no control or invisible characters.
public enum DeviceName {
    /// The most characters (grapheme clusters) a name may have.
    public static let maximumLength = 100

    /// Why a device name was refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case tooLong(count: Int)
        case controlCharacter(scalar: UInt32)
        case invisibleCharacter(scalar: UInt32)

        public var description: String {
            switch self {
            case .empty: "the device name is empty"
            case .tooLong(let count): "the device name has \(count) characters, more than \(DeviceName.maximumLength)"
            case .controlCharacter(let scalar): "the device name holds a control character (U+\(hex(scalar)))"
            case .invisibleCharacter(let scalar): "the device name holds an invisible character (U+\(hex(scalar)))"
            }
        }

        private func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// The normalized name (trimmed, NFC), or why it is refused.
    public static func validate(_ raw: String) -> Result<String, Problem> {
        let name = raw.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .failure(.empty) }
        for character in name {
            let scalars = Array(character.unicodeScalars)
            let isEmojiSequence = scalars.first?.properties.isEmoji == true && scalars.count > 1
            for scalar in scalars {
                if scalar.properties.generalCategory == .control {
                    return .failure(.controlCharacter(scalar: scalar.value))
                }
                // A zero-width joiner or variation selector inside an emoji sequence is part of a visible emoji.
                if isEmojiSequence, scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { continue }
                if isInvisible(scalar) { return .failure(.invisibleCharacter(scalar: scalar.value)) }
            }
        }
        guard name.count <= maximumLength else { return .failure(.tooLong(count: name.count)) }
        return .success(name)
    }

    /// Format characters (zero-width, bidi controls, BOM, soft hyphen), line/paragraph separators,
    /// private use, unassigned, and letters that draw nothing (Hangul fillers, braille blank).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return true
        default:
            break
        }
        switch scalar.value {
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x180E, 0x17B4, 0x17B5:
            return true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}

/// The prefixes and shape of the secrets of the contract: 32 random bytes in base64url behind a prefix.
public enum CredentialPrefix {
    /// A device token (`Authorization: Bearer gcd_…`).
    public static let deviceToken = "gcd_"
    /// A browser sign-in code (`gcc_…`), single use, 2 minutes.
    public static let signInCode = "gcc_"
    /// A pairing code (`gcp_…`), single use, 120 seconds.
    public static let pairingCode = "gcp_"

    /// The length of 32 bytes in unpadded base64url.
    public static let secretLength = 43

    /// Whether `text` is `prefix` followed by exactly 43 base64url characters.
    public static func hasShape(_ text: String, prefix: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let secret = text.utf8.dropFirst(prefix.utf8.count)
        return secret.count == secretLength && secret.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    public static func isDeviceToken(_ text: String) -> Bool { hasShape(text, prefix: deviceToken) }
    public static func isSignInCode(_ text: String) -> Bool { hasShape(text, prefix: signInCode) }
    public static func isPairingCode(_ text: String) -> Bool { hasShape(text, prefix: pairingCode) }

    /// `prefix` + base64url (no padding) of `bytes`, the form every secret takes.
    public static func make(prefix: String, bytes: [UInt8]) -> String {
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }
}

/// A pairing link `<origin>/mobile/pair#gcp_…`, taken apart; nothing in the query, no user info.
public struct PairingLink: Sendable, Equatable {
    /// `https://hotel.example.com` (scheme, host and port as typed, lowercased scheme and host).
    public let origin: String
    public let scheme: String
    public let host: String
    public let port: Int?
    public let pairingCode: String

    /// Parses a scanned or pasted link; nil for any other shape. Whether plain http is allowed is the caller's rule.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = components.host?.lowercased(), !host.isEmpty,
              components.user == nil, components.password == nil,
              components.query == nil, components.percentEncodedPath == "/mobile/pair",
              let fragment = components.fragment, CredentialPrefix.isPairingCode(fragment) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port
        self.pairingCode = fragment
        let hostPart = host.contains(":") ? "[\(host)]" : host
        origin = "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
    }
}
