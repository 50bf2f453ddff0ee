import Foundation

/// The bundle that carries `en.json` (the English catalog) and `themes.json` (theme tokens):
/// installed (`make install`, the .deb), `../share/guestcraft` from the running executable's folder
/// (`/usr/bin/guestcraft` reads `/usr/share/guestcraft`); else SwiftPM's bundle in the build folder.
public let guestCraftResourceBundle: Bundle = installedResourceBundle(executable: runningExecutable()) ?? Bundle.module

/// `<prefix>/share/guestcraft` for an executable in `<prefix>/bin`, when that folder holds the catalog.
func installedResourceBundle(executable: String?) -> Bundle? {
    guard let executable else { return nil }
    let folder = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("share/guestcraft", isDirectory: true)
    guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("en.json").path) else { return nil }
    return Bundle(path: folder.path)
}

/// The running program's file (`/proc/self/exe`, symbolic links resolved).
func runningExecutable() -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
}
