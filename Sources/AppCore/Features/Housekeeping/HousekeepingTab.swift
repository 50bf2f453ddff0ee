import Catalog
import GuestCraftAPI
import ClientModel

/// The Housekeeping feature in the app's Housekeeping slot (see `WorkFeatureTab`).
public typealias HousekeepingTab = WorkFeatureTab<HousekeepingFeature>

extension WorkTab {
    public static let housekeeping = WorkTab(id: "housekeeping")
}

extension HousekeepingFeature: WorkTabFeature {
    public static var tab: WorkTab { .housekeeping }
    public static var title: String { L("tabs.housekeeping") }
    public static var capability: Capability { .housekeeping }
    public static func isReadable(with permissions: [Permission]) -> Bool { permissions.contains(.inventoryRead) }
    public static var isLive: Bool { true }
    public static var actionLetters: Set<Character> { ["d", "c", "i", "u", "s", "f", "a", "b"] }
    public static func savedReadAnswered(_ state: State) -> Bool { state.savedAnswered }
    /// The effects that outlive an action: reads (and Undo's timer), cancelled when the context stops.
    static let readID: EffectID = "housekeeping.read"
    static let detailReadID: EffectID = "housekeeping.detail.read"
    static let undoID: EffectID = "housekeeping.undo"
    public static var contextEffects: [EffectID] { [readID, detailReadID, boardTasksReadID, undoID] + FaultForm.effectIDs }
}

extension HousekeepingFeature.State: WorkTabFeatureState {
    public static var initial: Self { Self() }
}

extension HousekeepingFeature.Action: WorkTabFeatureAction {
    public static func openTask(_ id: TaskID) -> Self? { nil }
    public static func scannedRoom(_ text: String) -> Self? { .scanned(text) }
    public static var liveRefreshAction: Self? { .liveRefresh }

    public var workDelegate: WorkTabDelegate? {
        if case .delegate(let delegate) = self { delegate } else { nil }
    }

    public var readConnection: ConnectionState? {
        if case .unitsRead(let result, _) = self { return result.connection }
        if case .detailRead(_, let result) = self { return result.connection }
        if case .roomFollowed(_, let result) = self { return result.connection }
        if case .board(.tasksRead(let result)) = self { return result.connection }
        return nil
    }
}

extension HousekeepingFeature {
    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: HousekeepingTab.State) -> ScreenBody {
        ScreenBody(HousekeepingView.view(state.feature), help: HousekeepingView.helpKeys(state.feature))
    }

    /// Whether printable keys (`q`, `?`) go to the tab: while a room number or tag is typed, or a
    /// line of the fault form.
    public static func isEditingText(_ state: HousekeepingTab.State) -> Bool {
        state.feature.jump != nil || state.feature.detail?.fault.map(FaultForm.isEditingText) == true
    }

    /// Digits jump to a room here (tabs switch with F1–F5 on this tab).
    public static func takesDigits(_ state: HousekeepingTab.State) -> Bool { state.feature.detail == nil && state.feature.board == nil }
}

extension ScreenBody {
    /// A feature's screen as the app's body (the app adds header and tab bar).
    init(_ screen: Screen, help: [KeyHint]) {
        self.init(rows: screen.rows, lazyRows: screen.lazyRows, focus: screen.focus, notices: screen.notices, hints: screen.hints,
                  helpKeys: help, overlay: screen.overlay)
    }
}
