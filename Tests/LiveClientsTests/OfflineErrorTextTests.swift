import AppCore
import LiveClients
import Catalog
import OfflineStore
import SQLiteDB
import Testing

/// The sentences `guestcraft` prints when its offline data cannot be kept: from the catalog,
/// naming the folder and the system's reason, never SQLite's own words.
@Suite struct OfflineErrorTextTests {
    static let errors: [OfflineStoreError] = [
        .cannotCreateDirectory(path: "/state/guestcraft", reason: "Permission denied"),
        .notADirectory(path: "/state/guestcraft"),
        .cannotSecure(path: "/state/guestcraft/guestcraft.db", reason: "Operation not permitted"),
        .newerSchema(found: 9, known: 1),
        .database(SQLiteError(code: 13, message: "database or disk is full")),
    ]

    @Test func eachErrorHasItsOwnCatalogSentence() {
        let sentences = Self.errors.map(ErrorText.offline)
        #expect(Set(sentences).count == Self.errors.count)
        for sentence in sentences {
            #expect(!sentence.hasPrefix("["), "not in the catalog: \(sentence)")
            #expect(!sentence.contains("disk is full"), "SQLite's words go to the log")
        }
        #expect(ErrorText.offline(Self.errors[0]).contains("Permission denied"), "the log may not exist yet")
        #expect(ErrorText.offline(Self.errors[1]).contains("/state/guestcraft"))
    }
}
