import GuestCraftAPI

// The work tabs: where the Housekeeping and My tasks features plug into the app.
//
// How a tab feature plugs in (a slot below; docs/architecture.md "How to add a work screen"):
// 1. Its `Action` has a case `app(WorkTabEvent)` for what the app tells it and a case
//    `delegate(WorkTabDelegate)` for what it tells the app.
// 2. `State` holds its state in the slot; `Action` wraps its actions in the slot's case;
//    `Environment` holds its clients (built live in `Sources/guestcraft/Live`).
// 3. `content(_:tab:)` draws it, `isEditingText(_:tab:)` says when it takes printable keys
//    (a filter, a reason), so `q`, `?` and `1`–`5` reach the field instead of the app.
// The app starts every tab with `.started(context)` when a property is chosen, and `.stopped`
// before the context ends (sign-out, another property, workspace or instance, a 401).

/// What the app tells the work tabs.
public enum WorkTabEvent: Equatable, Sendable {
    /// A context began (a session, workspace and property, with a live generation): show the
    /// saved copies and read fresh ones.
    case started(WorkContext)
    /// The context ends: cancel every effect; nothing of it may change the screen any more.
    case stopped
    /// The person opened this tab.
    case opened(WorkTab)
    /// A key for the tab on screen (printable keys too while it edits text).
    case keyPressed(WorkTab, Key)
    /// A bracketed paste or a scan for the tab on screen.
    case pasted(WorkTab, String)
    /// A click on one of the tab's rows.
    case rowClicked(WorkTab, RowID)
    /// An outbox round ended (entries sent or held): read again what it changed.
    case outboxRoundFinished(sent: [Int64], held: [Int64])
    /// Open this task's detail (a task chosen on a room's detail).
    case openTask(TaskID)
    /// Open the reservation with this code (`guestcraft open reservation/HV-1001`), on Today.
    case openReservation(String)
    /// A scanned room tag (`ScanAssembler`): that room's detail opens on Housekeeping, replacing
    /// whatever detail is open.
    case scanned(String)
    /// The outbox's counts of the context, read once by the app after each round.
    case outboxCounted(OutboxBadge)
    /// A change left the outbox without being sent (discarded in Review): show the marks again.
    case outboxEdited
    /// The instance answers again after being unreachable: refresh.
    case connectionRestored
    /// The instance answered while the header already said Online: what still says Offline on a
    /// tab (a list, a detail) reads again, so the header and the body never disagree (#30).
    case instanceAnswered
    /// Discovery was read again; a capability that disappeared disappears from the screen.
    case capabilitiesChanged([Capability])
    /// Time for the tab on screen to follow the instance: a conditional read of its list (or of
    /// the rooms and tasks this device just changed), drawn without moving the person
    /// (AppReducer+Live).
    case liveRefresh(WorkTab)
}

/// What a work tab tells the app.
public enum WorkTabDelegate: Equatable, Sendable {
    /// A read answered (online), is under way (updating) or got no answer (offline).
    case connection(ConnectionState)
    /// The instance answered 401: the session is over.
    case sessionEnded
    /// A change was submitted, sent or discarded (Account, when shown, reads its list again; the
    /// counts follow from the outbox round that the change ran).
    case outboxChanged
    /// "Send now".
    case sendNow
    /// "Review": open the changes that need a decision (in Account).
    case openReview
    /// Open this task on My tasks (from a room's detail).
    case openTask(TaskID)
    /// Open another tab (Search offline offers Today's saved lists).
    case openTab(WorkTab)
    /// A fresh read named the property's business date (Today after the night audit): the
    /// header follows it.
    case businessDate(BusinessDate)
}

/// What a tab puts on the screen under the header and the tab bar.
public typealias TabContent = ScreenBody

/// The Today, Search, Housekeeping and My tasks tabs (Account is the app's own): their states,
/// the routing of the app's events to them, and their drawing.
public struct WorkTabs: Reducer {
    public struct State: Equatable, Sendable {
        /// The Today tab (Sources/AppCore/Features/Today).
        public var today: TodayTab.State
        /// The Search tab (Sources/AppCore/Features/Search).
        public var search: SearchTab.State
        /// The Housekeeping tab (Sources/AppCore/Features/Housekeeping).
        public var housekeeping: HousekeepingTab.State
        /// The My tasks tab (Sources/AppCore/Features/Tasks).
        public var tasks: TasksTab.State

        public init() {
            today = TodayTab.State()
            search = SearchTab.State()
            housekeeping = HousekeepingTab.State()
            tasks = TasksTab.State()
        }

        /// Whether `tab`'s first saved read has answered, in the state (the frame drawn from this
        /// state shows it); a tab that reads nothing saved has nothing to wait for.
        public func savedReadAnswered(_ tab: WorkTab) -> Bool {
            switch tab {
            case .today: today.feature.savedAnswered
            case .housekeeping: housekeeping.feature.savedAnswered
            case .tasks: tasks.feature.savedAnswered
            case .search, .account: true
            }
        }

        /// Whether `tab` shows the head of its saved list while the start reads the whole (#18).
        public func showsSavedPreview(_ tab: WorkTab) -> Bool {
            tab == .housekeeping && housekeeping.feature.previewCount != nil
        }
    }

    public enum Action: Equatable, Sendable {
        /// An event from the app, routed to the tabs it concerns.
        case event(WorkTabEvent)
        case today(TodayTab.Action)
        case search(SearchTab.Action)
        case housekeeping(HousekeepingTab.Action)
        case tasks(TasksTab.Action)
        case delegate(WorkTabDelegate)
    }

    /// The clients of the tab features.
    public struct Environment: Sendable {
        public var today: TodayTab.Clients
        public var search: SearchTab.Clients
        public var housekeeping: HousekeepingTab.Clients
        public var tasks: TasksTab.Clients

        public init(today: TodayTab.Clients, search: SearchTab.Clients, housekeeping: HousekeepingTab.Clients,
                    tasks: TasksTab.Clients) {
            self.today = today
            self.search = search
            self.housekeeping = housekeeping
            self.tasks = tasks
        }
    }

    let environment: Environment

    public init(environment: Environment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .event(let event):
            let tab = Self.tab(of: event)
            return .merge(reducers.filter { tab == nil || $0.tab == tab }.map { $0.reduce(&state, event) })
        case .today(.delegate(let delegate)), .search(.delegate(let delegate)), .housekeeping(.delegate(let delegate)),
             .tasks(.delegate(let delegate)):
            return .send(.delegate(delegate))
        case .today:
            return today.reduce(into: &state, action: action)
        case .search:
            return search.reduce(into: &state, action: action)
        case .housekeeping:
            return housekeeping.reduce(into: &state, action: action)
        case .tasks:
            return tasks.reduce(into: &state, action: action)
        case .delegate:
            return .none
        }
    }

    /// The tab an event is for, nil when it is for every tab.
    static func tab(of event: WorkTabEvent) -> WorkTab? {
        switch event {
        case .opened(let tab), .keyPressed(let tab, _), .pasted(let tab, _), .rowClicked(let tab, _),
             .liveRefresh(let tab): tab
        case .openTask: .tasks
        case .openReservation: .today
        case .scanned: .housekeeping
        case .started, .stopped, .outboxRoundFinished, .outboxCounted, .outboxEdited, .connectionRestored,
             .instanceAnswered, .capabilitiesChanged: nil
        }
    }

    /// How a built tab is drawn and takes input. A new work screen adds its entry here, its
    /// reducer to `reducers`, and its state and action case above.
    struct SlotView: Sendable {
        let content: @Sendable (State) -> TabContent
        let isEditingText: @Sendable (State) -> Bool
        let takesDigits: @Sendable (State) -> Bool
        /// `?` opens the help although the tab edits text (Search's page).
        var keepsHelpKey: @Sendable (State) -> Bool = { _ in false }
    }

    static let views: [WorkTab: SlotView] = [
        .today: SlotView(content: { TodayTab.content($0.today) }, isEditingText: { TodayTab.isEditingText($0.today) },
                         takesDigits: { _ in false }),
        .search: SlotView(content: { SearchTab.content($0.search) }, isEditingText: { SearchTab.isEditingText($0.search) },
                          takesDigits: { _ in false }, keepsHelpKey: { SearchTab.keepsHelpKey($0.search) }),
        .housekeeping: SlotView(content: { HousekeepingTab.content($0.housekeeping) },
                                isEditingText: { HousekeepingTab.isEditingText($0.housekeeping) },
                                takesDigits: { HousekeepingTab.takesDigits($0.housekeeping) }),
        .tasks: SlotView(content: { TasksTab.content($0.tasks) }, isEditingText: { TasksTab.isEditingText($0.tasks) },
                         takesDigits: { _ in false }),
    ]

    /// How the app's events reach each built tab.
    private var reducers: [(tab: WorkTab, reduce: (inout State, WorkTabEvent) -> Effect<Action>)] {
        let (today, search, housekeeping, tasks) = (self.today, self.search, self.housekeeping, self.tasks)
        return [(.today, { today.reduce(into: &$0, action: .today(.app($1))) }),
                (.search, { search.reduce(into: &$0, action: .search(.app($1))) }),
                (.housekeeping, { housekeeping.reduce(into: &$0, action: .housekeeping(.app($1))) }),
                (.tasks, { tasks.reduce(into: &$0, action: .tasks(.app($1))) })]
    }

    private var today: Scope<State, Action, TodayTab> {
        Scope(slice: { state, body in body(&state.today) }, action: Action.today,
              extract: { if case .today(let a) = $0 { a } else { nil } }, child: TodayTab(clients: environment.today))
    }

    private var search: Scope<State, Action, SearchTab> {
        Scope(slice: { state, body in body(&state.search) }, action: Action.search,
              extract: { if case .search(let a) = $0 { a } else { nil } }, child: SearchTab(clients: environment.search))
    }

    private var housekeeping: Scope<State, Action, HousekeepingTab> {
        Scope(slice: { state, body in body(&state.housekeeping) }, action: Action.housekeeping,
              extract: { if case .housekeeping(let a) = $0 { a } else { nil } },
              child: HousekeepingTab(clients: environment.housekeeping))
    }

    private var tasks: Scope<State, Action, TasksTab> {
        Scope(slice: { state, body in body(&state.tasks) }, action: Action.tasks,
              extract: { if case .tasks(let a) = $0 { a } else { nil } }, child: TasksTab(clients: environment.tasks))
    }

    /// What `tab` shows (Account is the app's own and has no slot here).
    public static func content(_ state: State, tab: WorkTab) -> TabContent {
        views[tab]?.content(state) ?? TabContent(rows: [])
    }

    /// Whether `tab` is editing text, so printable keys go to it rather than to the app.
    public static func isEditingText(_ state: State, tab: WorkTab) -> Bool {
        views[tab]?.isEditingText(state) ?? false
    }

    /// Whether `?` on `tab` is the help while it edits text (Search's page, where no search
    /// text has a "?").
    public static func keepsHelpKey(_ state: State, tab: WorkTab) -> Bool {
        views[tab]?.keepsHelpKey(state) ?? false
    }

    /// A fault report is being written and not saved yet (quitting would lose it).
    public static func hasUnsavedForm(_ state: State) -> Bool {
        state.housekeeping.feature.detail?.fault?.hasContent == true || state.tasks.feature.detail?.fault?.hasContent == true
    }

    /// A desk action is on its way, or its answer was lost and its outcome is not known yet
    /// (quitting would leave the clerk not knowing whether it was done).
    public static func hasDeskActionInFlight(_ state: State) -> Bool {
        [state.today.feature.detail, state.search.feature.detail].contains { detail in
            detail?.stack.contains { page in
                if case .reservation(let reservation) = page { reservation.sending != nil || reservation.retry != nil } else { false }
            } ?? false
        }
    }

    /// Whether `tab` takes the digit keys itself (Housekeeping jumps to rooms by number), so
    /// only F1–F5 switch tabs there.
    public static func takesDigits(_ state: State, tab: WorkTab) -> Bool {
        views[tab]?.takesDigits(state) ?? false
    }
}
