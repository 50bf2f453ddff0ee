/// Why the credentials file could not be read or written.
public enum CredentialStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case notADirectory(path: String)
    case cannotCreateDirectory(path: String, reason: String)
    /// A mode could not be set, or the file is not a regular file (a symlink is refused).
    case cannotSecure(path: String, reason: String)
    /// The file is there but could not be read or decoded.
    case unreadable(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// A session was saved for an instance that is not saved.
    case instanceNotSaved(origin: String)

    public var description: String {
        switch self {
        case .notADirectory(let path): "\(path) is not a directory"
        case .cannotCreateDirectory(let path, let reason): "cannot create \(path): \(reason)"
        case .cannotSecure(let path, let reason): "cannot secure \(path): \(reason)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .instanceNotSaved(let origin): "\(origin) is not a saved instance"
        }
    }
}
