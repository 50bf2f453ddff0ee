import AppCore
import Testing

/// The sample shell at the two sizes every screen is checked at.
@Suite struct SampleShellSnapshotTests {
    static let header = Header(instance: "Grand Hotel Example", property: "Main House",
                               businessDate: "Tue 12 Mar", connection: .offline, toSend: 2, toReview: 1)

    @Test func firstScreen() {
        assertSnapshot(of: SampleShell.view(SampleShell.State(header: Self.header)), named: "sample-first")
    }

    @Test func focusFarDownScrollsTheList() {
        let state = SampleShell.State(header: Self.header, activeTab: .housekeeping, focus: 17, isRefreshing: true)
        assertSnapshot(of: SampleShell.view(state), named: "sample-scrolled")
    }

    @Test func helpOverlay() {
        var state = SampleShell.State(header: Self.header, activeTab: .tasks)
        state.help = HelpFeature.State(screenKeys: [KeyHint(key: "s", label: "Start or finish")])
        assertSnapshot(of: SampleShell.view(state), named: "sample-help")
    }
}
