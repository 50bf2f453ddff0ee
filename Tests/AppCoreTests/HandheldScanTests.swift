import AppCore
import ClientModel
import GuestCraftAPI
import Testing
import TestSupport

/// A scan is one thing everywhere (#31): with a room detail open, scanning `203⏎` showed the old
/// room and the next `c` marked it clean; on the detail itself a scan did nothing.
@MainActor
@Suite struct HandheldScanTests {
    typealias Feature = HousekeepingFeature
    let world = HousekeepingWorld()

    func detailOpen(on number: String) -> Feature.State {
        Feature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date,
                      focus: UnitID("unt_h" + number), freshness: .current, lastUpdated: "09:21",
                      detail: Feature.RoomDetail(unitID: UnitID("unt_h" + number), freshness: .current), hasLoaded: true)
    }

    /// On the detail of 102, a scan of 203 opens 203's detail in its place; a zero-padded tag
    /// (`0203`) is room 203.
    @Test func aScanOnADetailOpensTheScannedRoom() async {
        let store = TestStore(initialState: detailOpen(on: "102"), reducer: Feature(environment: world.environment))
        await store.send(.scanned("0203")) {
            $0.focus = "unt_h203"
            $0.detail = Feature.RoomDetail(unitID: "unt_h203")
        }
        await store.receive(.detailSavedLoaded("unt_h203", nil))
        await store.receive(.detailRead("unt_h203", .offline)) { $0.detail?.freshness = .offline(lastUpdated: nil) }
        await store.finish()
        assertSnapshot(of: HousekeepingView.view(store.state).framed(.housekeeping), named: "scan-replaces-detail")
    }

    /// No room 305: the detail of 102 stays, the screen says so, and the next `c` says this is
    /// still room 102 rather than marking it; `c` again does.
    @Test func aScanOfNoRoomOnADetailSaysSoAndTheNextKeyWaits() async {
        let store = TestStore(initialState: detailOpen(on: "102"), reducer: Feature(environment: world.environment))
        await store.send(.scanned("305")) {
            $0.notice = Notice(.info, "There is no room 305 at this property.")
            $0.awaitingRoom = true
        }
        assertSnapshot(of: HousekeepingView.view(store.state).framed(.housekeeping), named: "scan-no-room-on-detail")
        await store.send(.keyPressed(.character("c"))) {
            $0.awaitingRoom = false
            $0.notice = Notice(.info, "This is still room 102: the scan found no room. Press the key again to change room 102.")
        }
        #expect(world.calls.isEmpty, "nothing was sent")
        await store.send(.keyPressed(.character("c"))) {
            $0.notice = nil
            $0.inFlight = ["unt_h102"]
            $0.list.update("unt_h102") {
                $0.shown = .clean
                $0.mark = .sending
            }
        }
        await store.receive(.statusChangeFinished("unt_h102", .clean, .queued(waitsForDecision: false))) {
            $0.inFlight = []
            $0.pending.queued["unt_h102"] = .clean
            $0.list.update("unt_h102") { $0.mark = .queued }
        }
        await store.receive(.delegate(.outboxChanged))
        await store.finish()
        #expect(world.calls.map(\.unit) == ["unt_h102"])
    }

    /// From My tasks, with 102's detail open on Housekeeping: the scan of 203 shows 203.
    @Test func aScanFromAnotherTabReplacesTheDetailOpenOnHousekeeping() async {
        let app = FakeWorld()
        var env = app.environment
        env.tabs.housekeeping = HousekeepingTab.Clients(environment: { _ in self.world.environment })
        var state = AppState.working(activeTab: .tasks)
        let context = state.current?.context
        state.current?.tabs.started(context)
        state.current?.tabs.housekeeping.feature = detailOpen(on: "102")
        let store = Store(initialState: state, reducer: AppReducer(environment: env))
        store.send(.scanned("203"))
        #expect(store.state.current?.activeTab == .housekeeping)
        #expect(store.state.current?.tabs.housekeeping.feature.detail?.unitID == "unt_h203")
        #expect(store.state.current?.tabs.housekeeping.feature.focus == "unt_h203")
        store.effects.cancelAll()
    }
}
