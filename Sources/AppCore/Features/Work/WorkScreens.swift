import GuestCraftAPI

/// Every work screen, one line each, in the tab bar's order (Account, the app's own, is fifth:
/// `WorkTab.allCases`). A line names the feature (its `<Name>Tab.swift` declares the tab, title,
/// capability, grant, live or not, digits, action letters and how it is drawn) and where its
/// state lives: a field of `WorkTabs.State` for the four the app reads by name, else
/// `WorkTabs.State.screens` (a `StoredWorkTabFeature`, its clients from the others').
public enum WorkScreens {
    public static let all: [WorkScreen] = [
        WorkScreen(TodayFeature.self, slot: .today),
        WorkScreen(SearchFeature.self, slot: .search),
        WorkScreen(HousekeepingFeature.self, slot: .housekeeping),
        WorkScreen(TasksFeature.self, slot: .tasks),
        WorkScreen(BalancesFeature.self),
    ]

    /// The work screen of `tab` (nil for Account).
    static func screen(_ tab: WorkTab) -> WorkScreen? {
        all.first { $0.tab == tab }
    }
}

/// A work screen as the app uses it: what its feature declares, and its slot in `WorkTabs`
/// (its state, the app's events and its actions reaching it, its clients).
public struct WorkScreen: Sendable {
    public let tab: WorkTab
    let title: @Sendable () -> String
    let capability: Capability
    let isReadable: @Sendable ([Permission]) -> Bool
    let isLive: Bool
    let actionLetters: Set<Character>
    let content: @Sendable (WorkTabs.State) -> TabContent
    let isEditingText: @Sendable (WorkTabs.State) -> Bool
    let takesDigits: @Sendable (WorkTabs.State) -> Bool
    let keepsHelpKey: @Sendable (WorkTabs.State) -> Bool
    let savedReadAnswered: @Sendable (WorkTabs.State) -> Bool
    /// The screen's routing over the tabs' clients, made once by `WorkTabs`.
    let bind: @Sendable (WorkTabs.Environment) -> BoundWorkScreen
    /// Puts the tab's first state where it lives (the screens kept in `WorkTabs.State.screens`).
    let initialize: @Sendable (inout WorkTabs.State) -> Void
    /// Sets the context the tab works in, its feature's state kept (what `.started` leaves of
    /// a tab that was not opened yet, for the tests' expected states).
    let setContext: @Sendable (inout WorkTabs.State, WorkContext?) -> Void

    public init<Feature: WorkTabFeature>(_ feature: Feature.Type, slot: WorkSlot<Feature>) {
        tab = Feature.tab
        title = { Feature.title }
        capability = Feature.capability
        isReadable = { Feature.isReadable(with: $0) }
        isLive = Feature.isLive
        actionLetters = Feature.actionLetters
        content = { Feature.content(slot.read($0)) }
        isEditingText = { Feature.isEditingText(slot.read($0)) }
        takesDigits = { Feature.takesDigits(slot.read($0)) }
        keepsHelpKey = { Feature.keepsHelpKey(slot.read($0)) }
        savedReadAnswered = { Feature.savedReadAnswered(slot.read($0).feature) }
        bind = { environment in
            let tab = WorkFeatureTab<Feature>(clients: slot.clients(environment))
            // The tab's delegate is `WorkTabs`' own at once: a request reaches the app in one step.
            let embed: @Sendable (WorkFeatureTab<Feature>.Action) -> WorkTabs.Action = { action in
                if case .delegate(let delegate) = action { return .delegate(delegate) }
                return slot.embed(action)
            }
            return BoundWorkScreen(
                event: { state, event in
                    slot.modify(&state) { tab.reduce(into: &$0, action: .app(event)) }.map(embed)
                },
                action: { state, action in
                    guard let child = slot.extract(action) else { return nil }
                    return slot.modify(&state) { tab.reduce(into: &$0, action: child) }.map(embed)
                })
        }
        initialize = slot.initialize
        setContext = { state, context in
            _ = slot.modify(&state) { tab in
                tab.context = context
                return .none
            }
        }
    }

    /// A screen whose state is kept in `WorkTabs.State.screens`: its line is its feature alone.
    public init<Feature: StoredWorkTabFeature>(_ feature: Feature.Type) {
        self.init(feature, slot: .stored)
    }
}

/// A work screen's routing in `WorkTabs`, over one `WorkFeatureTab` made with the tabs' clients.
struct BoundWorkScreen: Sendable {
    /// An event of the app for this tab.
    let event: @Sendable (inout WorkTabs.State, WorkTabEvent) -> Effect<WorkTabs.Action>
    /// One of `WorkTabs`' actions when it is this tab's (nil else).
    let action: @Sendable (inout WorkTabs.State, WorkTabs.Action) -> Effect<WorkTabs.Action>?
}

/// A work screen the app does not read by name: its state is kept by its tab in
/// `WorkTabs.State.screens`, its clients are made from the other tabs' (its reads are theirs).
public protocol StoredWorkTabFeature: WorkTabFeature {
    static func clients(from environment: WorkTabs.Environment) -> WorkFeatureTab<Self>.Clients
}

/// Where a work screen's state and actions live in `WorkTabs`, and its clients.
public struct WorkSlot<Feature: WorkTabFeature>: Sendable {
    typealias Tab = WorkFeatureTab<Feature>
    let read: @Sendable (WorkTabs.State) -> Tab.State
    let modify: @Sendable (inout WorkTabs.State, (inout Tab.State) -> Effect<Tab.Action>) -> Effect<Tab.Action>
    let embed: @Sendable (Tab.Action) -> WorkTabs.Action
    let extract: @Sendable (WorkTabs.Action) -> Tab.Action?
    let clients: @Sendable (WorkTabs.Environment) -> Tab.Clients
    var initialize: @Sendable (inout WorkTabs.State) -> Void = { _ in }
}

extension WorkSlot where Feature: StoredWorkTabFeature {
    /// Kept by its tab in `WorkTabs.State.screens`; its actions are `WorkTabs.Action.screen`.
    static var stored: WorkSlot {
        WorkSlot(read: { $0.screens[Feature.self] },
                 modify: { state, body in body(&state.screens[Feature.self]) },
                 embed: { .screen(Feature.tab, WorkScreenAction($0)) },
                 extract: { action in
                     guard case .screen(let tab, let boxed) = action, tab == Feature.tab else { return nil }
                     return boxed.value as? Tab.Action
                 },
                 clients: { Feature.clients(from: $0) },
                 initialize: { $0.screens[Feature.self] = Tab.State() })
    }
}

/// The states of the work screens kept by their tab (`StoredWorkTabFeature`), each compared as
/// its own type.
public struct WorkScreenStates: Equatable, Sendable {
    private var states: [WorkTab: WorkScreenValue] = [:]

    /// The state of `feature`'s tab (its first state until it is set).
    public subscript<Feature: StoredWorkTabFeature>(_ feature: Feature.Type) -> WorkFeatureTab<Feature>.State {
        get { states[Feature.tab]?.value as? WorkFeatureTab<Feature>.State ?? WorkFeatureTab<Feature>.State() }
        set { states[Feature.tab] = WorkScreenValue(newValue) }
    }
}

/// One of a stored work screen's actions, as `WorkTabs.Action.screen` carries it.
public struct WorkScreenAction: Equatable, Sendable, CustomStringConvertible {
    let box: WorkScreenValue
    var value: any Sendable { box.value }

    init<Value: Equatable & Sendable>(_ value: Value) {
        box = WorkScreenValue(value)
    }

    public var description: String { "\(box.value)" }
}

/// A value of a type known to its screen only, with its type's equality.
struct WorkScreenValue: Equatable, Sendable {
    let value: any Sendable
    private let equals: @Sendable (any Sendable) -> Bool

    init<Value: Equatable & Sendable>(_ value: Value) {
        self.value = value
        equals = { ($0 as? Value) == value }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.equals(rhs.value) }
}
