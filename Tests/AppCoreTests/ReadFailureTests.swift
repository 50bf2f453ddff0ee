import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import Testing

/// #35: behind a proxy, in use, the header said "Online" while the line below said "Offline":
/// a read that got an answer other than the read (a refusal, a proxy's page) now says "Not
/// updated", and a proxy's 502/503/504 says the instance behind it is not answering.
@MainActor
@Suite struct ReadFailureTests {
    typealias Feature = HousekeepingFeature

    @Test func aFailedReadOverTheSavedCopyIsNotUpdatedNotOffline() async {
        let world = HousekeepingWorld()
        world.answerReads(.failed(problemCode: ErrorText.gatewayPrefix + "502"))
        var state = Feature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date,
                                  focus: "unt_h101", freshness: .current, lastUpdated: "09:21", hasLoaded: true)
        state.savedAnswered = true
        let store = TestStore(initialState: state, reducer: Feature(environment: world.environment))
        await store.send(.refresh) { $0.freshness = .updating(lastUpdated: "09:21") }
        await store.receive(.unitsRead(.failed(problemCode: "gateway.502"), .none)) {
            $0.freshness = .notUpdated(lastUpdated: "09:21")
            $0.notice = Notice(.error, L("errors.read.gateway", ["status": "502"]))
        }
        await store.finish()
        let text = TextGrid.lines(ScreenLayout.layout(HousekeepingView.view(store.state), width: 80, height: 24,
                                                      viewport: Viewport()).grid).joined(separator: "\n")
        #expect(text.contains("Not updated · last updated 09:21"), "\(text)")
        #expect(!text.contains("Offline"))
        #expect(text.contains("the instance behind it\nis not answering"))
        #expect(ReadResult<UnitList>.failed(problemCode: "gateway.502").connection == nil,
                "the header keeps what the connection is: something answered")
    }

    @Test func theGatewaySentenceAtConnectNamesTheStatus() {
        #expect(ErrorText.connect(.gatewayNotAnswering(status: 504)).contains("(504)"))
        #expect(ErrorText.connect(.gatewayNotAnswering(status: 504)) != ErrorText.connect(.notGuestCraft("x")))
    }
}
