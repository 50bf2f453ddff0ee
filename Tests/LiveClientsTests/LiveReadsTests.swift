import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import SQLiteDB
import Testing

/// Saved-then-fresh reads of the live layer (SPEC §6): `LiveWork`'s Housekeeping and My tasks
/// closures over a real SQLite file and the real demo instance on 127.0.0.1. What was sent is
/// read from the client's log lines (status per request) and the demo's request counts.
@Suite(.serialized) struct LiveReadsTests {
    @Test func theFirstReadIsSavedAndTheSavedCopyOutlivesTheInstance() async throws {
        let f = try await LiveFixture()
        #expect(await f.housekeeping.savedUnits() == nil, "nothing is saved before the first read")
        #expect(try f.savedUnitsRead == nil)

        let (list, at) = try #require(await f.freshUnits())
        #expect(!list.units.isEmpty)
        let read = try #require(try f.savedUnitsRead, "the fresh answer was saved in the SQLite file")
        #expect(sameMillisecond(read.savedAt, at))
        let copy = try #require(await f.housekeeping.savedUnits())
        #expect(copy.value == list)
        #expect(sameMillisecond(copy.savedAt, at), "the copy says when it was read")

        f.demo.stop()
        #expect(await f.housekeeping.savedUnits() == copy, "the saved copy needs no instance")
        // The app started again on the same state directory finds it too.
        let again = try LiveServices(environment: ["GUESTCRAFT_HOME": f.home.url.path])
        #expect(await LiveWork(services: again, context: f.context).housekeeping.savedUnits() == copy)
        #expect(try f.loggedStatuses(.unitsList) == [200])
    }

    @Test func aSecondReadWithNothingChangedIsA304AnsweredWithTheSavedCopy() async throws {
        let f = try await LiveFixture()
        let (list, first) = try #require(await f.freshUnits())
        let (again, second) = try #require(await f.freshUnits())

        #expect(again == list, "the 304 answers the saved value")
        #expect(second >= first)
        #expect(try f.loggedStatuses(.unitsList) == [200, 304], "If-None-Match matched: the demo answered 304")
        #expect(try await f.requests(.unitsList) == 2, "no full read followed the 304")
        let copy = try #require(await f.housekeeping.savedUnits())
        #expect(copy.value == list)
        #expect(sameMillisecond(copy.savedAt, second), "the 304 renews the copy's time")

        // A change from the desk changes the ETag: the next read is a full one.
        let room = try #require(LiveFixture.settable(list).first)
        _ = try await f.admin.setUnitHousekeeping(number: room.number, status: LiveFixture.other(than: room.housekeepingStatus),
                                                  property: f.context.property.id)
        let (changed, _) = try #require(await f.freshUnits())
        #expect(changed != list)
        #expect(try f.loggedStatuses(.unitsList) == [200, 304, 200])
        #expect(await f.housekeeping.savedUnits()?.value == changed)
    }

    @Test func aCopyDamagedBehindItsETagIsForgottenAndReadInFull() async throws {
        let f = try await LiveFixture()
        let (list, _) = try #require(await f.freshUnits())
        let etag = try #require(f.work.savedETag(f.work.unitsKey, as: UnitList.self), "saved with the answer's ETag")
        // The head still names the ETag; the value behind it is garbage.
        var damaged = try SavedAnswer(etag: etag.value, value: ["x"]).encoded()
        damaged.removeLast(6)  // `["x"]}`
        damaged.append(contentsOf: [0xFF, 0x00, 0xC3, 0x28, 0x7B, 0x5B])
        try f.overwriteSavedUnits(with: damaged)
        #expect(await f.housekeeping.savedUnits() == nil, "the damaged copy is not shown")

        let (fresh, at) = try #require(await f.freshUnits())
        #expect(fresh == list)
        #expect(try f.loggedStatuses(.unitsList) == [200, 304, 200],
                "the ETag was sent once (304); the read in full after it sent none (200, not 304)")
        #expect(try await f.requests(.unitsList) == 3)
        #expect(try f.logText().contains("read \(f.work.unitsKey): 304, but the saved copy cannot be read"))
        let copy = try #require(await f.housekeeping.savedUnits(), "a readable copy replaced the damaged one")
        #expect(copy.value == list)
        #expect(sameMillisecond(copy.savedAt, at))
        #expect(f.work.savedETag(f.work.unitsKey, as: UnitList.self) == etag)
    }

    @Test func aCopyDamagedInTheFileIsReadInFullWithoutAnETag() async throws {
        let f = try await LiveFixture()
        let (list, _) = try #require(await f.freshUnits())
        // Garbage bytes written straight into the SQLite file, as a damaged disk would leave them.
        let db = try Database(path: f.home.url.appendingPathComponent("guestcraft.db").path)
        let changed = try db.run("UPDATE saved_reads SET body = ? WHERE key = ?",
                                 [.blob(Data([0x00, 0xFF, 0x7B, 0x22, 0x13, 0x37])), .text(f.work.unitsKey)])
        db.close()
        #expect(changed == 1)
        #expect(await f.housekeeping.savedUnits() == nil)

        let (fresh, _) = try #require(await f.freshUnits())
        #expect(fresh == list)
        #expect(try f.loggedStatuses(.unitsList) == [200, 200], "no ETag could be read: the read went in full")
        #expect(await f.housekeeping.savedUnits()?.value == list, "a readable copy is saved again")
    }

    enum Refusal: String, CaseIterable, CustomTestStringConvertible {
        case roleCannotRead, propertyOutOfScope
        var testDescription: String { rawValue }
    }

    @Test(arguments: Refusal.allCases)
    func a403DeletesTheSavedCopy(_ refusal: Refusal) async throws {
        let f = try await LiveFixture()
        _ = try #require(await f.freshUnits())
        _ = try #require(await f.freshTasks())
        #expect(await f.housekeeping.savedUnits() != nil)
        switch refusal {
        case .roleCannotRead:  // the housekeeper without `inventory.read`: 403 auth.forbidden
            try f.demo.setPermissions([.housekeepingWrite, .tasksWork], for: .housekeeper)
        case .propertyOutOfScope:  // Harbour View taken from the housekeeper: 403 property.out_of_scope
            try f.demo.setProperties([], for: .housekeeper)
        }

        #expect(await f.housekeeping.fetchUnits() == .forbidden)
        #expect(try f.loggedStatuses(.unitsList).last == 403)
        #expect(await f.housekeeping.savedUnits() == nil, "a 403 deletes the copy")
        #expect(try f.savedUnitsRead == nil, "gone from the file, not only unreadable")
        #expect(await f.tasks.savedTasks() != nil, "only the refused read's copy is deleted")
    }

    enum Silence: String, CaseIterable, CustomTestStringConvertible {
        case instanceStopped, answerDropped
        var testDescription: String { rawValue }
    }

    @Test(arguments: Silence.allCases)
    func noAnswerKeepsTheSavedCopy(_ silence: Silence) async throws {
        let f = try await LiveFixture()
        _ = try #require(await f.freshUnits())
        let copy = try #require(await f.housekeeping.savedUnits())
        switch silence {
        case .instanceStopped:
            f.demo.stop()
        case .answerDropped:
            // Two: libcurl sends a request again, once, on a fresh connection when a reused one
            // closes without an answer (the demo counts 3 requests of units.list then).
            _ = try await f.admin.armFault(DemoFaultRequest(operation: .unitsList, kind: .dropAfterApply, count: 2))
        }

        let result = await f.housekeeping.fetchUnits()
        #expect(result == .offline)
        let statuses = try f.loggedStatuses(.unitsList)
        #expect(statuses == [200, nil])
        #expect(await f.housekeeping.savedUnits() == copy, "the copy stays as it was")
        #expect(try f.savedUnitsRead != nil)
    }

    @Test func aRevokedSessionEndsTheSession() async throws {
        let f = try await LiveFixture()
        _ = try #require(await f.freshUnits())
        // The session is revoked (as from another device's Account screen, or the instance's admin).
        try await InstanceClient(session: f.context.session).revokeOwnSession()

        #expect(await f.housekeeping.fetchUnits() == .sessionEnded)
        #expect(await f.tasks.fetchTasks() == .sessionEnded)
        #expect(await f.tasks.fetchTask("tsk_0001") == .sessionEnded)
        #expect(try f.loggedStatuses(.unitsList) == [200, 401])
        let stored = try f.services.credentials.session(for: f.context.session.origin)
        #expect(stored?.sessionID == nil, "the 401 forgot the token on this device")
        let leaked = try f.logHoldsToken()
        #expect(!leaked, "the log never holds the token")
    }
}
