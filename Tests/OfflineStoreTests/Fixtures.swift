import Foundation
import SQLiteDB
@testable import OfflineStore

let t0 = Date(timeIntervalSince1970: 1_800_000_000)
let hour: TimeInterval = 3600

let desk = Partition(instanceKey: "inst-1", personID: "p-anna", workspaceID: "ws-1")
let deskOtherWorkspace = Partition(instanceKey: "inst-1", personID: "p-anna", workspaceID: "ws-2")
let colleague = Partition(instanceKey: "inst-1", personID: "p-ben", workspaceID: "ws-1")
let otherInstance = Partition(instanceKey: "inst-2", personID: "p-anna", workspaceID: "ws-1")

/// A second, independent connection to the store's file: what is really on disk.
func rawCount(_ store: OfflineStore, _ sql: String, _ parameters: [SQLValue] = []) throws -> Int {
    let db = try Database(path: store.databaseURL.path, options: .init(readOnly: true))
    return try db.queryValue(sql, parameters)?.int ?? -1
}

/// Rows of every table that belong to `account`, read by a second connection.
func rowsOf(_ store: OfflineStore, _ account: Account) throws -> Int {
    var total = 0
    for table in ["saved_reads", "outbox_entries", "live_generations", "outbox_sent_versions"] {
        total += try rawCount(store, "SELECT count(*) FROM \(table) WHERE instance_key = ? AND person_id = ?",
                              [.text(account.instanceKey), .text(account.personID)])
    }
    return total
}

func mode(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
          let permissions = attributes[.posixPermissions] as? NSNumber else { return nil }
    return permissions.intValue
}
