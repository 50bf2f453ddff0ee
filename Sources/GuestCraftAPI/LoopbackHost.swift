import Foundation

/// The hosts plain http is allowed to (SPEC §4, docs/api.md): loopback addresses only, unless
/// the person runs with `GUESTCRAFT_ALLOW_HTTP=1`.
public enum LoopbackHost {
    /// Whether `host` is 127.0.0.0/8 or ::1 as a literal (brackets allowed), or `localhost`.
    public static func contains(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name = String(name.dropLast()) }
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in
                bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            }
        }
        return false
    }
}
