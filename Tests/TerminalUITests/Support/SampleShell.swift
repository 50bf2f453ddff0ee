import AppCore

/// A test fixture: a small feature that drives the terminal loop end to end (tabs, focus and
/// scrolling, a cancellable effect on an injected clock, the help overlay, quitting). Its
/// strings are the fixture's own, not the app's catalog.
struct SampleShell: Reducer {
    struct State: Equatable, Sendable {
        var header: Header?
        var activeTab: WorkTab
        /// Focused sample row, 0-based.
        var focus: Int
        /// How many sample rows the panel lists (enough to scroll at 40 × 12).
        var rowCount: Int
        /// Lines of text under the rows, which no focus reaches (a reservation's notes).
        var footerLines: Int
        /// Keys the shell was given (to see which the loop held back).
        var keys: [Key] = []
        /// Scans the loop recognised.
        var scans: [String] = []
        /// Pastes the loop handed on.
        var pastes: [String] = []
        var help: HelpFeature.State?
        var isRefreshing: Bool
        var refreshCount: Int
        var quitRequested: Bool

        init(header: Header? = nil, activeTab: WorkTab = .today, focus: Int = 0, rowCount: Int = 20, footerLines: Int = 0,
                    help: HelpFeature.State? = nil, isRefreshing: Bool = false, refreshCount: Int = 0,
                    quitRequested: Bool = false) {
            self.header = header
            self.activeTab = activeTab
            self.focus = focus
            self.rowCount = rowCount
            self.footerLines = footerLines
            self.help = help
            self.isRefreshing = isRefreshing
            self.refreshCount = refreshCount
            self.quitRequested = quitRequested
        }
    }

    enum Action: Equatable, Sendable {
        case keyPressed(Key)
        case scanned(String)
        case pasted(String)
        case tabClicked(String)
        case rowClicked(RowID)
        case refreshFinished
        case help(HelpFeature.Action)
    }

    /// What the shell needs from outside: only the clock.
    struct Environment: Sendable {
        var clock: ClockClient

        init(clock: ClockClient) {
            self.clock = clock
        }
    }

    static let refreshID: EffectID = "sample.refresh"
    /// How long the sample refresh takes on the injected clock.
    static let refreshDuration: Duration = .seconds(1)

    let environment: Environment

    init(environment: Environment) {
        self.environment = environment
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .keyPressed(let key) where state.help != nil:
            return helpScope.reduce(into: &state, action: .help(.keyPressed(key)))
        case .keyPressed(let key):
            state.keys.append(key)
            return keyPressed(key, state: &state)
        case .scanned(let text):
            state.scans.append(text)
            return .none
        case .pasted(let text):
            state.pastes.append(text)
            return .none
        case .tabClicked(let id):
            if let tab = WorkTab(rawValue: id) { select(tab, state: &state) }
            return .none
        case .rowClicked(let id):
            if let index = HelpFeature.index(of: id) {
                return helpScope.reduce(into: &state, action: .help(.rowClicked(index)))
            }
            if let index = Self.index(of: id) { state.focus = index }
            return .none
        case .refreshFinished:
            state.isRefreshing = false
            state.refreshCount += 1
            return .none
        case .help(.delegate(.close)):
            state.help = nil
            return .none
        case .help:
            return helpScope.reduce(into: &state, action: action)
        }
    }

    private var helpScope: OptionalScope<State, Action, HelpFeature> {
        OptionalScope(state: \.help, action: Action.help,
                      extract: { if case .help(let a) = $0 { a } else { nil } }, child: HelpFeature())
    }

    private func keyPressed(_ key: Key, state: inout State) -> Effect<Action> {
        if let tab = WorkTab.opened(by: key) {
            select(tab, state: &state)
            return .none
        }
        let last = max(0, state.rowCount - 1)
        switch key {
        case .up, .character("k"): state.focus = max(0, state.focus - 1)
        case .down, .character("j"): state.focus = min(last, state.focus + 1)
        case .pageUp: state.focus = max(0, state.focus - 10)
        case .pageDown: state.focus = min(last, state.focus + 10)
        case .home: state.focus = 0
        case .end: state.focus = last
        case .character("?"):
            state.help = HelpFeature.State(screenKeys: Self.hints)
        case .character("r"):
            state.isRefreshing = true
            let clock = environment.clock
            return .run(id: Self.refreshID, cancelInFlight: true) { send in
                try await clock.sleep(Self.refreshDuration)
                send(.refreshFinished)
            }
        case .escape where state.isRefreshing:
            state.isRefreshing = false
            return .cancel(id: Self.refreshID)
        case .character("q"), .function(10):
            state.quitRequested = true
        default:
            break
        }
        return .none
    }

    private func select(_ tab: WorkTab, state: inout State) {
        guard tab != state.activeTab else { return }
        state.activeTab = tab
        state.focus = 0
    }

    // MARK: - View

    static var hints: [KeyHint] {
        [GlobalKeys.help, KeyHint(key: "r", label: "Refresh"), GlobalKeys.quit]
    }

    static func rowID(_ index: Int) -> RowID { RowID("sample.\(index)") }

    static func index(of id: RowID) -> Int? {
        guard id.rawValue.hasPrefix("sample.") else { return nil }
        return Int(id.rawValue.dropFirst(7))
    }

    /// The shell's screen.
    static func view(_ state: State) -> Screen {
        var rows: [Row] = [
            .title(state.activeTab.title),
            .paragraph(Span("This screen is not available yet.")),
            .blank,
        ]
        rows += (0..<state.rowCount).map { index in
            .line(Span("Sample row \(index + 1)"), id: rowID(index),
                  trailing: [Span("not available", style: .muted)])
        }
        rows += (0..<state.footerLines).map { .line(Span("Footer line \($0 + 1)")) }
        var notices: [Notice] = []
        if state.isRefreshing { notices.append(Notice(.info, "Refreshing…")) }
        return Screen(
            id: "sample." + state.activeTab.rawValue,
            header: state.header,
            tabs: WorkTab.allCases.map { $0.tab(active: state.activeTab) },
            rows: rows,
            focus: rowID(state.focus),
            notices: notices,
            hints: hints,
            overlay: state.help.map(HelpFeature.overlay)
        )
    }

    /// The action for something the person did at the terminal, if any.
    static func action(for event: InputEvent) -> Action? {
        switch event {
        case .key(let key): .keyPressed(key)
        case .click(.tab(let id)): .tabClicked(id)
        case .click(.row(let id)): .rowClicked(id)
        case .scan(let text): .scanned(text)
        case .paste(let text): .pasted(text)
        case .resize: nil
        }
    }
}
