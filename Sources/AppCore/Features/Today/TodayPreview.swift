import GuestCraftAPI

/// The head of the saved Today (#34): the first stays of each list as a frame shows them from
/// the top (`TodayFeature.head`) and how many stays each list has — what the start's first frame
/// is drawn from while the whole copy is read.
public struct TodayPreview: Sendable, Equatable {
    public var first: SavedCopy<TodayOverview>
    public var counts: TodayCounts

    public init(first: SavedCopy<TodayOverview>, counts: TodayCounts) {
        self.first = first
        self.counts = counts
    }
}

extension TodayFeature {
    /// The stays of `overview` that its first `lines` stay lines show from the top, list by
    /// list as the screen stacks them (Arrivals, the overdue then Departures, In house): a
    /// frame of at most that many rows drawn from this head is the frame drawn from the whole.
    /// The overdue come in the order Departures shows them (`overdueFirst`), so they keep it.
    public static func head(of overview: TodayOverview, lines: Int) -> TodayOverview {
        var left = lines
        func first(_ stays: [StaySummary]) -> [StaySummary] {
            let taken = Array(stays.prefix(max(0, left)))
            left -= taken.count
            return taken
        }
        let arrivals = first(overview.arrivals)
        let overdue = first(overview.overdueFirst)
        let departures = first(overview.departures)
        let inHouse = first(overview.inHouse)
        return TodayOverview(businessDate: overview.businessDate, timeZone: overview.timeZone, arrivals: arrivals,
                             departures: departures, inHouse: inHouse, overdue: overdue)
    }
}

extension TodaySection.Kind {
    /// How many stays this list has by a head's counts (Departures: the overdue lead it).
    func total(_ counts: TodayCounts) -> Int {
        switch self {
        case .arrivals: counts.arrivals
        case .departures: counts.overdue + counts.departures
        case .inHouse: counts.inHouse
        }
    }
}
