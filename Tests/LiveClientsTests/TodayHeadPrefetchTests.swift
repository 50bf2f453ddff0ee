import AppCore
import ClientModel
import Foundation
import GuestCraftAPI
@testable import LiveClients
import OfflineStore
import Testing
import TestSupport

/// The desk's Today read ahead (#34), on a real SQLite file: a Today saved fresh carries its head
/// (each list's count and the first stays a frame shows), read from the body's first bytes; the
/// read ahead hands it to the Today tab through `LiveWork` while the whole copy waits for the
/// first frame, then hands the whole copy — the store's own — to the tab's saved read.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TodayHeadPrefetchTests {
    /// The front desk at Garden Court, large enough that Today's lists are longer than the head.
    private func desk() async throws -> LiveFixture {
        try await LiveFixture(member: .frontdesk, property: "prp_garden") { $0.rooms = 300 }
    }

    private func freshToday(_ f: LiveFixture) async throws -> TodayOverview {
        let result = await f.work.today.fetchToday()
        guard case .fresh(let overview, _) = result else {
            Issue.record("expected a fresh Today, got \(result)")
            throw CancellationError()
        }
        return overview
    }

    @Test func aTodaySavedFreshCarriesItsHead() async throws {
        let f = try await desk()
        let fresh = try await freshToday(f)
        let counts = TodayCounts(fresh)
        #expect(counts.arrivals + counts.departures + counts.inHouse + counts.overdue > LiveWork.previewStays,
                "the lists are longer than the head")
        let fromStore = try #require(f.work.saved(f.work.todayKey, as: TodayOverview.self))
        let head = try #require(SavedReadPrefetch.todayPreview(f.work.todayKey, partition: f.context.partition,
                                                              store: f.services.offline, now: Date()))
        #expect(head.counts == counts)
        #expect(head.first.value == TodayFeature.head(of: fresh, lines: LiveWork.previewStays))
        #expect(head.first.savedAt == fromStore.copy.savedAt)
        #expect(fromStore.copy.value == fresh, "the whole copy is read past its head")
    }

    /// Search's room-number read and the reservation screens' room check read Today too: what
    /// they save carries the head as well, or the next start would draw its first frame late.
    @Test func everyReadOfTodaySavesItsHead() async throws {
        let f = try await desk()
        let fresh = try #require(await f.work.search.today())
        let head = try #require(SavedReadPrefetch.todayPreview(f.work.todayKey, partition: f.context.partition,
                                                              store: f.services.offline, now: Date()))
        #expect(head.counts == TodayCounts(fresh))
    }

    @Test func theReadAheadHandsTheHeadThenTheWholeCopyThroughLiveWork() async throws {
        let f = try await desk()
        let fresh = try await freshToday(f)
        let fromStore = try #require(f.work.saved(f.work.todayKey, as: TodayOverview.self))
        let clock = ManualThreadClock()
        let gate = AfterFirstFrame(settle: .zero, atMost: .seconds(3600), timing: .manual(clock))
        let choice = WorkChoice(instanceKey: f.context.instance.key, personID: f.context.session.user.id.rawValue,
                                workspace: f.context.workspace, property: f.context.property)
        let loaded = AppPreferences(lastInstanceKey: choice.instanceKey, lastPersonID: choice.personID, choices: [choice])
        let prefetch = f.services.start.prefetch
        prefetch.start(preferences: { loaded }, store: f.services.offline, afterHead: gate)
        let today = f.work.today
        var preview: TodayPreview?
        while preview == nil {   // ended by the suite's time limit, should no head come
            preview = await today.savedTodayPreview()
            if preview == nil { try await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(preview?.counts == TodayCounts(fresh))
        #expect(preview?.first.value == TodayFeature.head(of: fresh, lines: LiveWork.previewStays))
        // The whole copy waits for the first frame: the read ahead is at the gate.
        try await waitUntil { clock.waiting == 1 }
        #expect(!prefetch.isSettled)
        #expect(await f.work.housekeeping.savedUnitsPreview() == nil, "a room list's head is not Today's")
        gate.frameWritten()
        #expect(await today.savedToday() == fromStore.copy)
        #expect(await today.savedTodayPreview() == nil, "once the whole copy is read, no head")
    }
}
