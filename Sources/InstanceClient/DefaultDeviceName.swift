import Foundation
import GuestCraftAPI
import Glibc

/// The device name offered before the person edits it: `<hostname> terminal`.
public enum DefaultDeviceName {
    /// `fd-desk-01 terminal` for host `fd-desk-01.hotel.local`; `GuestCraft terminal` when the
    /// host name is empty or not a valid name.
    public static func make(hostname: String? = nil) -> String {
        let host = (hostname ?? currentHostname()).trimmingCharacters(in: .whitespacesAndNewlines)
        let isAddress = host.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" }
        let short = isAddress ? host : String(host.split(separator: ".", omittingEmptySubsequences: true).first ?? "")
        let candidate = String(short.prefix(DeviceName.maximumLength - " terminal".count)) + " terminal"
        if !short.isEmpty, case .success(let name) = DeviceName.validate(candidate) { return name }
        return "GuestCraft terminal"
    }

    static func currentHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
