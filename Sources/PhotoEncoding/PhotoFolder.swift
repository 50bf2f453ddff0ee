import Foundation

/// A photo file the housekeeper may attach.
public struct PhotoFile: Sendable, Equatable {
    public let name: String
    public let path: String
    public let modified: Date
    public let size: Int

    public init(name: String, path: String, modified: Date, size: Int) {
        self.name = name
        self.path = path
        self.modified = modified
        self.size = size
    }
}

/// The folder photos are picked from.
public enum PhotoFolder {
    /// The extensions listed (compared case-blind).
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif"]

    /// `GUESTCRAFT_PHOTOS`, else `$HOME/Pictures`.
    public static func directory(environment: [String: String]) -> String {
        if let folder = environment["GUESTCRAFT_PHOTOS"], !folder.isEmpty { return folder }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent("Pictures")
    }

    /// The photos directly in `directory`, newest first (then by name): regular files with a
    /// photo extension. Symbolic links are not followed (a link is not a regular file, so it is
    /// left out), nor are hidden files (`.name`) or subfolders listed. Empty when the folder
    /// cannot be read.
    public static func list(_ directory: String) -> [PhotoFile] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var photos: [PhotoFile] = []
        for name in names where !name.hasPrefix(".") && extensions.contains((name as NSString).pathExtension.lowercased()) {
            let path = (directory as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
            photos.append(PhotoFile(name: name, path: path, modified: modified, size: Int(status.st_size)))
        }
        return photos.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.name < $1.name }
    }
}
