import Foundation
import GuestCraftAPI
import ClientModel
import Testing
import TestSupport
@testable import AppCore

/// A shared handheld (#31): switching person says how many of the leaving person's changes wait
/// and that they keep being sent for them, before (Account's list) and after (a notice).
@MainActor
@Suite struct SwitchWaitingTests {
    func counted(_ state: AppState) -> AppState {
        var state = state
        state.current?.account.accountCounts = AccountsTests.countsByID
        state.current?.account.accounts = AccountsTests.counted([AccountsTests.fatimaRow, AccountsTests.hanaRow])
        return state
    }

    func text(_ state: AppState) -> String {
        AppView.view(state).rows.map { ($0.spans + $0.trailing).map(\.text).joined() }.joined(separator: "\n")
    }

    @Test func accountSaysWhatWaitsForEachPersonAndThatSwitchingKeepsSendingIt() {
        let state = counted(AccountsTests().twoAccounts())
        let shown = text(state)
        #expect(shown.contains("Switching keeps your 2 changes: they keep being sent in the background."), "\(shown)")
        #expect(shown.contains("Hana Kowalski has 1 change waiting; it keeps being sent in the background."), "\(shown)")
        // Nothing to say for an account with nothing to send.
        var none = state
        none.current?.account.accounts[0].counts = .zero
        none.current?.account.accounts[1].counts = OutboxCounts(toSend: 0, toReview: 1, outcomeUnknown: 0)
        #expect(!text(none).contains("keep"), "\(text(none))")
    }

    @Test func afterSwitchingTheNextPersonIsToldTheLeavingPersonsChangesKeepBeingSent() {
        let clock = ManualClock()
        let tests = AccountsTests()
        var state = counted(tests.twoAccounts())
        state.pins = []
        let store = Store(initialState: state, reducer: AppReducer(environment: tests.environment(FakeWorld(), clock: clock)))
        defer { store.effects.cancelAll() }
        store.send(.keyPressed(.character("a")))
        #expect(store.state.current?.session == AccountsTests.hana)
        #expect(store.state.current?.notices.contains(
            Notice(.info, "Fatima Okafor has 2 changes waiting; they keep being sent in the background.")) == true,
                "\(String(describing: store.state.current?.notices))")
        // One change: the singular.
        store.send(.accountsCounted(AccountsTests.hana.sessionID,
                                    ["dvs_hana": OutboxCounts(toSend: 1, toReview: 0, outcomeUnknown: 0)]))
        store.send(.keyPressed(.character("a")))
        #expect(store.state.current?.session == AccountsTests.fatima)
        #expect(store.state.current?.notices.contains(
            Notice(.info, "Hana Kowalski has 1 change waiting; it keeps being sent in the background.")) == true,
                "\(String(describing: store.state.current?.notices))")
    }

    @Test func fromALockedDeskNothingOfTheColleaguesChangesIsSaid() {
        let clock = ManualClock()
        let tests = AccountsTests()
        var state = counted(tests.twoAccounts())
        state.pins = [AccountsTests.account(AccountsTests.fatima)]
        state.current?.lock = LockFeature.State(account: AccountsTests.account(AccountsTests.fatima), now: clock.now)
        let store = Store(initialState: state, reducer: AppReducer(environment: tests.environment(FakeWorld(), clock: clock)))
        defer { store.effects.cancelAll() }
        store.send(.keyPressed(.character("a")))
        #expect(store.state.current?.session == AccountsTests.hana)
        #expect(store.state.current?.notices.contains { $0.text.contains("Fatima") } == false)
    }

    /// Account before the switch: Hana's row and what waits for each person (40x12 and 80x24).
    @Test func accountWithAnotherAccountsChangesWaitingSnapshot() {
        var state = counted(AccountsTests().twoAccounts())
        state.current?.account.focus = .account(AccountsTests.hana.sessionID)
        assertSnapshot(of: AppView.view(state), named: "app-account-others-waiting")
    }

    /// After the switch: the next person is told what of the leaving person's keeps being sent.
    @Test func afterTheSwitchSnapshot() {
        let tests = AccountsTests()
        var state = counted(tests.twoAccounts())
        state.pins = []
        let store = Store(initialState: state,
                          reducer: AppReducer(environment: tests.environment(FakeWorld(), clock: ManualClock())))
        defer { store.effects.cancelAll() }
        store.send(.keyPressed(.character("a")))
        assertSnapshot(of: AppView.view(store.state), named: "app-account-switched-waiting")
    }
}
