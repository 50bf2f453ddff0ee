import Catalog
import GuestCraftAPI

/// The work screens' tabs in their fixed order; `1`–`5` and `F1`–`F5` open them (SPEC §5, §7).
/// Which of them an instance shows follows its capabilities, decided by the app feature.
public enum WorkTab: String, CaseIterable, Sendable, Hashable {
    case today, search, housekeeping, tasks, account

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
        switch self {
        case .today: permissions.contains(.reservationsRead)
        case .search: permissions.contains(.reservationsRead) || permissions.contains(.guestsRead)
        case .housekeeping: permissions.contains(.inventoryRead)
        case .tasks: permissions.contains(.inventoryRead) && permissions.contains(.tasksWork)
        case .account: true
        }
    }

    /// Whether the tab follows the instance on its own while it is on screen (its lists change
    /// under the person's eyes: rooms, tasks, the day's arrivals and departures).
    public var isLive: Bool {
        switch self {
        case .today, .housekeeping, .tasks: true
        case .search, .account: false
        }
    }

    /// The capability an instance declares for this tab (Account always shows).
    public var capability: Capability? {
        switch self {
        case .today: .frontDesk
        case .search: .reservations
        case .housekeeping: .housekeeping
        case .tasks: .housekeepingTasks
        case .account: nil
        }
    }

    /// Its number on the tab bar and its key.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    public var title: String {
        switch self {
        case .today: L("tabs.today")
        case .search: L("tabs.search")
        case .housekeeping: L("tabs.housekeeping")
        case .tasks: L("tabs.tasks")
        case .account: L("tabs.account")
        }
    }

    /// The tab a key opens: `1`–`5` or `F1`–`F5`.
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
