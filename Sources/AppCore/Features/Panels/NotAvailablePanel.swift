import Catalog

/// The plain panel of a tab whose screen is not built yet: says so, shows no data.
/// The Housekeeping and My tasks slots show it until their features plug in (`WorkTabs`).
public struct NotAvailablePanel: Reducer {
    public struct State: Equatable, Sendable {
        public var tab: WorkTab

        public init(tab: WorkTab) { self.tab = tab }
    }

    public enum Action: Equatable, Sendable {
        /// What the app tells every tab; nothing to do here.
        case app(WorkTabEvent)
        case delegate(WorkTabDelegate)
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .none
    }

    /// The panel: the tab's title and one sentence.
    public static func content(_ state: State) -> TabContent {
        TabContent(rows: [.title(state.tab.title), .blank, .paragraph(Span(L("panel.not_available")))])
    }
}
