import GuestCraftAPI
import ClientModel

/// The Today feature in the app's Today slot (see `WorkFeatureTab`).
public typealias TodayTab = WorkFeatureTab<TodayFeature>

extension TodayFeature: WorkTabFeature {
    public static var tab: WorkTab { .today }
    public static var contextEffects: [EffectID] { [readID] }
}

extension TodayFeature.State: WorkTabFeatureState {
    public static var initial: Self { Self() }
}

extension TodayFeature.Action: WorkTabFeatureAction {
    public static func openTask(_ id: TaskID) -> Self? { nil }

    public var workDelegate: WorkTabDelegate? {
        if case .delegate(let delegate) = self { delegate } else { nil }
    }

    public var readConnection: ConnectionState? {
        if case .todayRead(let result, _) = self { return result.connection }
        return nil
    }
}

extension WorkFeatureTab where Feature == TodayFeature {
    /// What the tab shows under the app's header and tab bar.
    public static func content(_ state: State) -> ScreenBody {
        ScreenBody(TodayView.view(state.feature), help: TodayView.helpKeys(state.feature))
    }

    /// Whether printable keys go to the tab: while the filter is typed.
    public static func isEditingText(_ state: State) -> Bool { state.feature.isFiltering }
}
