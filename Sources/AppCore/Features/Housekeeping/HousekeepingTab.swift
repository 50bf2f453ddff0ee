import GuestCraftAPI
import OfflineStore

/// The Housekeeping feature in the app's Housekeeping slot: it follows the app's work context
/// (started, stopped), turns the app's events into the feature's actions and the feature's
/// requests into the app's delegate actions.
public struct HousekeepingTab: Reducer {
    public struct State: Sendable, Equatable {
        /// The context on screen; nil before it starts and after it stops.
        public var context: WorkContext?
        public var feature: HousekeepingFeature.State

        public init(context: WorkContext? = nil, feature: HousekeepingFeature.State = HousekeepingFeature.State()) {
            self.context = context
            self.feature = feature
        }
    }

    public enum Action: Sendable, Equatable {
        case app(WorkTabEvent)
        case feature(HousekeepingFeature.Action)
        case delegate(WorkTabDelegate)
    }

    /// The feature's clients for a context, and the outbox's counts of a context.
    public struct Clients: Sendable {
        public var environment: @Sendable (WorkContext) -> HousekeepingEnvironment
        public var counts: @Sendable (WorkContext) async -> OutboxBadge

        public init(environment: @escaping @Sendable (WorkContext) -> HousekeepingEnvironment,
                    counts: @escaping @Sendable (WorkContext) async -> OutboxBadge) {
            self.environment = environment
            self.counts = counts
        }
    }

    let clients: Clients

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
            return .merge(.cancel(id: HousekeepingFeature.readID), .cancel(id: HousekeepingFeature.detailReadID))
        case .app(.opened(.housekeeping)):
            guard let context = state.context else { return .none }
            return .merge(feature(.appeared, &state), count(context))
        case .app(.opened):
            return .none
        case .app(.keyPressed(_, let key)):
            return feature(.keyPressed(key), &state)
        case .app(.pasted(_, let text)):
            return feature(.pasted(text), &state)
        case .app(.rowClicked(_, let id)):
            return feature(.rowClicked(id), &state)
        case .app(.outboxRoundFinished(let sent, let held)):
            guard let context = state.context, state.feature.hasLoaded else { return .none }
            if sent.isEmpty && held.isEmpty { return count(context) }
            return .merge(feature(.refresh, &state), count(context))
        case .app(.connectionRestored):
            guard state.feature.hasLoaded else { return .none }
            return feature(.refresh, &state)
        case .app(.capabilitiesChanged):
            return .none
        case .feature(.delegate(let delegate)):
            switch delegate {
            case .sessionEnded: return .send(.delegate(.sessionEnded))
            case .sendNow: return .send(.delegate(.sendNow))
            case .review: return .send(.delegate(.openReview))
            case .outboxChanged:
                guard let context = state.context else { return .none }
                return .merge(.send(.delegate(.outboxChanged)), count(context))
            }
        case .feature(let action):
            let effect = feature(action, &state)
            switch action {
            case .unitsRead(.fresh, _), .detailRead(_, .fresh): return .merge(effect, .send(.delegate(.connection(.online))))
            case .unitsRead(.offline, _), .detailRead(_, .offline): return .merge(effect, .send(.delegate(.connection(.offline))))
            default: return effect
            }
        case .delegate:
            return .none
        }
    }

    private func feature(_ action: HousekeepingFeature.Action, _ state: inout State) -> Effect<Action> {
        guard let context = state.context else { return .none }
        return HousekeepingFeature(environment: clients.environment(context))
            .reduce(into: &state.feature, action: action).map(Action.feature)
    }

    private func count(_ context: WorkContext) -> Effect<Action> {
        let counts = clients.counts
        return .run { send in send(.feature(.badgeChanged(await counts(context)))) }
    }

    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: State) -> ScreenBody {
        ScreenBody(HousekeepingView.view(state.feature), help: HousekeepingView.helpKeys(state.feature))
    }

    /// Whether printable keys (`q`, `?`) go to the tab: while a room number or tag is typed.
    public static func isEditingText(_ state: State) -> Bool { state.feature.jump != nil }

    /// Digits jump to a room here (tabs switch with F1–F5 on this tab).
    public static func takesDigits(_ state: State) -> Bool { state.feature.detail == nil }
}

extension ScreenBody {
    /// A feature's screen as the app's body (the app adds header and tab bar).
    init(_ screen: Screen, help: [KeyHint]) {
        self.init(rows: screen.rows, focus: screen.focus, notices: screen.notices, hints: screen.hints,
                  helpKeys: help, overlay: screen.overlay)
    }
}
