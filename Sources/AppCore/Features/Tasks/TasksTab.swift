import Catalog
import GuestCraftAPI
import ClientModel

/// The My tasks feature in the app's My tasks slot (see `WorkFeatureTab`).
public typealias TasksTab = WorkFeatureTab<TasksFeature>

extension WorkTab {
    public static let tasks = WorkTab(id: "tasks")
}

extension TasksFeature: WorkTabFeature {
    public static var tab: WorkTab { .tasks }
    public static var title: String { L("tabs.tasks") }
    public static var capability: Capability { .housekeepingTasks }
    public static func isReadable(with permissions: [Permission]) -> Bool { permissions.contains(.inventoryRead) && permissions.contains(.tasksWork) }
    public static var isLive: Bool { true }
    public static var actionLetters: Set<Character> { ["s", "x", "u", "e", "c", "i"] }
    public static func savedReadAnswered(_ state: State) -> Bool { state.savedAnswered }
    /// The effects that outlive an action: reads (and Undo's timer), cancelled when the context stops.
    static let readID: EffectID = "tasks.read"
    static let undoID: EffectID = "tasks.undo"
    static let detailReadID: EffectID = "tasks.detail.read"
    public static var contextEffects: [EffectID] { [readID, detailReadID, undoID] + FaultForm.effectIDs }
}

extension TasksFeature.State: WorkTabFeatureState {
    public static var initial: Self { Self() }
}

extension TasksFeature.Action: WorkTabFeatureAction {
    public static func openTask(_ id: TaskID) -> Self? { .openTaskDetail(id) }
    public static var liveRefreshAction: Self? { .liveRefresh }

    public var workDelegate: WorkTabDelegate? {
        if case .delegate(let delegate) = self { delegate } else { nil }
    }

    public var readConnection: ConnectionState? {
        switch self {
        case .tasksRead(let result, _): result.connection
        case .detailRead(_, let result), .taskFollowed(_, let result): result.connection
        default: nil
        }
    }
}

extension TasksFeature {
    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: TasksTab.State) -> ScreenBody {
        ScreenBody(TasksView.view(state.feature), help: TasksView.helpKeys(state.feature))
    }

    /// Whether printable keys go to the tab: while a skip reason, a note or a line of the fault
    /// form is typed.
    public static func isEditingText(_ state: TasksTab.State) -> Bool {
        state.feature.skip != nil || state.feature.detail?.draft != nil
            || state.feature.detail?.fault.map(FaultForm.isEditingText) == true
    }
}
