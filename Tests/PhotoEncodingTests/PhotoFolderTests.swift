import Foundation
import PhotoEncoding
import Testing
import TestSupport

@Suite struct PhotoFolderTests {
    @Test func photosAreListedNewestFirstAndOtherFilesAreSkipped() throws {
        let folder = try TemporaryDirectory(prefix: "guestcraft-photo-folder")
        let now = Date()
        func make(_ name: String, secondsAgo: Double, bytes: Int = 10) throws {
            let url = folder.url.appendingPathComponent(name)
            try Data(repeating: 0x41, count: bytes).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-secondsAgo)], ofItemAtPath: url.path)
        }
        try make("old.jpg", secondsAgo: 300)
        try make("IMG_0002.JPEG", secondsAgo: 10, bytes: 1234)
        try make("sink.Png", secondsAgo: 60)
        try make("leak.webp", secondsAgo: 120)
        try make("door.HEIC", secondsAgo: 30)
        try make("tap.heif", secondsAgo: 200)
        try make("notes.txt", secondsAgo: 1)
        try make("photo.jpg.part", secondsAgo: 2)
        try make(".hidden.jpg", secondsAgo: 3)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("album.jpg"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.jpg"), withDestinationPath: folder.path("old.jpg"))

        let photos = PhotoFolder.list(folder.url.path)
        #expect(photos.map(\.name) == ["IMG_0002.JPEG", "door.HEIC", "sink.Png", "leak.webp", "tap.heif", "old.jpg"])
        let newest = try #require(photos.first)
        #expect(newest.path == folder.path("IMG_0002.JPEG"))
        #expect(newest.size == 1234)
        #expect(abs(newest.modified.timeIntervalSince(now.addingTimeInterval(-10))) < 1)
    }

    @Test func aFolderThatCannotBeReadListsNothing() {
        #expect(PhotoFolder.list("/nonexistent/guestcraft/photos").isEmpty)
    }

    @Test func theFolderIsGuestcraftPhotosElseHomePictures() {
        #expect(PhotoFolder.directory(environment: ["GUESTCRAFT_PHOTOS": "/srv/photos", "HOME": "/home/anna"]) == "/srv/photos")
        #expect(PhotoFolder.directory(environment: ["HOME": "/home/anna"]) == "/home/anna/Pictures")
        #expect(PhotoFolder.directory(environment: ["GUESTCRAFT_PHOTOS": "", "HOME": "/home/anna"]) == "/home/anna/Pictures")
    }
}
