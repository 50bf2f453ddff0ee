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
/// and enabled by an environment variable) against the demo instance the parent runs. Either
/// each change is submitted (saved, then sent) one at a time, or all are saved together and one
/// round sends them in its window (#34): the kill lands with several requests in flight.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SendCrashTests {
    static let childVariable = "GUESTCRAFT_TEST_SEND_CHILD"

    /// What the parent tells the child: where the state is and which instance to send to.
    struct ChildPlan: Codable {
        var stateDirectory: String
        var origin: String
        var token: String
        /// The rooms to change, in order, with the version read and the status to set.
        var changes: [RoomStatusChange]
        /// How many go at once.
        var window: Int
        /// All saved in one transaction, then sent in one round (else one submit each).
        var together: Bool
    }

    static var plan: ChildPlan? { CrashChild.plan(childVariable, as: ChildPlan.self) }

    /// The child: submits each change through the engine (saved, then sent at once) until killed.
    @Test(.enabled(if: SendCrashTests.plan != nil))
    func sendChildSubmitsUntilKilled() async throws {
        let plan = try #require(Self.plan)
        let engine = try await CrashChild.engine(stateDirectory: plan.stateDirectory, origin: plan.origin, token: plan.token,
                                                 window: plan.window, wholeWindow: plan.together)
        let parent = getppid()
        if plan.together {
            _ = try await engine.submit(together: try plan.changes.map { try OutboxChange(RoomStatusOperation(), $0) })
            // A lost answer stops a round; the next goes at once (the retry's sleep never ends here).
            while getppid() == parent, try await !engine.entries().isEmpty { await engine.sendNow() }
        }
        for change in plan.changes where getppid() == parent && !plan.together {
            _ = try await engine.submit(RoomStatusOperation(), change)
        }
        // Every change is made: wait to be killed.
        try await CrashChild.waitToBeKilled(parent: parent)
    }

    @Test(.enabled(if: SendCrashTests.plan == nil), arguments: [1, 3, 5], [1, OutboxEngine<InstanceClient>.defaultWindow])
    func killDashNineWhileSubmittingAndSendingLosesNothingAndAppliesNothingTwice(killAfterWrites: Int, window: Int) async throws {
        try await crashAndRestart(killAfterWrites: killAfterWrites, window: window, together: false, rooms: 40, delayMS: 15)
    }

    /// All Harbour View's settable rooms saved at once and sent in one round: killed with the window's
    /// requests in flight (every room at once, as before an https origin's first answer: six
    /// connections, the rest queued in libcurl), some applied and unanswered; after
    /// the restart each is applied once (its key covers the resend).
    @Test(.enabled(if: SendCrashTests.plan == nil), arguments: [1, 3, 5])
    func killDashNineMidWindowLosesNothingAndAppliesNothingTwice(killAfterWrites: Int) async throws {
        try await crashAndRestart(killAfterWrites: killAfterWrites, window: OutboxEngine<InstanceClient>.defaultWindow,
                                  together: true, rooms: 40, delayMS: 40)
    }

    func crashAndRestart(killAfterWrites: Int, window: Int, together: Bool, rooms: Int, delayMS: Int) async throws {
        let f = try DemoOutboxFixture(rooms: rooms)
        let before = try await f.settableRooms()
        try #require(before.count > killAfterWrites + 1)
        let changes = before.map { f.change($0, to: DemoOutboxFixture.other(than: $0.housekeepingStatus)) }
        // Slow answers, and some lost, so the kill lands inside sends and between save and send.
        try await f.arm(.dropAfterApply, count: 1)
        try await f.arm(.delay, count: 1000, delayMS: delayMS)
        let stateDirectory = f.dir.url.appendingPathComponent("state")

        let plan = ChildPlan(stateDirectory: stateDirectory.path, origin: f.demo.origin,
                             token: try f.demo.deviceToken(for: .housekeeper), changes: Array(changes),
                             window: window, together: together)
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
        if together && window >= changes.count {
            // Every change was on its way at once, so the kill landed mid-window.
            #expect(left.allSatisfy { $0.attempts > 0 }, "\(left.map { "\($0.id) a\($0.attempts)" })")
        }
        for entry in left {
            let payload = try PayloadCoding.decode(RoomStatusChange.self, entry.payload)
            #expect(changes.contains(payload), "entry \(entry.id) is a change the child made")
        }

        // After the restart the rest is sent; each change reached the instance at most once.
        let generation = try restarted.beginGeneration(housekeeperDesk)
        let engine = DemoOutboxFixture.engine(store: restarted, sleeper: ManualSleeper(), unauthorized: Recorder<Partition>(),
                                              window: window)
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
