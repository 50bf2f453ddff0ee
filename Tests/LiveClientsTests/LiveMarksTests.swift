import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import Testing

/// The rows' outbox marks as the tabs read them: changes handed to the live `setStatus` /
/// `setNote` closures (through the real outbox engine and SQLite file, against the demo) come
/// back from `pendingRooms` / `pendingTasks`, read from the entries' payloads.
@Suite(.serialized) struct LiveMarksTests {
    @Test func roomChangesQueuedOfflineAreMarkedWithTheirStatus() async throws {
        let f = try await LiveFixture()
        let rooms = LiveFixture.settable(try #require(await f.freshUnits()).list)
        try #require(rooms.count >= 2)
        let (a, b) = (rooms[0], rooms[1])
        await f.outbox.activate(f.context)
        f.demo.stop()
        #expect(await f.housekeeping.pendingRooms() == .none)

        let first = LiveFixture.other(than: a.housekeepingStatus)
        let then = LiveFixture.other(than: first)
        let toB = LiveFixture.other(than: b.housekeepingStatus)
        #expect(await f.housekeeping.setStatus(a.ref, first, a.housekeepingVersion) == .queued(waitsForDecision: false))
        #expect(await f.housekeeping.setStatus(b.ref, toB, b.housekeepingVersion) == .queued(waitsForDecision: false))
        #expect(await f.housekeeping.setStatus(a.ref, then, a.housekeepingVersion + 1) == .queued(waitsForDecision: false))

        let expected = PendingRooms(queued: [a.id: then, b.id: toB], held: [])
        #expect(await f.housekeeping.pendingRooms() == expected, "the room's latest change is its mark")
        // The marks are the file's: the app opened again on the state directory reads the same.
        let again = try LiveServices(environment: ["GUESTCRAFT_HOME": f.home.url.path])
        #expect(await LiveWork(services: again, context: f.context).housekeeping.pendingRooms() == expected)
        await f.outbox.deactivate()
    }

    @Test func aRoomChangedAtTheDeskFirstIsMarkedHeld() async throws {
        let f = try await LiveFixture()
        let rooms = LiveFixture.settable(try #require(await f.freshUnits()).list)
        try #require(rooms.count >= 2)
        let (a, b) = (rooms[0], rooms[1])
        await f.outbox.activate(f.context)
        // The device read both rooms; then the desk changes the first one.
        _ = try await f.admin.setUnitHousekeeping(number: a.number, status: .inspected, property: f.context.property.id)

        #expect(await f.housekeeping.setStatus(a.ref, .clean, a.housekeepingVersion)
                == .held(.conflict, code: "unit.status_conflict"))
        let toB = LiveFixture.other(than: b.housekeepingStatus)
        guard case .sent(let sent) = await f.housekeeping.setStatus(b.ref, toB, b.housekeepingVersion) else {
            Issue.record("the other room's change was not sent"); return
        }
        #expect(sent.housekeepingStatus == toB)
        #expect(await f.housekeeping.pendingRooms() == PendingRooms(queued: [:], held: [a.id]),
                "the held room is marked; the sent one has no mark")

        // A later change of the held room waits behind it, and is marked with its status too.
        #expect(await f.housekeeping.setStatus(a.ref, .dirty, a.housekeepingVersion) == .queued(waitsForDecision: true))
        #expect(await f.housekeeping.pendingRooms() == PendingRooms(queued: [a.id: .dirty], held: [a.id]))
        await f.outbox.deactivate()
    }

    @Test func taskChangesQueuedOfflineAreTheTasksOverlay() async throws {
        let f = try await LiveFixture()
        let open = try #require(await f.freshTasks()).tasks.filter { $0.status == .open }
            .sorted { $0.id.rawValue < $1.id.rawValue }
        try #require(open.count >= 2)
        let (a, b) = (open[0], open[1])
        await f.outbox.activate(f.context)
        f.demo.stop()
        #expect(await f.tasks.pendingTasks() == .none)

        let skip = TaskStatusChange(status: .skipped, reason: "Do not disturb")
        #expect(await f.tasks.setStatus(a, skip, a.version) == .queued(waitsForDecision: false))
        #expect(await f.tasks.setNote(a, "Guest asked for fresh towels", a.version + 1) == .queued(waitsForDecision: false))
        #expect(await f.tasks.setNote(b, nil, b.version) == .queued(waitsForDecision: false))

        let pending = await f.tasks.pendingTasks()
        #expect(pending.held.isEmpty)
        #expect(pending.queued.count == 2)
        #expect(pending.queued[a.id] == TaskOverlay(status: .skipped, skipReason: "Do not disturb",
                                                    note: .some("Guest asked for fresh towels"), nextVersion: a.version + 2),
                "status, skip reason and note waiting; the next change goes two versions on")
        #expect(pending.queued[b.id] == TaskOverlay(status: nil, skipReason: nil, note: .some(nil), nextVersion: b.version + 1),
                "a cleared note is a note waiting (nil), not no note")
        await f.outbox.deactivate()
    }

    @Test func taskChangesRefusedForAnOlderVersionAreHeld() async throws {
        let f = try await LiveFixture()
        let open = try #require(await f.freshTasks()).tasks.filter { $0.status == .open }
            .sorted { $0.id.rawValue < $1.id.rawValue }
        try #require(open.count >= 2)
        let (a, b) = (open[0], open[1])
        await f.outbox.activate(f.context)
        // Another device of the housekeeper changes both tasks after this one read them.
        let session = f.context.session
        let otherDevice = InstanceClient(session: StoredSession(
            origin: session.origin, token: try f.demo.deviceToken(for: .housekeeper, deviceName: "other device"),
            sessionID: "dvs_other", createdAt: session.createdAt, user: session.user, deviceName: "other device"))
        _ = try await otherDevice.setTaskNote(property: f.context.property.id, task: a.id,
                                              TaskNoteChange(note: "From the other device"), version: ETag("\(a.version)"))
        _ = try await otherDevice.setTaskStatus(property: f.context.property.id, task: b.id,
                                                TaskStatusChange(status: .inProgress), version: ETag("\(b.version)"))

        #expect(await f.tasks.setStatus(a, TaskStatusChange(status: .done), a.version)
                == .held(.conflict, code: "task.version_mismatch"))
        #expect(await f.tasks.setNote(b, "Minibar checked", b.version) == .held(.conflict, code: "task.version_mismatch"))

        let entries = try f.services.offline.pendingEntries(f.context.partition).map(\.id)
        try #require(entries.count == 2)
        let pending = await f.tasks.pendingTasks()
        #expect(pending.queued.isEmpty, "a held change is not an overlay")
        #expect(pending.held == [
            HeldTaskChange(id: entries[0], task: a.id, number: a.unit.number, change: .status(.done),
                           reason: .conflict, code: "task.version_mismatch"),
            HeldTaskChange(id: entries[1], task: b.id, number: b.unit.number, change: .note,
                           reason: .conflict, code: "task.version_mismatch"),
        ])
        await f.outbox.deactivate()
    }
}
