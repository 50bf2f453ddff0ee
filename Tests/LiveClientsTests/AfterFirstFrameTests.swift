import AppCore
import ClientModel
import Dispatch
import Foundation
import GuestCraftAPI
@testable import LiveClients
import Locking
@testable import OfflineStore
import SQLiteDB
import Testing
import TestSupport

/// The start's work the first frame does not use waits for that frame (#18): the gate opens a
/// settle after the frame is written, or at its deadline when no frame comes; the whole saved
/// list behind a head that was handed out is decoded, and the generation's row written, only then.
///
/// Every gate here runs on a `ManualThreadClock` (#33): its settle and deadline pass when the test
/// moves the clock, and "not before the frame" is checked once the work's thread is blocked at
/// the gate, not after a sleep. The time limit is the only bound, a net for a test that fails.
@Suite(.timeLimit(.minutes(5))) struct AfterFirstFrameTests {
    /// A thread blocked in `wait()`, with whether it has come back and the clock's time then.
    private final class Waiter: Sendable {
        let done = Locked(false)
        let returned = Locked<ContinuousClock.Instant?>(nil)

        init(_ gate: AfterFirstFrame, _ clock: ManualThreadClock) {
            Thread.detachNewThread { [self] in
                gate.wait()
                returned.withLock { $0 = clock.now }
                done.withLock { $0 = true }
            }
        }

        var isDone: Bool { done.withLock { $0 } }

        func finished() async throws -> ContinuousClock.Instant {
            try await waitUntil { isDone }
            return try #require(returned.withLock { $0 })
        }
    }

    /// A read ahead of the fixture's saved rooms behind `gate`, once it has handed out the head
    /// (asked before it began, there is none to wait for).
    private func readAhead(_ f: LiveFixture, behind gate: AfterFirstFrame, waitAtMostMilliseconds: Int)
        async throws -> (SavedReadPrefetch, RoomsPreview) {
        let prefetch = SavedReadPrefetch(waitAtMostMilliseconds: waitAtMostMilliseconds)
        let choice = WorkChoice(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue,
                                workspace: f.context.workspace, property: f.context.property)
        let loaded = AppPreferences(lastInstanceKey: choice.instanceKey, lastPersonID: choice.personID, choices: [choice])
        prefetch.start(preferences: { loaded }, store: f.services.offline, afterHead: gate)
        var preview: RoomsPreview?
        while preview == nil {   // ended by the suite's time limit, should no head come
            preview = await prefetch.takePreview(f.work.unitsKey, partition: f.context.partition)
            if preview == nil { try await Task.sleep(for: .milliseconds(1)) }
        }
        return (prefetch, try #require(preview))
    }

    /// A fixture whose rooms were read and saved, the list as the store holds it, and a read ahead
    /// of it behind a gate of its own (opened by nothing but `frameWritten`).
    private func savedRoomsBehindAGate(waitAtMostMilliseconds: Int) async throws
        -> (f: LiveFixture, fromStore: (copy: SavedCopy<UnitList>, etag: ETag?), gate: AfterFirstFrame, prefetch: SavedReadPrefetch,
            head: RoomsPreview) {
        let f = try await LiveFixture()
        _ = try #require(await f.freshUnits())
        let fromStore = try #require(f.work.saved(f.work.unitsKey, as: UnitList.self))
        // An hour on a clock nobody moves: a take's own bound, in wall time, is its wait plus the
        // time until the gate opens.
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(3600), timing: .manual(clock))
        let (prefetch, head) = try await readAhead(f, behind: gate, waitAtMostMilliseconds: waitAtMostMilliseconds)
        // The read ahead, its head handed out, waits at the gate.
        try await waitUntil { clock.waiting == 1 }
        return (f, fromStore, gate, prefetch, head)
    }

    @Test func theGateOpensASettleAfterTheFirstFrameForEveryWait() async throws {
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .milliseconds(40), atMost: .seconds(60), timing: .manual(clock))
        let first = Waiter(gate, clock), second = Waiter(gate, clock)
        try await waitUntil { clock.waiting == 2 }
        #expect(!first.isDone && !second.isDone && !gate.isOpen, "nothing goes before the first frame")
        let written = clock.now
        gate.frameWritten()
        gate.frameWritten()
        // Both woken by the frame (their waits ended): each sleeps out the settle (or, wrongly, went).
        try await waitUntil {
            clock.waitsEnded == 2 && clock.waiting + [first, second].filter(\.isDone).count == 2
        }
        clock.advance(by: .milliseconds(39))
        #expect(clock.waiting == 2 && !first.isDone && !second.isDone && !gate.isOpen, "not before the settle's end")
        clock.advance(by: .milliseconds(1))
        #expect(try await first.finished() == written + .milliseconds(40))
        #expect(try await second.finished() == written + .milliseconds(40))
        #expect(gate.isOpen)
        // Open: a wait now goes at once, waiting for nothing.
        let begun = clock.waitsBegun
        gate.wait()
        #expect(clock.waitsBegun == begun)
    }

    /// A wait that may be released (the read ahead's, for a tab that asks for the whole list
    /// before any frame) goes at once when released, and like `wait()` when the frame comes first.
    @Test func aReleasedWaitGoesAtOnceAndAnUnreleasedOneWithTheFrame() async throws {
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .milliseconds(40), atMost: .seconds(60), timing: .manual(clock))
        let released = DispatchSemaphore(value: 0), kept = DispatchSemaphore(value: 0)
        let waits = Locked<[String: ContinuousClock.Instant]>([:])
        for (name, semaphore) in [("released", released), ("kept", kept)] {
            Thread.detachNewThread {
                gate.wait(orUntil: semaphore)
                waits.withLock { $0[name] = clock.now }
            }
        }
        try await waitUntil { clock.waiting == 2 }
        #expect(waits.withLock { $0.isEmpty }, "nothing goes before the frame or a release")
        let start = clock.now
        released.signal()
        try await waitUntil { waits.withLock({ $0["released"] }) != nil }
        #expect(waits.withLock { $0["released"] } == start, "at once: the clock did not move")
        #expect(clock.waiting == 1 && waits.withLock { $0["kept"] } == nil, "the other still waits")
        #expect(!gate.isOpen)
        let written = clock.now
        gate.frameWritten()
        // The kept one woken by the frame (both first waits ended) sleeps out the settle (or,
        // wrongly, went).
        try await waitUntil { clock.waitsEnded == 2 && (clock.waiting == 1 || waits.withLock { $0["kept"] } != nil) }
        #expect(waits.withLock { $0["kept"] } == nil, "not before the settle's end")
        clock.advance(by: .milliseconds(40))
        try await waitUntil { waits.withLock({ $0["kept"] }) != nil }
        #expect(try #require(waits.withLock { $0["kept"] }) == written + .milliseconds(40))
    }

    /// A tab that did not get the list's head (it asked before the read ahead had begun) and then
    /// asks for the whole list gets it without waiting for a first frame that waits for that very
    /// list (#18: until the gate's deadline, a first frame after 265 ms).
    @Test func theWholeListAskedForWithoutItsHeadIsNotHeldForTheFrame() async throws {
        let f = try await LiveFixture()
        _ = try #require(await f.freshUnits())
        let fromStore = try #require(f.work.saved(f.work.unitsKey, as: UnitList.self))
        // The gate's deadline an hour on a clock nobody moves: a take held until it would wait
        // until the suite's time limit.
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(3600), timing: .manual(clock))
        let prefetch = SavedReadPrefetch(waitAtMostMilliseconds: 60_000)
        let choice = WorkChoice(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue,
                                workspace: f.context.workspace, property: f.context.property)
        let loaded = AppPreferences(lastInstanceKey: choice.instanceKey, lastPersonID: choice.personID, choices: [choice])
        prefetch.start(preferences: { loaded }, store: f.services.offline, afterHead: gate)
        try await waitUntil { clock.waiting == 1 }  // the head read and offered, nobody taking it
        #expect(!prefetch.isSettled, "held for the frame while nobody asks")
        let taken = try #require(await prefetch.take(f.work.unitsKey, partition: f.context.partition, as: UnitList.self))
        #expect(taken?.copy == fromStore.copy)
        #expect(clock.waitsEnded == 1, "the read ahead's wait at the gate released by the ask")
        #expect(!gate.isOpen, "not held until the gate's deadline: no frame, the clock never moved")
    }

    @Test func withoutAFrameTheWorkGoesAtTheDeadline() async throws {
        let clock = ManualThreadClock()
        let made = clock.now
        let gate = AfterFirstFrame(settle: .seconds(60), atMost: .milliseconds(50), timing: .manual(clock))
        let waiter = Waiter(gate, clock)
        try await waitUntil { clock.waiting == 1 }
        clock.advance(by: .milliseconds(49))
        #expect(clock.waiting == 1 && !waiter.isDone && !gate.isOpen, "not before the deadline")
        clock.advance(by: .milliseconds(1))
        #expect(try await waiter.finished() == made + .milliseconds(50))
        #expect(gate.isOpen)
        // A frame after the deadline holds nothing back: the settle never goes past it.
        gate.frameWritten()
        let begun = clock.waitsBegun
        gate.wait()
        #expect(clock.waitsBegun == begun)
    }

    /// The read ahead hands the head out at once and decodes the whole list only once the first
    /// frame is on the terminal; the list's first read then gets it as before.
    @Test func theWholeListBehindAHeadIsDecodedAfterTheFirstFrame() async throws {
        let (f, fromStore, gate, prefetch, head) = try await savedRoomsBehindAGate(waitAtMostMilliseconds: 60_000)
        #expect(head.count == fromStore.copy.value.units.count)
        #expect(!prefetch.isSettled, "the whole list waits for the first frame")
        gate.frameWritten()
        let taken = try #require(await prefetch.take(f.work.unitsKey, partition: f.context.partition, as: UnitList.self))
        #expect(taken?.copy == fromStore.copy)
    }

    /// The generation's row (a write and three disk syncs) is written once the first frame is
    /// on the terminal; the store's reads meanwhile answer.
    @Test func theGenerationsRowWaitsForTheFirstFrame() async throws {
        let f = try await LiveFixture()
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(60), timing: .manual(clock))
        let offline = OfflineClient.live(f.services.offline, pins: f.services.pins, log: f.services.log,
                                         afterFirstFrame: gate)
        let id = offline.newGeneration()
        let begun = Locked(false)
        let begin = Task {
            let result = await offline.beginGeneration(f.context.partition, id)
            begun.withLock { $0 = true }
            return result
        }
        try await waitUntil { clock.waiting == 1 || begun.withLock { $0 } }  // at the gate (or, wrongly, past it)
        #expect(!begun.withLock { $0 })
        #expect(await f.housekeeping.savedUnits() == nil, "reads go on while the row waits")
        gate.frameWritten()
        guard case .success = await begin.value else {
            Issue.record("the generation's row was not written")
            return
        }
    }

    /// The start-up clean-up (a PIN file rewrite, a transaction) goes after the first frame too.
    @Test func theStartUpCleanUpWaitsForTheFirstFrame() async throws {
        let f = try await LiveFixture()
        let account = Account(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue)
        try f.services.pins.set("4821", for: account)
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(60), timing: .manual(clock))
        let offline = OfflineClient.live(f.services.offline, pins: f.services.pins, log: f.services.log,
                                         afterFirstFrame: gate)
        let cleanUp = Task { await offline.retainAccounts([]) }
        try await waitUntil { clock.waiting == 1 }
        #expect(LockClient.accounts(f.services.pins, log: f.services.log) == [account], "not before the frame")
        gate.frameWritten()
        await cleanUp.value
        #expect(LockClient.accounts(f.services.pins, log: f.services.log).isEmpty, "the account without a session kept no PIN")
    }

    /// The offline store's opening clean-up (here, the row of a generation whose process is gone)
    /// goes after the first frame too: the full screen opens the store to clean it up later.
    @Test func theStoresOpeningCleanUpWaitsForTheFirstFrame() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-cleanup-tests")
        let partition = Partition(instanceKey: "inst-1", personID: "p-anna", workspaceID: "ws-1")
        func generations() throws -> Int {
            let db = try Database(path: home.url.appendingPathComponent(OfflineStore.fileName).path,
                                  options: .init(readOnly: true))
            defer { db.close() }
            return try db.queryValue("SELECT count(*) FROM live_generations")?.int ?? -1
        }
        do {
            let store = try OfflineStore(directory: home.url)
            _ = try store.beginGeneration(partition)
            let db = try Database(path: store.databaseURL.path)
            try db.run("UPDATE live_generations SET owner_pid = 4194305")  // above any pid the kernel gives
            db.close()
        }
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(60), timing: .manual(clock))
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path], readAhead: true,
                                        afterFirstFrame: gate)
        try await waitUntil { clock.waiting == 1 }
        #expect(try generations() == 1, "not before the frame")
        gate.frameWritten()
        try await waitUntil { try generations() == 0 }
        #expect(try generations() == 0, "the dead process's row went once the frame was written")
        _ = services
    }

    /// The full screen's store opens its reading connection after the first frame (#18): the
    /// read ahead finds the newest list and hands its head out through the writing connection,
    /// and reads the whole list's body — through the reading connection, opened then — only
    /// once the frame is on the terminal.
    @Test func theReadingConnectionAndTheWholeListWaitForTheFirstFrame() async throws {
        let f = try await LiveFixture()
        _ = try #require(await f.freshUnits())
        let fromStore = try #require(f.work.saved(f.work.unitsKey, as: UnitList.self))
        let choice = WorkChoice(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue,
                                workspace: f.context.workspace, property: f.context.property)
        PreferencesFile(directory: f.home.url, log: f.services.log)
            .save(AppPreferences(lastInstanceKey: choice.instanceKey, lastPersonID: choice.personID, choices: [choice]))
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(60), timing: .manual(clock))
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": f.home.url.path], readAhead: true,
                                        afterFirstFrame: gate)
        var head: RoomsPreview?
        while head == nil {   // ended by the suite's time limit, should no head come
            head = await services.start.prefetch.takePreview(f.work.unitsKey, partition: f.context.partition)
            if head == nil { try await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(try #require(head).count == fromStore.copy.value.units.count)
        // The read ahead and the start's clean-up wait at the gate.
        try await waitUntil { clock.waiting == 2 }
        #expect(!services.offline.readerIsOpen, "not before the frame")
        #expect(!services.start.prefetch.isSettled, "the whole list waits for the first frame")
        gate.frameWritten()
        // The read ahead done before the list is asked for: a take that waited for it would give
        // up after the prefetch's 50 ms, which a loaded sanitizer run outlasts (CI, under TSan).
        try await waitUntil { services.start.prefetch.isSettled }
        let taken = try #require(await services.start.prefetch.take(f.work.unitsKey, partition: f.context.partition,
                                                              as: UnitList.self))
        #expect(taken?.copy == fromStore.copy)
        #expect(services.offline.readerIsOpen, "the whole list was read through the reading connection")
    }

    /// A read of the list whose decode waits for the first frame waits for that frame too, rather
    /// than give up after the usual bound and decode the list again beside the read ahead (under
    /// callgrind, where the bound passes at once, the tab decoded all 2,000 rooms a second time).
    @Test func aReadOfTheHeldListWaitsForTheFrameRatherThanReadItAgain() async throws {
        let (f, fromStore, gate, prefetch, _) = try await savedRoomsBehindAGate(waitAtMostMilliseconds: 20)
        let read = Task { await prefetch.take(f.work.unitsKey, partition: f.context.partition, as: UnitList.self) }
        try await Task.sleep(for: .milliseconds(150))
        #expect(prefetch.waiting == 1, "still waiting, well past its 20 ms")
        gate.frameWritten()
        let taken = try #require(await read.value)
        #expect(taken?.copy == fromStore.copy)
    }
}

extension AfterFirstFrame.Timing {
    /// The gate's time on `clock`, moved by the test.
    static func manual(_ clock: ManualThreadClock) -> Self {
        Self(now: { clock.now }, wait: { clock.wait($0, atMost: $1) }, sleep: { clock.sleep(for: $0) })
    }
}
