import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
import LiveClients
import OfflineStore
import ProcessSpawn
import SQLiteDB
import Testing
import TestSupport
@testable import Outbox
#if canImport(Glibc)
import Glibc
#endif

/// kill -9 of a process in the middle of submitting and sending room changes, at several
/// points: the test binary runs itself as the child (only the child test, selected by filter
/// and enabled by an environment variable) against the demo instance the parent runs.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SendCrashTests {
    static let childVariable = "GUESTCRAFT_TEST_SEND_CHILD"

    /// What the parent tells the child: where the state is and which instance to send to.
    struct ChildPlan: Codable {
        var stateDirectory: String
        var origin: String
        var token: String
        /// The rooms to change, in order, with the version read and the status to set.
        var changes: [RoomStatusChange]
    }

    static var plan: ChildPlan? { CrashChild.plan(childVariable, as: ChildPlan.self) }

    /// The child: submits each change through the engine (saved, then sent at once) until killed.
    @Test(.enabled(if: SendCrashTests.plan != nil))
    func sendChildSubmitsUntilKilled() async throws {
        let plan = try #require(Self.plan)
        let engine = try await CrashChild.engine(stateDirectory: plan.stateDirectory, origin: plan.origin, token: plan.token)
        let parent = getppid()
        for change in plan.changes where getppid() == parent {
            _ = try await engine.submit(RoomStatusOperation(), change)
        }
        // Every change is made: wait to be killed.
        try await CrashChild.waitToBeKilled(parent: parent)
    }

    @Test(.enabled(if: SendCrashTests.plan == nil), arguments: [1, 3, 5])
    func killDashNineWhileSubmittingAndSendingLosesNothingAndAppliesNothingTwice(killAfterWrites: Int) async throws {
        let f = try DemoOutboxFixture(rooms: 40)
        let before = try await f.settableRooms()
        try #require(before.count > killAfterWrites + 1)
        let changes = before.map { f.change($0, to: DemoOutboxFixture.other(than: $0.housekeepingStatus)) }
        // Slow answers, and some lost, so the kill lands inside sends and between save and send.
        try await f.arm(.dropAfterApply, count: 1)
        try await f.arm(.delay, count: 1000, delayMS: 15)
        let stateDirectory = f.dir.url.appendingPathComponent("state")

        let plan = ChildPlan(stateDirectory: stateDirectory.path, origin: f.demo.origin,
                             token: try f.demo.deviceToken(for: .housekeeper), changes: Array(changes))
        let child = try CrashChild.spawn(filter: "sendChildSubmitsUntilKilled", variable: Self.childVariable, plan: plan)
        defer {
            child.signal(SIGKILL)
            child.wait()
        }
        // Wait until the instance applied enough, then kill: no bound of its own (#33: it was 60 s
        // of wall time), the suite's time limit ends a wait that never ends.
        while try await f.writes() < killAfterWrites, !Task.isCancelled, child.isRunning {
            try await Task.sleep(for: .milliseconds(2))
        }
        child.signal(SIGKILL)
        #expect(child.wait() == .signaled(SIGKILL))
        let stats = try await f.stats()
        let seen = (try? OfflineStore(directory: stateDirectory).pendingEntries(housekeeperDesk)) ?? []
        try #require(try await f.writes() >= killAfterWrites,
                     "\(stats) entries: \(seen.map { "\($0.id) a\($0.attempts) u\($0.outcomeUnknown) \(String(describing: $0.hold))" })")

        // The file is whole, and every entry left is a whole change of this plan.
        let check = try Database(path: stateDirectory.appendingPathComponent(OfflineStore.fileName).path)
        #expect(try check.query("PRAGMA integrity_check").compactMap { $0[0].string } == ["ok"])
        check.close()
        let restarted = try OfflineStore(directory: stateDirectory)
        let left = try restarted.pendingEntries(housekeeperDesk)
        for entry in left {
            let payload = try PayloadCoding.decode(RoomStatusChange.self, entry.payload)
            #expect(changes.contains(payload), "entry \(entry.id) is a change the child made")
        }

        // After the restart the rest is sent; each change reached the instance at most once.
        let generation = try restarted.beginGeneration(housekeeperDesk)
        let engine = DemoOutboxFixture.engine(store: restarted, sleeper: ManualSleeper(), unauthorized: Recorder<Partition>())
        var report = await engine.activate(partition: housekeeperDesk, generation: generation, client: f.client)
        // The killed child's last request may still be running at the instance (its answers are
        // delayed): the resend of that key then waits (409 idempotency.in_progress), as it should.
        // No bound of its own (#33: 20 s was one); the suite's time limit is the net.
        while report.stop == .inProgress, !Task.isCancelled {
            try await Task.sleep(for: .milliseconds(20))
            report = await engine.sendNow()
        }
        #expect(report.held.isEmpty, "no false conflict after the restart")
        #expect(try restarted.pendingEntries(housekeeperDesk).isEmpty)
        let after = try await f.rooms()
        var changed = 0
        for (room, change) in zip(before, changes) {
            let now = try #require(after[room.number])
            let delta = now.housekeepingVersion - room.housekeepingVersion
            #expect(delta == 0 || delta == 1, "room \(room.number) changed \(delta) times")
            if delta == 1 {
                changed += 1
                #expect(now.housekeepingStatus == change.status)
            }
        }
        #expect(try await f.writes() == changed, "every write applied belongs to one change, once")
        #expect(changed >= killAfterWrites)
    }
}
