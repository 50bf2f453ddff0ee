import Foundation

/// The folder that carries `en.json` (the English catalog) and `themes.json` (theme tokens):
/// installed (`make install`, the .deb), `../share/guestcraft` from the running executable's folder
/// (`/usr/bin/guestcraft` reads `/usr/share/guestcraft`); else SwiftPM's bundle beside the
/// executable in the build folder; else wherever SwiftPM's `Bundle.module` finds it (a test runner).
/// Found with plain file checks: Foundation's `Bundle` cost the start and `--version` 2.3 M
/// instructions (#18), and is asked only when both checks fail.
public let guestCraftResourceFolder: String? = resourceFolder(executable: runningExecutable())

/// The bytes of the resource file `name` (`en.json`), or nil when it cannot be read.
public func guestCraftResource(_ name: String) -> [UInt8]? {
    guard let folder = guestCraftResourceFolder else { return nil }
    return try? readFile(folder + "/" + name)
}

/// The folder for an executable at `executable`: `<prefix>/share/guestcraft` when the program is
/// in `<prefix>/bin` and that folder holds the catalog, else the SwiftPM bundle beside it.
func resourceFolder(executable: String?) -> String? {
    if let executable {
        let folder = parent(executable)
        let installed = parent(folder) + "/share/guestcraft"
        if access(installed + "/en.json", R_OK) == 0 { return installed }
        let built = folder + "/GuestCraftTerminal_GuestCraftResources.resources"
        if access(built + "/en.json", R_OK) == 0 { return built }
    }
    return Bundle.module.resourcePath
}

/// `path` without its last component (`/usr/bin/guestcraft` → `/usr/bin`; `/x` → ``).
private func parent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return String(path[..<slash])
}

/// The running program's file (`/proc/self/exe`, symbolic links resolved).
func runningExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private enum ResourceFileError: Error { case unreadable }

/// A whole file's bytes, read with the system's calls.
private func readFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ResourceFileError.unreadable }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 { if errno == EINTR { continue }; throw ResourceFileError.unreadable }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<count])
    }
}
