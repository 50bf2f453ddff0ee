import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
import LiveClients
import OfflineStore
import Testing
import TestSupport
@testable import Outbox

/// The false conflict after a background send (#16), with the app's operations against the real
/// demo instance and a real SQLite file: `guestcraft send` (another engine on the same file)
/// applies a change while the app's copy keeps the old version; the app's next change of that room
/// or task goes with the version that send answered and is applied, while a change someone else
/// made is still a conflict.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SentVersionDemoTests {
    @Test func aRoomChangeMadeFromACopyOlderThanABackgroundSendIsAppliedNotHeld() async throws {
        let f = try DemoOutboxFixture()
        let room = try await f.settableRooms()[0]
        let first = DemoOutboxFixture.other(than: room.housekeepingStatus)
        // Back again (a housekeeper sets dirty and clean; inspected is a supervisor's, #31).
        let second = DemoOutboxFixture.other(than: first)
        // Made offline in the app, which was then closed; `guestcraft send` applies it.
        try f.queue(f.change(room, to: first))
        #expect(try await f.sendInBackground().sent.count == 1)

        // The app opens on its saved copy (the old version) and the room is changed again.
        await f.activate()
        let outcome = try await f.engine.submit(RoomStatusOperation(), f.change(room, to: second))
        guard case .sent(let unit) = outcome else { Issue.record("held or kept: \(outcome)"); return }
        #expect(unit.housekeepingStatus == second)
        #expect(unit.housekeepingVersion == room.housekeepingVersion + 2)
        #expect(try f.store.pendingEntries(housekeeperDesk).isEmpty, "nothing held")
        #expect(try await f.writes() == 2)
        #expect(try await f.requests() == 2, "no request answered 409")

        // The desk changes the room: a change from the app's old copy is the conflict it is.
        _ = try await f.admin.setUnitHousekeeping(number: room.number, status: first, property: harbour)
        let stale = try await f.engine.submit(RoomStatusOperation(), f.change(room, to: second))
        guard case .held(.conflict, let code) = stale else { Issue.record("\(stale)"); return }
        #expect(code == "unit.status_conflict")
        #expect(try await f.writes() == 2)
    }

    @Test func aTaskChangeMadeFromACopyOlderThanABackgroundSendIsAppliedNotHeld() async throws {
        let f = try DemoOutboxFixture()
        let list = try #require(try await f.client.tasks(property: harbour).value)
        let task = try #require(list.tasks.first { $0.status == .open })
        func status(_ status: TaskStatus, version: Int) -> TaskStatusRequest {
            TaskStatusRequest(property: harbour, task: task.id, number: task.unit.number, status: status, version: version)
        }
        func note(_ text: String, version: Int) -> TaskNoteRequest {
            TaskNoteRequest(property: harbour, task: task.id, number: task.unit.number, note: text, version: version)
        }
        // Started offline in the app, which was then closed; `guestcraft send` applies it.
        _ = try f.store.enqueue(operation: TaskStatusOperation.name, subject: TaskSubject.of(task.id),
                                payload: try PayloadCoding.encode(status(.inProgress, version: task.version)),
                                partition: housekeeperDesk, generation: f.generation, now: Date())
        #expect(try await f.sendInBackground().sent.count == 1)

        // My tasks opens on its saved copy (the old version): a note (the other task operation),
        // then the task finished, both from that copy.
        await f.activate()
        let noted = try await f.engine.submit(TaskNoteOperation(), note("Towels", version: task.version))
        guard case .sent(let afterNote) = noted else { Issue.record("held or kept: \(noted)"); return }
        #expect(afterNote.version == task.version + 2)
        let done = try await f.engine.submit(TaskStatusOperation(), status(.done, version: task.version))
        guard case .sent(let afterDone) = done else { Issue.record("held or kept: \(done)"); return }
        #expect(afterDone.status == .done && afterDone.note == "Towels")
        #expect(afterDone.version == task.version + 3)
        #expect(try f.store.pendingEntries(housekeeperDesk).isEmpty, "nothing held")
        #expect(try await f.writes("tasks.status") == 2)
        #expect(try await f.requests("tasks.status") == 2, "no request answered 412")
        #expect(try await f.requests("tasks.note") == 1)

        // Someone else changes the task (a write that is not this outbox's): a change from the
        // version this device last saw is the conflict it is.
        _ = try await f.client.setTaskNote(property: harbour, task: task.id, TaskNoteChange(note: "From the desk"),
                                           version: .version(afterDone.version))
        let stale = try await f.engine.submit(TaskStatusOperation(), status(.open, version: afterDone.version))
        guard case .held(.conflict, let code) = stale else { Issue.record("\(stale)"); return }
        #expect(code == "task.version_mismatch")
    }
}

extension DemoOutboxFixture {
    /// `guestcraft send` while the app is closed: its own connection to the state file and its own
    /// engine with the app's operations, one round for the housekeeper's partition.
    func sendInBackground() async throws -> OutboxRoundReport {
        let store = try OfflineStore(directory: dir.url.appendingPathComponent("state"))
        let engine = Self.engine(store: store, sleeper: ManualSleeper(), unauthorized: Recorder<Partition>())
        let generation = try store.beginGeneration(housekeeperDesk)
        defer { _ = try? store.endGenerations(.generation(generation)) }
        return await engine.activate(partition: housekeeperDesk, generation: generation, client: client)
    }
}
