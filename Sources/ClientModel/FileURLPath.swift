import Foundation

/// The paths of the state directory's files, without Foundation's URL machinery on the start's
/// way to its first frame (#18). `URL.path`, `appendingPathComponent` and
/// `withUnsafeFileSystemRepresentation` percent-decode through a `Set<UInt8>` whose metadata
/// Foundation instantiates by name, and the first such instantiation in a process checks
/// `UInt8: Hashable` by a scan of every conformance record of the static binary (0.3 M
/// instructions). A file URL's percent-encoded path is kept as it is: when it holds no `%`,
/// nothing needs decoding and it is the path itself.
extension URL {
    /// `path` (no trailing slash but the root's), read without decoding when there is nothing to decode.
    public var filePath: String {
        let encoded = path(percentEncoded: true)
        guard isFileURL, !encoded.contains("%") else { return path }
        return encoded.count > 1 && encoded.hasSuffix("/") ? String(encoded.dropLast()) : encoded
    }

    /// The file (or folder) `name` in this directory: `appendingPathComponent(name)` for a plain
    /// name or a relative path.
    public func file(named name: String, isDirectory: Bool = false) -> URL {
        let directory = filePath
        return URL(fileURLWithPath: directory == "/" ? "/" + name : directory + "/" + name, isDirectory: isDirectory)
    }
}
