import AppCore
import Testing

@MainActor
@Suite struct SampleShellTests {
    let clock = ManualClock()

    func makeStore(_ state: SampleShell.State = SampleShell.State()) -> TestStore<SampleShell.State, SampleShell.Action> {
        TestStore(initialState: state, reducer: SampleShell(environment: .init(clock: clock.client)))
    }

    @Test func numberAndFunctionKeysSwitchTabsAndResetFocus() async {
        let store = makeStore(SampleShell.State(focus: 4))
        await store.send(.keyPressed(.character("3"))) {
            $0.activeTab = .housekeeping
            $0.focus = 0
        }
        await store.send(.keyPressed(.function(5))) { $0.activeTab = .account }
        await store.send(.keyPressed(.character("9")))
        await store.send(.tabClicked("search")) { $0.activeTab = .search }
        await store.finish()
    }

    @Test func arrowsAndVimKeysMoveWithinTheList() async {
        let store = makeStore(SampleShell.State(rowCount: 12))
        await store.send(.keyPressed(.up))
        await store.send(.keyPressed(.down)) { $0.focus = 1 }
        await store.send(.keyPressed(.character("j"))) { $0.focus = 2 }
        await store.send(.keyPressed(.character("k"))) { $0.focus = 1 }
        await store.send(.keyPressed(.pageDown)) { $0.focus = 11 }
        await store.send(.keyPressed(.pageDown))
        await store.send(.keyPressed(.home)) { $0.focus = 0 }
        await store.send(.keyPressed(.end)) { $0.focus = 11 }
        await store.send(.rowClicked(RowID("sample.4"))) { $0.focus = 4 }
        await store.finish()
    }

    @Test func helpOpensTakesTheKeysAndClosesThroughItsDelegate() async {
        let store = makeStore()
        let help = HelpFeature.State(screenKeys: SampleShell.view(SampleShell.State()).hints)
        await store.send(.keyPressed(.character("?"))) { $0.help = help }
        await store.send(.keyPressed(.down)) { $0.help?.focus = 1 }
        await store.send(.keyPressed(.character("3")))
        await store.send(.rowClicked(HelpFeature.rowID(5))) { $0.help?.focus = 5 }
        await store.send(.keyPressed(.escape))
        await store.receive(.help(.delegate(.close))) { $0.help = nil }
        await store.finish()
    }

    @Test func refreshRunsOnTheInjectedClock() async {
        let store = makeStore()
        await store.send(.keyPressed(.character("r"))) { $0.isRefreshing = true }
        await clock.advance(by: SampleShell.refreshDuration)
        await store.receive(.refreshFinished) {
            $0.isRefreshing = false
            $0.refreshCount = 1
        }
        await store.finish()
    }

    @Test func escapeCancelsARefreshAndNothingComesBack() async {
        let store = makeStore()
        await store.send(.keyPressed(.character("r"))) { $0.isRefreshing = true }
        await store.send(.keyPressed(.escape)) { $0.isRefreshing = false }
        await clock.advance(by: .seconds(5), settle: .zero)
        await store.finish()
    }

    @Test func aSecondRefreshReplacesTheFirst() async {
        let store = makeStore()
        await store.send(.keyPressed(.character("r"))) { $0.isRefreshing = true }
        await store.send(.keyPressed(.character("r")))
        await clock.advance(by: SampleShell.refreshDuration)
        await store.receive(.refreshFinished) {
            $0.isRefreshing = false
            $0.refreshCount = 1
        }
        await store.finish()
    }

    @Test func qAndF10Quit() async {
        let store = makeStore()
        await store.send(.keyPressed(.character("q"))) { $0.quitRequested = true }
        let other = makeStore()
        await other.send(.keyPressed(.function(10))) { $0.quitRequested = true }
    }

    @Test func terminalEventsBecomeActions() {
        #expect(SampleShell.action(for: .key(.enter)) == .keyPressed(.enter))
        #expect(SampleShell.action(for: .click(.tab("today"))) == .tabClicked("today"))
        #expect(SampleShell.action(for: .click(.row("sample.2"))) == .rowClicked("sample.2"))
        #expect(SampleShell.action(for: .paste("x")) == nil)
        #expect(SampleShell.action(for: .resize(width: 80, height: 24)) == nil)
    }
}
