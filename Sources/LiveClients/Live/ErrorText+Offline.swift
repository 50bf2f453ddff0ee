import AppCore
import Catalog
import OfflineStore

extension ErrorText {
    /// Why the offline data cannot be kept (at start, `guestcraft status`): the folder is named
    /// with the system's reason (the log may not exist yet); what SQLite said goes to the log.
    public static func offline(_ error: OfflineStoreError) -> String {
        switch error {
        case .cannotCreateDirectory(let path, let reason):
            L("errors.offline.cannot_create_directory", ["path": path, "reason": reason])
        case .notADirectory(let path): L("errors.offline.not_a_directory", ["path": path])
        case .cannotSecure(let path, let reason): L("errors.offline.cannot_secure", ["path": path, "reason": reason])
        case .newerSchema: L("errors.offline.newer_schema")
        case .database: L("errors.offline.database")
        }
    }
}
