import Glibc

/// The process's environment as a dictionary, read from `environ` (#18: Foundation's
/// `ProcessInfo.environment` cost the start 440,000 instructions for thirty variables, before
/// anything else could begin). A variable without `=` is skipped; of a name given twice the
/// first is kept, as `getenv` finds it.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        // `environ` is null after `clearenv`, which Swift's import does not allow for.
        guard Int(bitPattern: environ) != 0 else { return [:] }
        return variables(of: environ)
    }

    /// The variables of a null-terminated array of `NAME=value` strings, as `environ` is.
    public static func variables(of entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var variables: [String: String] = [:]
        var entry = entries
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
