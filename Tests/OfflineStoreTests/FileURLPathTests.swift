import ClientModel
import Foundation
import Testing

/// The state directory's paths without Foundation's percent-decoding on the start's way (#18):
/// the same paths as `URL.path` and `appendingPathComponent` give, for plain names and others.
@Suite struct FileURLPathTests {
    static let folders = ["/tmp/gc/home", "/tmp/gc/home/", "/", "/tmp/with space", "/tmp/100%/x", "/tmp/é à/ü",
                          "/tmp/a%20b", "/tmp/q?x#y", "/tmp/semi;colon", "/tmp/.local/state/guestcraft"]

    @Test(arguments: folders)
    func aFolderAndItsFilesHaveTheirPaths(_ folder: String) {
        for directory in [URL(fileURLWithPath: folder, isDirectory: true), URL(fileURLWithPath: folder)] {
            #expect(directory.filePath == directory.path, "\(directory)")
            for name in ["guestcraft.db", "credentials.lock", ".preferences.json.12.tmp", "lib/guestcraft", "a b%c"] {
                let file = directory.file(named: name)
                #expect(file.filePath == directory.appendingPathComponent(name).path, "\(folder) + \(name)")
                #expect(file.path == directory.appendingPathComponent(name).path, "\(folder) + \(name)")
            }
            let folderBelow = directory.file(named: "guestcraft", isDirectory: true)
            #expect(folderBelow.hasDirectoryPath)
            #expect(folderBelow.filePath == directory.appendingPathComponent("guestcraft", isDirectory: true).path)
        }
    }
}
