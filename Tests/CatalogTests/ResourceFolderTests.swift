import Foundation
@testable import GuestCraftResources
import Testing
import TestSupport

/// Where the catalog and themes are read from (#18: found with file checks, not Foundation's
/// Bundle): an installed program's `../share/guestcraft`, else SwiftPM's bundle beside it.
struct ResourceFolderTests {
    @Test func anInstalledProgramReadsShareGuestcraftElseTheBundleBesideIt() throws {
        let root = try TemporaryDirectory(prefix: "guestcraft-resources")
        let prefix = root.url.path
        let fm = FileManager.default
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        let bundle = prefix + "/bin/GuestCraftTerminal_GuestCraftResources.resources"
        try fm.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: bundle + "/en.json"))
        #expect(resourceFolder(executable: prefix + "/bin/guestcraft") == bundle)

        try fm.createDirectory(atPath: prefix + "/share/guestcraft", withIntermediateDirectories: true)
        #expect(resourceFolder(executable: prefix + "/bin/guestcraft") == bundle, "no catalog there yet")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: prefix + "/share/guestcraft/en.json"))
        #expect(resourceFolder(executable: prefix + "/bin/guestcraft") == prefix + "/share/guestcraft")
    }

    @Test func theRunningProgramsCatalogIsFound() throws {
        let folder = try #require(guestCraftResourceFolder)
        #expect(FileManager.default.fileExists(atPath: folder + "/en.json"))
        #expect(guestCraftResource("en.json")?.first == UInt8(ascii: "{"))
        #expect(guestCraftResource("missing.json") == nil)
    }
}
