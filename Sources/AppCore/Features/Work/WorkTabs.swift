import GuestCraftAPI

// The work tabs: where the work screens plug into the app (`WorkScreens.all`, one line each;
// docs/guide.md "Recipe: a work screen").
// 1. A screen's feature conforms to `WorkTabFeature` (in its `<Name>Tab.swift`): its tab, title,
//    capability, grant, live or not, action letters, drawing; its `Action` has the cases
//    `WorkTabFeatureAction` names for what the app tells it and a `delegate(WorkTabDelegate)`.
// 2. `WorkFeatureTab<Feature>` is its slot: it follows the context and turns the app's events
//    into the feature's actions.
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
        /// The screens registered without a field of their own (`StoredWorkTabFeature`).
        public var screens: WorkScreenStates

        public init() {
            today = TodayTab.State()
            search = SearchTab.State()
            housekeeping = HousekeepingTab.State()
            tasks = TasksTab.State()
            screens = WorkScreenStates()
            for screen in WorkScreens.all { screen.initialize(&self) }
        }

        /// Every tab's context set to `context`, their features' states kept.
        public mutating func setContext(_ context: WorkContext?) {
            for screen in WorkScreens.all { screen.setContext(&self, context) }
        }

        /// Whether `tab`'s first saved read has answered, in the state (the frame drawn from this
        /// state shows it); a tab that reads nothing saved has nothing to wait for.
        public func savedReadAnswered(_ tab: WorkTab) -> Bool {
            tab.screen?.savedReadAnswered(self) ?? true
        }

        /// Whether `tab` shows the head of its saved list while the start reads the whole (#18).
        public func showsSavedPreview(_ tab: WorkTab) -> Bool {
            (tab == .housekeeping && housekeeping.feature.previewCount != nil)
                || (tab == .today && today.feature.previewCounts != nil)
        }
    }

    public enum Action: Equatable, Sendable {
        /// An event from the app, routed to the tabs it concerns.
        case event(WorkTabEvent)
        case today(TodayTab.Action)
        case search(SearchTab.Action)
        case housekeeping(HousekeepingTab.Action)
        case tasks(TasksTab.Action)
        /// An action of a screen kept in `State.screens`.
        case screen(WorkTab, WorkScreenAction)
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

    /// Every registered screen over these clients, in the registry's order.
    let screens: [(tab: WorkTab, routing: BoundWorkScreen)]

    public init(environment: Environment) {
        screens = WorkScreens.all.map { ($0.tab, $0.bind(environment)) }
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .event(let event):
            let tab = Self.tab(of: event)
            return .merge(screens.filter { tab == nil || $0.tab == tab }.map { $0.routing.event(&state, event) })
        case .delegate:
            return .none
        default:
            for screen in screens {
                if let effect = screen.routing.action(&state, action) { return effect }
            }
            return .none
        }
    }

    /// The tab an event is for, nil when it is for every tab (an event only one feature takes,
    /// such as `openTask`, is for every tab: the others' features have no action for it).
    static func tab(of event: WorkTabEvent) -> WorkTab? {
        switch event {
        case .opened(let tab), .keyPressed(let tab, _), .pasted(let tab, _), .rowClicked(let tab, _),
             .liveRefresh(let tab): tab
        case .started, .stopped, .openTask, .openReservation, .scanned, .outboxRoundFinished, .outboxCounted,
             .outboxEdited, .connectionRestored, .instanceAnswered, .capabilitiesChanged: nil
        }
    }

    /// What `tab` shows (Account is the app's own and has no slot here).
    public static func content(_ state: State, tab: WorkTab) -> TabContent {
        tab.screen?.content(state) ?? TabContent(rows: [])
    }

    /// Whether `tab` is editing text, so printable keys go to it rather than to the app.
    public static func isEditingText(_ state: State, tab: WorkTab) -> Bool {
        tab.screen?.isEditingText(state) ?? false
    }

    /// Whether `?` on `tab` is the help while it edits text (Search's page, where no search
    /// text has a "?").
    public static func keepsHelpKey(_ state: State, tab: WorkTab) -> Bool {
        tab.screen?.keepsHelpKey(state) ?? false
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
        tab.screen?.takesDigits(state) ?? false
    }
}

extension WorkSlot {
    /// The four tabs the app reads by name keep their state in a field of `WorkTabs.State` (their
    /// slices written out: no key path literal on the first frame's path, #18).
    static var today: WorkSlot<TodayFeature> {
        WorkSlot<TodayFeature>(read: { $0.today }, modify: { state, body in body(&state.today) }, embed: WorkTabs.Action.today,
                               extract: { if case .today(let a) = $0 { a } else { nil } }, clients: { $0.today })
    }

    static var search: WorkSlot<SearchFeature> {
        WorkSlot<SearchFeature>(read: { $0.search }, modify: { state, body in body(&state.search) },
                                embed: WorkTabs.Action.search,
                                extract: { if case .search(let a) = $0 { a } else { nil } }, clients: { $0.search })
    }

    static var housekeeping: WorkSlot<HousekeepingFeature> {
        WorkSlot<HousekeepingFeature>(read: { $0.housekeeping }, modify: { state, body in body(&state.housekeeping) },
                                      embed: WorkTabs.Action.housekeeping,
                                      extract: { if case .housekeeping(let a) = $0 { a } else { nil } },
                                      clients: { $0.housekeeping })
    }

    static var tasks: WorkSlot<TasksFeature> {
        WorkSlot<TasksFeature>(read: { $0.tasks }, modify: { state, body in body(&state.tasks) }, embed: WorkTabs.Action.tasks,
                               extract: { if case .tasks(let a) = $0 { a } else { nil } }, clients: { $0.tasks })
    }
}
