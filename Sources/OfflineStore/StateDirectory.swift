import Foundation

/// Where GuestCraft keeps its state (the database, the log, credentials): state, not cache,
/// so cache cleaners never delete unsent work.
public enum StateDirectory {
    /// `$GUESTCRAFT_HOME`, else `$XDG_STATE_HOME/guestcraft`, else `~/.local/state/guestcraft`.
    /// An empty variable counts as unset. `home` defaults to `$HOME`, then the user's home.
    public static func resolve(environment: [String: String], home: String? = nil) -> URL {
        func value(_ name: String) -> String? {
            guard let v = environment[name], !v.isEmpty else { return nil }
            return v
        }
        if let explicit = value("GUESTCRAFT_HOME") {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        if let state = value("XDG_STATE_HOME") {
            return URL(fileURLWithPath: state, isDirectory: true).file(named: "guestcraft", isDirectory: true)
        }
        let base = home ?? value("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: base, isDirectory: true).file(named: ".local/state/guestcraft", isDirectory: true)
    }

    /// Creates `directory` (and missing parents) with mode 0700, and tightens it to 0700 when
    /// it exists with looser permissions.
    public static func prepare(_ directory: URL) throws(OfflineStoreError) {
        let path = directory.filePath
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path: path) }
        } else {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: NSNumber(value: Int16(0o700))])
            } catch {
                throw .cannotCreateDirectory(path: path, reason: "\(error.localizedDescription)")
            }
        }
        try FilePermissions.tighten(path, to: 0o700)
    }
}
