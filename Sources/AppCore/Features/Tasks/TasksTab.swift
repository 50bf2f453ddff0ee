import GuestCraftAPI
import OfflineStore

/// The My tasks feature in the app's My tasks slot: it follows the app's work context, turns
/// the app's events into the feature's actions and the feature's requests into the app's.
public struct TasksTab: Reducer {
    public struct State: Sendable, Equatable {
        public var context: WorkContext?
        public var feature: TasksFeature.State

        public init(context: WorkContext? = nil, feature: TasksFeature.State = TasksFeature.State()) {
            self.context = context
            self.feature = feature
        }
    }

    public enum Action: Sendable, Equatable {
        case app(WorkTabEvent)
        case feature(TasksFeature.Action)
        case delegate(WorkTabDelegate)
    }

    /// The feature's clients for a context, and the outbox's counts of a context.
    public struct Clients: Sendable {
        public var environment: @Sendable (WorkContext) -> TasksEnvironment
        public var counts: @Sendable (WorkContext) async -> OutboxBadge

        public init(environment: @escaping @Sendable (WorkContext) -> TasksEnvironment,
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
            return .merge(.cancel(id: TasksFeature.readID), .cancel(id: TasksFeature.detailReadID),
                          .cancel(id: TasksFeature.undoID))
        case .app(.opened(.tasks)):
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
            case .tasksRead(.fresh, _), .detailRead(_, .fresh): return .merge(effect, .send(.delegate(.connection(.online))))
            case .tasksRead(.offline, _), .detailRead(_, .offline): return .merge(effect, .send(.delegate(.connection(.offline))))
            default: return effect
            }
        case .delegate:
            return .none
        }
    }

    private func feature(_ action: TasksFeature.Action, _ state: inout State) -> Effect<Action> {
        guard let context = state.context else { return .none }
        return TasksFeature(environment: clients.environment(context))
            .reduce(into: &state.feature, action: action).map(Action.feature)
    }

    private func count(_ context: WorkContext) -> Effect<Action> {
        let counts = clients.counts
        return .run { send in send(.feature(.badgeChanged(await counts(context)))) }
    }

    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: State) -> ScreenBody {
        ScreenBody(TasksView.view(state.feature), help: TasksView.helpKeys(state.feature))
    }

    /// Whether printable keys go to the tab: while a skip reason or a note is typed.
    public static func isEditingText(_ state: State) -> Bool {
        state.feature.skip != nil || state.feature.detail?.draft != nil
    }
}
