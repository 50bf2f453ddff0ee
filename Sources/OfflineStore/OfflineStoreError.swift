import Foundation
import SQLiteDB

/// Why the offline store could not be opened or used; `sentence` is for the log.
public enum OfflineStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state directory could not be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// Something that is not a directory sits where the state directory goes.
    case notADirectory(path: String)
    /// A state file's permissions could not be made private.
    case cannotSecure(path: String, reason: String)
    /// The database was written by a newer version of this app.
    case newerSchema(found: Int, known: Int)
    /// SQLite failed (disk full, locked for too long, unreadable, …).
    case database(SQLiteError)

    /// The file is damaged: drop this store and open it again with `verify: true`, which moves
    /// it aside and starts a new one.
    public var isDamagedFile: Bool {
        if case .database(let error) = self { return error.isDamagedFile }
        return false
    }

    /// A plain English sentence for the log (what people read is `ErrorText.offline` in AppCore).
    public var sentence: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "The folder for offline data (\(path)) could not be created: \(reason)."
        case .notADirectory(let path):
            return "Offline data cannot be kept: \(path) is a file, not a folder."
        case .cannotSecure(let path, let reason):
            return "Offline data cannot be kept private: the permissions of \(path) could not be set (\(reason))."
        case .newerSchema(let found, let known):
            return "The offline data was saved by a newer version of GuestCraft Terminal (schema \(found), this version knows \(known)); update the app."
        case .database(let error):
            return "The offline data could not be read or saved (\(error.message))."
        }
    }

    public var description: String { sentence }
}

/// A database file found damaged at opening: moved aside (never deleted) and replaced by a new one.
public struct DamagedDatabase: Sendable, Equatable {
    /// Where the file was.
    public let originalPath: String
    /// Where it is now (the original name with a `.damaged-<UTC time>` suffix).
    public let movedTo: String
    /// What SQLite said about it.
    public let reason: SQLiteError
}
