import ClientModel
import Foundation
import GuestCraftAPI
import Locking
import Testing
@testable import AppCore

/// Open balances, the screen added as a plug-in (#32: its folder, one line in `WorkScreens.all`,
/// its catalog strings): who is due out owing money, read from Today's saved copy then fresh.
@MainActor
@Suite struct BalancesTests {
    let today = TodayWorld()

    var environment: BalancesEnvironment {
        BalancesEnvironment(today.environment)
    }

    static let overdue = TodayFixture.stay("0970", "Ada Byrne", room: "204", from: TodayFixture.date.adding(days: -4),
                                           nights: 2, status: .checkedIn, owes: 30_000)

    static var overview: TodayOverview {
        var overview = TodayFixture.overview
        overview.departures.insert(overdue, at: 0)
        return overview
    }

    @Test func theSavedCopyShowsThenTheFreshReadLargestFirstAndTheSettledLeaveTheList() async {
        today.saved.withLock { $0 = SavedCopy(value: TodayFixture.overview, savedAt: HotelFixture.freshAt) }
        today.answerReads(.fresh(Self.overview, at: HotelFixture.freshAt))
        let store = TestStore(initialState: BalancesFeature.State(), reducer: BalancesFeature(environment: environment))
        await store.send(.appeared) { $0.hasLoaded = true }
        let priya = TodayFixture.overview.departures[0]
        await store.receive(.savedLoaded(SavedCopy(value: TodayFixture.overview, savedAt: HotelFixture.freshAt))) {
            $0.savedAnswered = true
            $0.owing = [priya]
            $0.businessDate = TodayFixture.date
            $0.focus = priya.stayID
            $0.lastUpdated = "09:21"
            $0.freshness = .updating(lastUpdated: "09:21")
        }
        await store.receive(.read(.fresh(Self.overview, at: HotelFixture.freshAt))) {
            // Ada owes EUR 300.00, Priya EUR 125.50; Tom (checked out, settled) is not listed.
            $0.owing = [Self.overdue, priya]
            $0.freshness = .current
        }
        await store.finish()
        let text = Self.text(BalancesView.view(store.state))
        #expect(text.contains("EUR 425.50 owed"), "the total, per currency")
        #expect(text.contains("overdue since 2026-10-31"))
        #expect(!text.contains("Tom O'Brien"))
        // ↓ moves the focus; Enter opens Today, where the stay is checked out and paid.
        await store.send(.keyPressed(.down)) { $0.focus = priya.stayID }
        await store.send(.keyPressed(.enter))
        await store.receive(.delegate(.openTab(.today)))
    }

    @Test func offlineTheCopyStaysAndA401EndsTheSession() async {
        today.answerReads(.offline)
        let store = TestStore(initialState: BalancesFeature.State(owing: [], hasLoaded: true, savedAnswered: true),
                              reducer: BalancesFeature(environment: environment))
        await store.send(.refresh)
        await store.receive(.read(.offline)) { $0.freshness = .offline(lastUpdated: nil) }
        #expect(Self.text(BalancesView.view(store.state)).contains("Nobody due out owes anything."))
        today.answerReads(.sessionEnded)
        await store.send(.readOffline)
        await store.receive(.read(.sessionEnded))
        await store.receive(.delegate(.sessionEnded))
    }

    @Test func onlyTheRoleThatMayLetAGuestLeaveOwingSeesTheTab() {
        #expect(WorkTab.allCases.contains(.balances))
        #expect(WorkTab.balances.number == 6, "after Account, which keeps 5")
        #expect(WorkTab.opened(by: .function(6)) == .balances)
        #expect(!WorkTab.balances.isReadable(with: [.reservationsRead, .foliosRead]), "the front desk's")
        #expect(WorkTab.balances.isReadable(with: [.reservationsRead, .foliosApproveOpenBalance]), "the manager's")
        #expect(WorkTab.balances.capability == .folios)
    }

    static func text(_ screen: Screen) -> String {
        screen.rows.map { row in (row.spans + row.trailing).map(\.text).joined() }.joined(separator: "\n")
    }
}
