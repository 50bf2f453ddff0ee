import GuestCraftAPI
import ClientModel
import Locking

/// What a work tab's feature offers its slot in `WorkTabs`: the actions the app's events become,
/// which of its actions are a read's answer, and the effects to cancel when its context stops.
public protocol WorkTabFeature: Reducer, SendableMetatype where State: WorkTabFeatureState, Action: WorkTabFeatureAction {
    associatedtype Environment: Sendable
    init(environment: Environment)
    /// The tab it fills (opening that tab reads).
    static var tab: WorkTab { get }
    /// Its effects that outlive an action (reads), cancelled when the context stops.
    static var contextEffects: [EffectID] { get }
    /// Its title on the tab bar.
    static var title: String { get }
    /// The capability an instance declares for it.
    static var capability: Capability { get }
    /// Whether a role with these grants can use it: read what it shows (a tab it cannot use is
    /// not shown, and the app opens on the first one it can).
    static func isReadable(with permissions: [Permission]) -> Bool
    /// Whether it follows the instance on its own while on screen (`WorkTabEvent.liveRefresh`).
    static var isLive: Bool { get }
    /// The action letters its screens add to the shared ones (`KeyMap`), on its hint line and `?`.
    static var actionLetters: Set<Character> { get }
    /// What it shows under the app's header and tab bar.
    static func content(_ tab: WorkFeatureTab<Self>.State) -> ScreenBody
    /// Whether printable keys (`q`, `?`, digits) go to it: a filter, a reason, a form's line.
    static func isEditingText(_ tab: WorkFeatureTab<Self>.State) -> Bool
    /// Whether it takes the digit keys itself (tabs switch by F1–F5 there); false by default.
    static func takesDigits(_ tab: WorkFeatureTab<Self>.State) -> Bool
    /// Whether `?` is the help although it edits text (Search's page); false by default.
    static func keepsHelpKey(_ tab: WorkFeatureTab<Self>.State) -> Bool
    /// Whether its first saved read answered (the start waits for it); true for a tab that
    /// reads nothing saved, the default.
    static func savedReadAnswered(_ state: State) -> Bool
}

extension WorkTabFeature {
    public static func takesDigits(_ tab: WorkFeatureTab<Self>.State) -> Bool { false }
    public static func keepsHelpKey(_ tab: WorkFeatureTab<Self>.State) -> Bool { false }
    public static func savedReadAnswered(_ state: State) -> Bool { true }
}

/// The state a work tab's feature starts from, and whether it has read yet.
public protocol WorkTabFeatureState: Sendable, Equatable {
    /// Nothing read yet.
    static var initial: Self { get }
    var hasLoaded: Bool { get }
}

/// The actions every work tab's feature has (its enum cases satisfy them).
public protocol WorkTabFeatureAction: Sendable, SendableMetatype, Equatable {
    static var appeared: Self { get }
    static var refresh: Self { get }
    static func keyPressed(_ key: Key) -> Self
    static func pasted(_ text: String) -> Self
    static func rowClicked(_ id: RowID) -> Self
    /// Opening a task's detail, for the feature that shows tasks (nil for the others).
    static func openTask(_ id: TaskID) -> Self?
    /// Opening a reservation by its code, for the feature that shows reservations (nil for the others).
    static func openReservation(_ code: String) -> Self?
    /// A scanned room tag, for the feature that shows rooms (nil for the others).
    static func scannedRoom(_ text: String) -> Self?
    static func badgeChanged(_ badge: OutboxBadge) -> Self
    /// The tab is on screen and it is time to follow the instance (a list that does not follow
    /// it, such as Search, has none).
    static var liveRefreshAction: Self? { get }
    /// The outbox changed outside the tab (a change discarded in Review): read its marks again.
    static var outboxEdited: Self { get }
    /// The instance answered: what on the tab still says Offline (its list, its detail) reads
    /// again, nothing else (#30: the header never says Online over a body that says Offline).
    static var readOffline: Self { get }
    /// An outbox round sent or held something: read the marks, and read again only the rows a
    /// background send settled (the tab's own sent change already shows the answer's state).
    static var outboxRoundFinished: Self { get }
    /// The feature's request to the app, when this action is one.
    var workDelegate: WorkTabDelegate? { get }
    /// Online or offline when this action is a read's answer (fresh, or no answer); nil otherwise.
    var readConnection: ConnectionState? { get }
    /// The property's business date when this action is a fresh answer that names it (Today);
    /// nil otherwise. The header follows it (#30: the night audit moves it on).
    var readBusinessDate: BusinessDate? { get }
}

extension WorkTabFeatureAction {
    /// Only the desk's tabs open reservations.
    public static func openReservation(_ code: String) -> Self? { nil }

    /// Only Housekeeping opens a scanned room.
    public static func scannedRoom(_ text: String) -> Self? { nil }

    /// Lists that do not follow the instance on their own (Search) have no live refresh.
    public static var liveRefreshAction: Self? { nil }

    /// Only Today's answer names the business date the header shows.
    public var readBusinessDate: BusinessDate? { nil }
}

/// A work tab's feature in its slot: it follows the app's work context (started, stopped),
/// turns the app's events into the feature's actions and the feature's requests into the app's
/// delegate actions. `HousekeepingTab` and `TasksTab` are this over their features.
public struct WorkFeatureTab<Feature: WorkTabFeature>: Reducer, Sendable {
    public struct State: Sendable, Equatable {
        /// The context on screen; nil before it starts and after it stops.
        public var context: WorkContext?
        public var feature: Feature.State

        public init(context: WorkContext? = nil, feature: Feature.State = .initial) {
            self.context = context
            self.feature = feature
        }
    }

    public enum Action: Sendable, Equatable {
        case app(WorkTabEvent)
        case feature(Feature.Action)
        case delegate(WorkTabDelegate)
    }

    /// The feature's clients for a context (the outbox's counts come from the app, which reads
    /// them once per round: `WorkTabEvent.outboxCounted`).
    public struct Clients: Sendable {
        public var environment: @Sendable (WorkContext) -> Feature.Environment

        public init(environment: @escaping @Sendable (WorkContext) -> Feature.Environment) {
            self.environment = environment
        }
    }

    let clients: Clients
    /// The feature over its context's environment, built when the context changes, not on
    /// every action (#32).
    private let built = Locked<(context: WorkContext, feature: Feature)?>(nil)

    public init(clients: Clients) {
        self.clients = clients
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .app(.started(let context)):
            // It reads when it is opened (the app opens the tab on screen at once).
            state = State(context: context)
            return .none
        case .app(.stopped):
            state = State()
            built.withLock { $0 = nil }
            return .merge(Feature.contextEffects.map { .cancel(id: $0) })
        case .app(.opened(let tab)) where tab == Feature.tab:
            return feature(.appeared, &state)
        case .app(.opened):
            return .none
        case .app(.keyPressed(_, let key)):
            return feature(.keyPressed(key), &state)
        case .app(.pasted(_, let text)):
            return feature(.pasted(text), &state)
        case .app(.rowClicked(_, let id)):
            return feature(.rowClicked(id), &state)
        case .app(.outboxRoundFinished(let sent, let held)):
            guard state.feature.hasLoaded, !(sent.isEmpty && held.isEmpty) else { return .none }
            return feature(.outboxRoundFinished, &state)
        case .app(.outboxEdited):
            guard state.feature.hasLoaded else { return .none }
            return feature(.outboxEdited, &state)
        case .app(.openTask(let id)):
            guard let action = Feature.Action.openTask(id) else { return .none }
            return feature(action, &state)
        case .app(.openReservation(let code)):
            guard let action = Feature.Action.openReservation(code) else { return .none }
            return feature(action, &state)
        case .app(.scanned(let text)):
            guard let action = Feature.Action.scannedRoom(text) else { return .none }
            return feature(action, &state)
        case .app(.outboxCounted(let badge)):
            return feature(.badgeChanged(badge), &state)
        case .app(.liveRefresh(let tab)) where tab == Feature.tab:
            guard state.feature.hasLoaded, let action = Feature.Action.liveRefreshAction else { return .none }
            return feature(action, &state)
        case .app(.liveRefresh):
            return .none
        case .app(.connectionRestored):
            guard state.feature.hasLoaded else { return .none }
            return feature(.refresh, &state)
        case .app(.instanceAnswered):
            guard state.feature.hasLoaded else { return .none }
            return feature(.readOffline, &state)
        case .app(.capabilitiesChanged(let capabilities)):
            // The instance no longer offers this tab: its screens close and its reads stop.
            guard !capabilities.contains(Feature.capability), state.feature != .initial else { return .none }
            state.feature = .initial
            return .merge(Feature.contextEffects.map { .cancel(id: $0) })
        case .feature(let action):
            var effects = [feature(action, &state)]
            if let connection = action.readConnection { effects.append(.send(.delegate(.connection(connection)))) }
            if let date = action.readBusinessDate { effects.append(.send(.delegate(.businessDate(date)))) }
            return .merge(effects)
        case .delegate:
            return .none
        }
    }

    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: State) -> ScreenBody { Feature.content(state) }

    /// Whether printable keys go to the tab rather than to the app.
    public static func isEditingText(_ state: State) -> Bool { Feature.isEditingText(state) }

    /// Whether the tab takes the digit keys itself.
    public static func takesDigits(_ state: State) -> Bool { Feature.takesDigits(state) }

    /// Whether `?` is the help although the tab edits text.
    public static func keepsHelpKey(_ state: State) -> Bool { Feature.keepsHelpKey(state) }

    /// A feature's action as the slot's: a request for the app is the slot's delegate at once,
    /// so it reaches the app in one step whatever sent it (the feature, or a child it presents).
    static func lift(_ action: Feature.Action) -> Action {
        action.workDelegate.map(Action.delegate) ?? .feature(action)
    }

    private func feature(_ action: Feature.Action, _ state: inout State) -> Effect<Action> {
        guard let context = state.context else { return .none }
        return feature(for: context).reduce(into: &state.feature, action: action).map(Self.lift)
    }

    private func feature(for context: WorkContext) -> Feature {
        built.withLock { built in
            if let built, built.context == context { return built.feature }
            let feature = Feature(environment: clients.environment(context))
            built = (context, feature)
            return feature
        }
    }
}
