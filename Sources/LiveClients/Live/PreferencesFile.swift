import AppCore
import Foundation
import Glibc
import GuestCraftAPI
import DeviceServices
import TerminalUI

/// `preferences.json` in the state directory (0600, written atomically): the app's choices of
/// instance, workspace and property. No credential is kept in it.
struct PreferencesFile: Sendable {
    static let fileName = "preferences.json"
    let directory: URL
    let log: Log

    var url: URL { directory.file(named: Self.fileName) }

    /// The saved preferences; empty ones when the file is missing or unreadable (logged).
    func load() -> AppPreferences {
        guard let data = FileManager.default.contents(atPath: url.filePath) else { return AppPreferences() }
        // Read before the first frame: without JSONDecoder's run-time type questions when the
        // file is in the plain subset our encoder writes (#18); JSONDecoder reads anything else.
        if let preferences = PlainJSONDecoder.decode(AppPreferences.self, from: data) { return preferences }
        do {
            return try JSONDecoder().decode(AppPreferences.self, from: data)
        } catch {
            log.write("preferences: unreadable, starting without them: \(error)")
            return AppPreferences()
        }
    }

    func save(_ preferences: AppPreferences) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(preferences)
            let temporary = directory.appendingPathComponent(".\(Self.fileName).\(getpid()).tmp")
            let fd = open(temporary.filePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw PreferencesError.cannotWrite(String(cString: strerror(errno))) }
            _ = fchmod(fd, 0o600)
            let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            _ = fsync(fd)
            _ = close(fd)
            guard written == data.count, rename(temporary.filePath, url.filePath) == 0 else {
                unlink(temporary.filePath)
                throw PreferencesError.cannotWrite(String(cString: strerror(errno)))
            }
        } catch {
            log.write("preferences: could not save: \(error)")
        }
    }
}

enum PreferencesError: Error {
    case cannotWrite(String)
}
