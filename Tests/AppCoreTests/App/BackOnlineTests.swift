import Foundation
import GuestCraftAPI
import ClientModel
import Locking
import Testing
import TestSupport
@testable import AppCore

/// Back online by itself (#30): while the instance cannot be reached the app probes it (a cheap
/// read, with a back-off on the app's clock), and once it answers every screen leaves "Offline";
/// the header and the body never disagree.
@MainActor
@Suite struct BackOnlineTests {
    let world = FakeWorld()
    let today = TodayWorld()
    let rooms = HousekeepingWorld()
    let clock = ManualClock()
    /// Whether the instance answers the probe, and when the probe asked.
    let reachable = Locked(false)
    let probed = Locked<[Date]>([])

    var environment: AppEnvironment {
        var env = world.recordingEnvironment
        env.clock = clock.client
        env.probe = .standard
        env.tabs.today = TodayTab.Clients(environment: { _ in self.today.environment })
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in self.rooms.environment })
        let (clock, reachable, probed) = (self.clock, self.reachable, self.probed)
        env.instances.check = { _ in
            probed.withLock { $0.append(clock.now) }
            return reachable.withLock { $0 } ? .success(Fixtures.connected()) : .failure(.unreachable(.couldNotConnect))
        }
        return env
    }

    /// The desk on Today, its lists read.
    func onToday(connection: ConnectionState = .online, freshness: Freshness = .current) -> AppState {
        var state = AppState.working(activeTab: .today, connection: connection)
        let context = state.current?.context
        state.current?.tabs.started(context)
        var feature = TodayFeature.State(overview: TodayFixture.overview, freshness: freshness, lastUpdated: "09:00",
                                         hasLoaded: true)
        feature.savedAnswered = true
        state.current?.tabs.today.feature = feature
        return state
    }

    /// Receives `count` actions, each applied as the app applies it (what is checked here is
    /// which reads run and what the screen says after them).
    func receive(_ count: Int, _ store: TestStore<AppState, AppAction>, _ reducer: AppReducer) async -> [AppAction] {
        var actions: [AppAction] = []
        for _ in 0..<count {
            if let action = await store.receiveAny(assert: { action, state in _ = reducer.reduce(into: &state, action: action) }) {
                actions.append(action)
            }
        }
        return actions
    }

    func send(_ action: AppAction, _ store: TestStore<AppState, AppAction>, _ reducer: AppReducer) async {
        await store.send(action) { _ = reducer.reduce(into: &$0, action: action) }
    }

    func text(_ state: AppState, width: Int = 80, height: Int = 24) -> String {
        TextGrid.snapshot(ScreenLayout.layout(AppView.view(state), width: width, height: height).grid)
    }

    func header(_ state: AppState) -> String { text(state).split(separator: "\n").first.map(String.init) ?? "" }

    /// Everything under the header.
    func body(_ state: AppState) -> String { text(state).split(separator: "\n").dropFirst().joined(separator: "\n") }

    @Test func theHeaderGoingOnlineReadsAgainABodyThatStillSaysOffline() async {
        // Today's last read got no answer, yet the header says Online: an answer of another read
        // (the reservation's, an outbox round) came after it.
        let reducer = AppReducer(environment: environment)
        let store = TestStore(initialState: onToday(freshness: .offline(lastUpdated: "09:00")), reducer: reducer)
        #expect(header(store.state).contains("Online"))
        #expect(body(store.state).contains("Offline · last updated 09:00"))
        today.answerReads(.fresh(TodayFixture.overview, at: HotelFixture.freshAt))
        await send(.tabs(.delegate(.connection(.online))), store, reducer)
        _ = await receive(3, store, reducer)   // Today's read, its connection and its business date
        #expect(today.calls.all == ["fetch"], "the body that said Offline read again")
        #expect(store.state.current?.tabs.today.feature.freshness == .current)
        #expect(header(store.state).contains("Online"))
        #expect(!text(store.state).contains("Offline"), "the header and the body agree")
        assertSnapshot(of: AppView.view(store.state), named: "today_back_online")
        await store.finish()
    }

    @Test func anAnswerReadsOnlyTheScreensThatSayOfflineAndNothingWhenNoneDoes() async {
        // Housekeeping (not on screen) says Offline, Today does not: only the rooms read again.
        var state = onToday()
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date, focus: "unt_h101",
            freshness: .offline(lastUpdated: "09:00"), lastUpdated: "09:00", hasLoaded: true)
        let reducer = AppReducer(environment: environment)
        let store = TestStore(initialState: state, reducer: reducer)
        rooms.answerReads(.fresh(HotelFixture.unitList, at: HotelFixture.freshAt))
        await send(.tabs(.delegate(.connection(.online))), store, reducer)
        _ = await receive(2, store, reducer)   // the rooms' read, its connection
        #expect(rooms.readCount.withLock { $0 } == 1)
        #expect(store.state.current?.tabs.housekeeping.feature.freshness == .current)
        #expect(today.calls.all.isEmpty, "Today said nothing of Offline: not read again")

        // Another answer: nothing says Offline any more, nothing is read.
        await send(.tabs(.delegate(.connection(.online))), store, reducer)
        await store.finish()
        #expect(rooms.readCount.withLock { $0 } == 1)
        #expect(today.calls.all.isEmpty)
    }

    @Test func anOfflineScreenProbesTheInstanceAndIsOnlineWithin15sOfItsAnswer() async {
        let reducer = AppReducer(environment: environment)
        let store = TestStore(initialState: onToday(), reducer: reducer)
        // `r`: the instance does not answer; Today and the header say Offline.
        today.answerReads(.offline)
        await send(.keyPressed(.character("r")), store, reducer)
        _ = await receive(2, store, reducer)
        #expect(store.state.current?.connection == .offline)
        #expect(header(store.state).contains("Offline"))
        #expect(body(store.state).contains("Offline · last updated 09:00"))
        let lost = clock.now

        // The app probes: after 2 s, then 4, then every 8 s (no sooner, no key).
        await clock.advance(by: .seconds(1))
        #expect(probed.withLock { $0 }.isEmpty, "not at once: the read just failed")
        for wait in [1, 4, 8, 8] {
            await clock.advance(by: .seconds(wait))
            _ = await receive(1, store, reducer)   // the probe's answer: still nothing
        }
        #expect(probed.withLock { $0 }.map { Int($0.timeIntervalSince(lost)) } == [2, 6, 14, 22])
        #expect(today.calls.all == ["fetch"], "the probe is not Today's read")
        #expect(store.state.current?.connection == .offline)

        // The instance answers again just after a probe found nothing: within 15 s of it, with no
        // key, the header and Today are Online.
        reachable.withLock { $0 = true }
        today.answerReads(.fresh(TodayFixture.overview, at: HotelFixture.freshAt))
        await clock.advance(by: .seconds(15))
        _ = await receive(4, store, reducer)   // the probe's answer, Today's read, its connection and date
        #expect(probed.withLock { $0 }.count == 5)
        #expect(store.state.current?.connection == .online)
        #expect(store.state.current?.tabs.today.feature.freshness == .current)
        #expect(!text(store.state).contains("Offline"))
        #expect(!text(store.state, width: 40, height: 12).contains("Offline"))
        #expect(world.calls.all.contains("outbox.sendNow"), "the outbox hears it too")

        // Online, the probe stops: every effect ends (none sleeps), and a minute probes nothing.
        await store.finish()
        #expect(clock.sleeperCount == 0)
        clock.advance(60)
        #expect(probed.withLock { $0 }.count == 5)
    }

    @Test func aRoundOfTheOutboxThatSaysNothingProbesAtOnce() async {
        // A network change (or any round with nothing to send) while offline: the probe does not
        // wait for its back-off.
        let reducer = AppReducer(environment: environment)
        var env = environment
        env.offline.counts = { _ in .zero }
        let store = TestStore(initialState: onToday(connection: .offline, freshness: .offline(lastUpdated: "09:00")),
                              reducer: AppReducer(environment: env))
        await send(.tabs(.delegate(.connection(.offline))), store, reducer)
        #expect(store.state.current?.connection == .offline)
        reachable.withLock { $0 = true }
        today.answerReads(.fresh(TodayFixture.overview, at: HotelFixture.freshAt))
        let round = AppAction.outboxNews(.roundFinished(partition: Fixtures.partition(), sent: [], held: [],
                                                        reachedInstance: nil))
        await send(round, store, reducer)
        _ = await receive(5, store, reducer)   // the counts, the probe's answer, Today's read, its connection and date
        #expect(probed.withLock { $0 } == [clock.now], "probed with no wait")
        #expect(store.state.current?.connection == .online)
        #expect(!text(store.state).contains("Offline"))
        await store.finish()
    }

    @Test func lockedNothingProbes() async {
        let reducer = AppReducer(environment: environment)
        var state = onToday(connection: .online)
        let account = state.current?.offlineAccount
        state.current?.lock = account.map { LockFeature.State(account: $0, now: clock.now) }
        let store = TestStore(initialState: state, reducer: reducer)
        await send(.tabs(.delegate(.connection(.offline))), store, reducer)
        await store.finish()   // every effect ended: no probe waits
        #expect(clock.sleeperCount == 0)
        clock.advance(60)
        #expect(probed.withLock { $0 }.isEmpty)
    }
}
