import Catalog
import GuestCraftAPI

/// The tabs of the work screens: each registered work screen's (`WorkScreens.all`, in its order)
/// and Account, the app's own, fifth; `1`–`5` and `F1`–`F5` open them (SPEC §5, §7), a screen
/// registered after the first four by its number after Account's. Which of them an instance
/// shows follows its capabilities, decided by the app feature.
public struct WorkTab: RawRepresentable, CaseIterable, Sendable, Hashable {
    public let rawValue: String

    /// A tab's id, declared once by its screen (`extension WorkTab { static let today = … }`).
    public init(id: String) {
        rawValue = id
    }

    /// The registered tab with this id (a click on the tab bar names its id); nil for another.
    public init?(rawValue: String) {
        guard let tab = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = tab
    }

    /// Account: the instance, person, workspace and property, and the changes (always shown).
    public static let account = WorkTab(id: "account")

    /// Account keeps its number, 5 (SPEC §7), as screens are registered after the first four.
    static let accountIndex = 4

    /// Every tab in the tab bar's order.
    public static let allCases: [WorkTab] = {
        var tabs = WorkScreens.all.map { $0.tab }
        tabs.insert(.account, at: min(accountIndex, tabs.count))
        return tabs
    }()

    /// The work screen of this tab (nil for Account).
    var screen: WorkScreen? { WorkScreens.screen(self) }

    /// The tab an instance opens on among `visible`: the first work tab the role may read (when
    /// its grants are known: a front desk opens on Today, a housekeeper on Housekeeping), else
    /// the first work tab, else Account.
    public static func opening(among visible: [WorkTab], permissions: [Permission]? = nil) -> WorkTab {
        let work = visible.filter { $0 != .account }
        if let permissions, let readable = work.first(where: { $0.isReadable(with: permissions) }) { return readable }
        return work.first ?? .account
    }

    /// Whether a role with these grants can use the tab: read what it shows (My tasks: work
    /// its tasks too, or it would be an empty list); a tab it cannot use is not shown.
    public func isReadable(with permissions: [Permission]) -> Bool {
        screen.map { $0.isReadable(permissions) } ?? true
    }

    /// Whether the tab follows the instance on its own while it is on screen (its lists change
    /// under the person's eyes: rooms, tasks, the day's arrivals and departures).
    public var isLive: Bool { screen?.isLive ?? false }

    /// The capability an instance declares for this tab (Account always shows).
    public var capability: Capability? { screen?.capability }

    /// Its number on the tab bar and its key.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    public var title: String { screen?.title() ?? L("tabs.account") }

    /// The tab a key opens: `1`–`5` or `F1`–`F5` (and the next numbers for a screen after Account).
    public static func opened(by key: Key) -> WorkTab? {
        let number: Int
        switch key {
        case .character(let c): guard let n = c.wholeNumberValue else { return nil }; number = n
        case .function(let n): number = n
        default: return nil
        }
        guard number >= 1, number <= allCases.count else { return nil }
        return allCases[number - 1]
    }

    /// The tab-bar entry for this tab.
    public func tab(active: WorkTab) -> Tab {
        Tab(id: rawValue, key: String(number), title: title, isActive: self == active)
    }
}

extension WorkTab: CustomStringConvertible {
    public var description: String { rawValue }
}
